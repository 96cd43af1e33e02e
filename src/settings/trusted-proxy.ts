import { KycError } from '../errors.js';

/**
 * `KYC_TRUSTED_PROXY`: `1` (or `true`) when the dashboard is reached only through a TLS-terminating
 * reverse proxy that sets `X-Forwarded-Proto`; the desk's session cookie is then `Secure` when the proxy
 * says `https`. Unset, `0` or `false`: the header is ignored (a client could send it itself).
 */
export function trustedProxyOf(env: NodeJS.ProcessEnv): boolean {
  const text = (env.KYC_TRUSTED_PROXY ?? '').trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return true;
  throw new KycError('KYC_ERR_CONFIG_INVALID', 'KYC_TRUSTED_PROXY is 1, true, 0 or false');
}
