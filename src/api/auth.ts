import type { MiddlewareHandler } from 'hono';
import type { Role } from '../desk/types.js';
import { KycError } from '../errors.js';
import { tokenOf, type ApiToken } from './tokens.js';

/**
 * The submitter a request was authenticated as (the name of its token), whether it sees every run, and its
 * roles at the review desk.
 */
export type AuthVariables = { submitter: string; admin: boolean; roles: readonly Role[] };

/** `Authorization: Bearer <token>` on every route it guards; no token, an unknown or an expired one is 401. */
export function bearerAuth(tokens: readonly ApiToken[]): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer[ ]+(\S+)\s*$/iu.exec(header);
    const token = match?.[1] === undefined ? undefined : tokenOf(tokens, match[1]);
    if (token === undefined) {
      c.header('WWW-Authenticate', 'Bearer realm="kyc-screen"');
      throw new KycError(
        'KYC_ERR_API_UNAUTHORIZED',
        header === '' ? 'no Authorization header' : 'unknown token',
      );
    }
    if (token.expiresAt !== undefined && Date.now() >= token.expiresAt) {
      c.header('WWW-Authenticate', 'Bearer realm="kyc-screen", error="invalid_token"');
      // The name is the operator's label, not a secret: it tells the client which token to renew.
      throw new KycError('KYC_ERR_API_TOKEN_EXPIRED', `the token ${token.name} has expired`);
    }
    c.set('submitter', token.name);
    c.set('admin', token.admin);
    c.set('roles', token.roles);
    await next();
  };
}
