import type { MiddlewareHandler } from 'hono';
import { KycError } from '../errors.js';
import { tokenName, type ApiToken } from './tokens.js';

/** The submitter a request was authenticated as: the name of its token. */
export type AuthVariables = { submitter: string };

/** `Authorization: Bearer <token>` on every route it guards; no token or an unknown one is 401. */
export function bearerAuth(tokens: readonly ApiToken[]): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer[ ]+(\S+)\s*$/iu.exec(header);
    const name = match?.[1] === undefined ? undefined : tokenName(tokens, match[1]);
    if (name === undefined) {
      c.header('WWW-Authenticate', 'Bearer realm="kyc-screen"');
      throw new KycError(
        'KYC_ERR_API_UNAUTHORIZED',
        header === '' ? 'no Authorization header' : 'unknown token',
      );
    }
    c.set('submitter', name);
    await next();
  };
}
