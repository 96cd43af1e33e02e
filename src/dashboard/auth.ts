import { createHmac } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { KycError } from '../errors.js';
import { bearerToken, secretMatches } from '../infra/bearer-token.js';

/**
 * The dashboard's one credential: a token (KYC_DASHBOARD_TOKEN or KYC_DASHBOARD_TOKEN_FILE). Required on
 * any address but loopback, where the dashboard shows client counts and job data to whoever reaches it.
 * A request carries it as `Authorization: Bearer <token>` (Prometheus, scripts) or as the cookie (a value derived
 * from the token, HttpOnly, SameSite=Strict) a browser gets from a login link `…/runs?token=<token>` (the link redirects to itself without the token, so it does
 * not stay in the address bar). `/healthz` answers without it: it says "ok" and nothing else.
 */

export const TOKEN_COOKIE = 'kyc_dashboard_token';

/** 127.0.0.0/8, ::1 and localhost: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/u.test(host);
}

/** Refuses a dashboard on a non-loopback address without a token, before it listens. */
export function requireTokenOffLoopback(host: string, token: string | undefined): void {
  if (token === undefined && !isLoopback(host))
    throw new KycError(
      'KYC_ERR_DASHBOARD_TOKEN',
      `--host ${host} is reachable from other machines: set KYC_DASHBOARD_TOKEN or KYC_DASHBOARD_TOKEN_FILE`,
    );
}

/** The shortest token the dashboard takes: `openssl rand -hex 16` and longer. */
export const MIN_TOKEN_LENGTH = 32;

/**
 * Refuses a token that cannot be a random one: shorter than 32 characters, with spaces or control
 * characters, of fewer than 8 distinct characters (`aaaa…`, `abab…`), or one short string repeated.
 * The token is never echoed.
 */
export function requireStrongToken(token: string | undefined): void {
  if (token === undefined) return;
  const why =
    token.length < MIN_TOKEN_LENGTH
      ? `is shorter than ${MIN_TOKEN_LENGTH} characters`
      : // eslint-disable-next-line no-control-regex
        /[\s\u0000-\u001f\u007f]/u.test(token)
        ? 'contains spaces or control characters'
        : new Set(token).size < 8 || /^(.{1,16})\1+$/su.test(token)
          ? 'does not look random (too few distinct characters, or a repeated pattern)'
          : undefined;
  if (why !== undefined)
    throw new KycError(
      'KYC_ERR_DASHBOARD_TOKEN',
      `KYC_DASHBOARD_TOKEN ${why}: use at least ${MIN_TOKEN_LENGTH} random characters (openssl rand -hex 32)`,
    );
}

/** What the cookie holds: derived from the token, so the token itself is not stored in the browser. */
function cookieValue(token: string): string {
  return createHmac('sha256', token).update('kyc-screen dashboard session').digest('hex');
}

/** Hono middleware: every route but /healthz needs the token. */
export function tokenAuth(token: string): MiddlewareHandler {
  const session = cookieValue(token);
  return async (c, next) => {
    if (c.req.path === '/healthz') return next();
    const fromLink = c.req.query('token');
    if (fromLink !== undefined) {
      if (!secretMatches(fromLink, token)) return c.text('invalid token\n', 401);
      setCookie(c, TOKEN_COOKIE, session, { httpOnly: true, sameSite: 'Strict', path: '/' });
      const url = new URL(c.req.url);
      url.searchParams.delete('token');
      return c.redirect(`${url.pathname}${url.search}`, 303);
    }
    if (secretMatches(bearerToken(c.req.header('authorization')), token)) return next();
    if (secretMatches(getCookie(c, TOKEN_COOKIE), session)) return next();
    c.header('WWW-Authenticate', 'Bearer realm="kyc-screen dashboard"');
    return c.text(
      'kyc-screen dashboard: authentication required. Open /runs?token=<KYC_DASHBOARD_TOKEN> once, ' +
        'or send Authorization: Bearer <token>.\n',
      401,
    );
  };
}
