/**
 * What must never reach a log line: the API key and clients' personal data. Paths are pino redact paths;
 * the key is also scrubbed from free text because it can hide inside error messages and URLs.
 */
export const REDACTED = '[redacted]';

/** Personal fields by the names used in the domain, the registers and the HTTP layer. */
export const PERSONAL_FIELDS = [
  'name',
  'fullName',
  'nameParts',
  'fio',
  'surname',
  'given',
  'patronymic',
  'birthDate',
  'birth_date',
  'inn',
  'snils',
  'ogrnip',
  'address',
  'email',
  'card',
  'ownerName',
  'owner_full_name',
  'params',
  'query',
  'client',
  'cells',
] as const;

const SECRET_FIELDS = ['apiKey', 'api_key', 'x-api-key', 'X-Api-Key', 'authorization'] as const;

/** Redact paths at the top level and one level down (pino's wildcard covers one level). */
export function redactPaths(): string[] {
  const paths: string[] = [];
  for (const field of [...SECRET_FIELDS, ...PERSONAL_FIELDS]) {
    const key = /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
    const sep = key.startsWith('[') ? '' : '.';
    paths.push(key, `*${sep}${key}`);
  }
  paths.push('headers["x-api-key"]', 'req.headers["x-api-key"]', '*.headers["x-api-key"]');
  return paths;
}

/** Replaces every occurrence of each secret in `text`. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  }
  return out;
}
