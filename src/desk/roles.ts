import { ROLES, type Role } from './types.js';

/**
 * The roles of a token entry's option: a `+`-joined list of admin, analyst and approver
 * (`analyst+approver`). Undefined when the option is not a list of roles (it is another option, or names
 * a role twice or one that does not exist), so that the caller says what the entry's options may be.
 */
export function parseRoles(option: string): Role[] | undefined {
  const parts = option.split('+');
  if (parts.some((p) => !(ROLES as readonly string[]).includes(p))) return undefined;
  if (new Set(parts).size !== parts.length) return undefined;
  return parts as Role[];
}

/**
 * Whether two names are one person to the four-eyes check: compared without regard to case or Unicode
 * form (`alice`, `Alice` and `ALICE` are one person, and may not approve each other's decisions).
 */
export function samePerson(a: string, b: string): boolean {
  const key = (name: string) => name.normalize('NFKC').trim().toLocaleLowerCase('en-US');
  return key(a) === key(b);
}
