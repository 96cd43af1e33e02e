import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The one reading of `Authorization: Bearer <token>` for every HTTP surface (the API's tokens,
 * src/api/auth.ts; the dashboard's, src/dashboard/auth.ts): the scheme in any case, spaces, one token
 * (RFC 6750). Anything else (another scheme, two words, no header) is no token.
 */
export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer[ ]+(\S+)\s*$/iu.exec(header ?? '')?.[1];
}

/** The sha256 of a secret, what a constant-time comparison compares: equal lengths, whatever was given. */
export function secretDigest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Constant-time: both sides are hashed first, so neither the length nor a prefix of the secret leaks. */
export function secretMatches(given: string | undefined, secret: string): boolean {
  if (given === undefined) return false;
  return timingSafeEqual(secretDigest(given), secretDigest(secret));
}
