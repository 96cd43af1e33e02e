import { createHash, timingSafeEqual } from 'node:crypto';
import { readSecret } from '../config.js';
import { parseRoles, samePerson } from '../desk/roles.js';
import type { Person, Role } from '../desk/types.js';
import { KycError } from '../errors.js';
import { secretDigest } from '../infra/bearer-token.js';

/**
 * The API's credentials: bearer tokens the server knows only by their sha256, so that its configuration
 * (`KYC_API_TOKENS` or the file named by `KYC_API_TOKENS_FILE`) never holds a usable token. Each entry is
 * `name:sha256hex`, followed by options in any order: the token's roles, `+`-joined (`admin` for a token
 * that sees every run of the API, `analyst` and `approver` at the review desk: `analyst+approver`),
 * `expires=YYYY-MM-DD` for one refused from that day on (00:00 UTC). The name is what a run records as its
 * submitter, and the person the desk records a decision by.
 */
export interface ApiToken {
  readonly name: string;
  readonly sha256: Buffer;
  /** Sees (and deletes) the runs of every token; any other token only the runs it submitted. */
  readonly admin: boolean;
  /** Every role of the entry (admin among them when `admin` is true). */
  readonly roles: readonly Role[];
  /** Refused from this instant on (ms since the epoch); undefined: never. */
  readonly expiresAt?: number;
}

const NAME = /^[A-Za-z0-9_.@-]{1,64}$/u;
const SHA256_HEX = /^[0-9a-f]{64}$/iu;
/** sha256 of the empty string: the hash of no token at all. */
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');
const FORM = 'name:sha256hex[:admin+analyst+approver][:expires=YYYY-MM-DD]';

/** `YYYY-MM-DD` as 00:00 UTC of that day, or undefined when it is not a date of the calendar. */
function dayOf(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/u.test(text)) return undefined;
  const at = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== text ? undefined : at;
}

/** One entry, or why it is not one (never quoting it: a token pasted instead of its hash would be logged). */
function parseEntry(entry: string): ApiToken | string {
  const [name = '', hex = '', ...options] = entry.split(':');
  if (!NAME.test(name)) return `has no valid name (letters, digits, _ . @ -; at most 64) before its hash`;
  if (!SHA256_HEX.test(hex)) return 'has no sha256 in hex (64 characters) after its name';
  if (hex.toLowerCase() === EMPTY_SHA256) return 'has the sha256 of an empty token';
  let roles: Role[] | undefined;
  let expiresAt: number | undefined;
  for (const option of options) {
    const listed = roles === undefined ? parseRoles(option) : undefined;
    if (listed) roles = listed;
    else if (option.startsWith('expires=') && expiresAt === undefined) {
      expiresAt = dayOf(option.slice('expires='.length));
      if (expiresAt === undefined) return 'has an expiry that is not a date YYYY-MM-DD';
    } else
      return 'has an option other than roles (admin, analyst, approver joined by +) or expires=YYYY-MM-DD (or one twice)';
  }
  return {
    name,
    sha256: Buffer.from(hex, 'hex'),
    admin: roles?.includes('admin') === true,
    roles: roles ?? [],
    ...(expiresAt === undefined ? {} : { expiresAt }),
  };
}

/**
 * Entries separated by commas or lines; blank lines and `#` comments are skipped. A malformed entry is
 * refused naming its line (and its place on the line), never its text.
 */
export function parseApiTokens(text: string): ApiToken[] {
  const tokens: ApiToken[] = [];
  const lines = text.split('\n');
  for (const [lineIndex, line] of lines.entries()) {
    if (line.trim().startsWith('#')) continue;
    const entries = line
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    for (const [entryIndex, entry] of entries.entries()) {
      const where =
        lines.length > 1
          ? `line ${lineIndex + 1}${entries.length > 1 ? `, entry ${entryIndex + 1}` : ''}`
          : `entry ${entryIndex + 1}`;
      const token = parseEntry(entry);
      if (typeof token === 'string')
        throw new KycError('KYC_ERR_API_TOKENS', `${where} ${token}: the form is ${FORM}`);
      // The desk's four eyes tell people apart by name: `alice` and `Alice` would be two of them.
      const same = tokens.find((other) => samePerson(other.name, token.name));
      if (same)
        throw new KycError(
          'KYC_ERR_API_TOKENS',
          same.name === token.name
            ? `${where}: the name ${token.name} is listed twice`
            : `${where}: the name ${token.name} differs from ${same.name} only in case: names are one person whatever their case`,
        );
      if (tokens.some((other) => other.sha256.equals(token.sha256)))
        throw new KycError('KYC_ERR_API_TOKENS', `${where}: the same hash is listed under another name`);
      tokens.push(token);
    }
  }
  if (tokens.length === 0) throw new KycError('KYC_ERR_API_TOKENS', 'no token is listed');
  return tokens;
}

/** The tokens of the environment; none configured refuses to start, so the API is never open. */
export function loadApiTokens(env: NodeJS.ProcessEnv): ApiToken[] {
  const text = readSecret(env, 'KYC_API_TOKENS');
  if (text === undefined) throw new KycError('KYC_ERR_API_TOKENS', 'neither is set');
  return parseApiTokens(text);
}

/**
 * The token presented, or undefined. Every entry is compared, in constant time, whichever
 * matches: how long the answer takes says nothing about which hash came close.
 */
export function tokenOf(tokens: readonly ApiToken[], presented: string): ApiToken | undefined {
  const digest = secretDigest(presented);
  let found: ApiToken | undefined;
  for (const token of tokens) if (timingSafeEqual(digest, token.sha256) && found === undefined) found = token;
  return found;
}

/** The name of the token presented, or undefined. */
export function tokenName(tokens: readonly ApiToken[], presented: string): string | undefined {
  return tokenOf(tokens, presented)?.name;
}

/** Tokens expired or expiring within `days`, by name: what `serve` warns of at start. */
export function expiringTokens(
  tokens: readonly ApiToken[],
  now = Date.now(),
  days = 14,
): { expired: string[]; soon: string[] } {
  const horizon = now + days * 86_400_000;
  const dated = tokens.filter((t) => t.expiresAt !== undefined);
  return {
    expired: dated.filter((t) => (t.expiresAt ?? 0) <= now).map((t) => t.name),
    soon: dated.filter((t) => (t.expiresAt ?? 0) > now && (t.expiresAt ?? 0) <= horizon).map((t) => t.name),
  };
}

/**
 * The desk person a name names among the tokens (whatever its case), with the entry's own spelling and
 * roles; undefined when no entry has the name or it has no desk role. An expired entry is nobody.
 */
export function deskPersonNamed(
  tokens: readonly ApiToken[],
  name: string,
  now = Date.now(),
): Person | undefined {
  const found = tokens.find((t) => samePerson(t.name, name));
  if (!found || found.roles.length === 0) return undefined;
  if (found.expiresAt !== undefined && now >= found.expiresAt) return undefined;
  return { name: found.name, roles: found.roles };
}
