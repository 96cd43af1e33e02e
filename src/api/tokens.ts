import { createHash, timingSafeEqual } from 'node:crypto';
import { readSecret } from '../config.js';
import { KycError } from '../errors.js';

/**
 * The API's credentials: bearer tokens the server knows only by their sha256, so that its configuration
 * (`KYC_API_TOKENS` or the file named by `KYC_API_TOKENS_FILE`) never holds a usable token. Each entry is
 * `name:sha256hex`, or `name:sha256hex:admin` for a token that sees every run of the API; the name is what a
 * run records as its submitter.
 */
export interface ApiToken {
  readonly name: string;
  readonly sha256: Buffer;
  /** Sees (and deletes) the runs of every token; any other token only the runs it submitted. */
  readonly admin: boolean;
}

const NAME = /^[A-Za-z0-9_.@-]{1,64}$/u;
const SHA256_HEX = /^[0-9a-f]{64}$/iu;

/** Entries separated by commas or lines; blank lines and `#` comments are skipped. */
export function parseApiTokens(text: string): ApiToken[] {
  const tokens: ApiToken[] = [];
  const lines = text
    .split(/[,\n]/u)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  for (const [index, line] of lines.entries()) {
    const [name = '', hex = '', mark, ...rest] = line.split(':');
    // The entry itself is never echoed: a token pasted instead of its hash would land in a log.
    if (
      !NAME.test(name) ||
      !SHA256_HEX.test(hex) ||
      (mark !== undefined && mark !== 'admin') ||
      rest.length > 0
    )
      throw new KycError('KYC_ERR_API_TOKENS', `entry ${index + 1} is not name:sha256hex[:admin]`);
    if (tokens.some((token) => token.name === name))
      throw new KycError('KYC_ERR_API_TOKENS', `the name ${name} is listed twice`);
    tokens.push({ name, sha256: Buffer.from(hex, 'hex'), admin: mark === 'admin' });
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
  const digest = createHash('sha256').update(presented, 'utf8').digest();
  let found: ApiToken | undefined;
  for (const token of tokens) if (timingSafeEqual(digest, token.sha256) && found === undefined) found = token;
  return found;
}

/** The name of the token presented, or undefined. */
export function tokenName(tokens: readonly ApiToken[], presented: string): string | undefined {
  return tokenOf(tokens, presented)?.name;
}
