import { KycError } from '../errors.js';

/** The schemes of REDIS_URL: plain, TLS, Cluster and Sentinel (src/infra/redis-connection.ts reads the rest). */
export const REDIS_URL_PATTERN = /^(rediss?|rediss?\+cluster|rediss?\+sentinel):\/\//;

/**
 * Parts of a base URL that no request would carry: requests are built from its origin and path, and the API
 * key header is the only credential the service takes. Given anyway they would be dropped while the
 * manifest showed the URL as used, so they are refused (KYC_ERR_CONFIG_API_URL_PARTS) without echoing the
 * value, which may hold a secret.
 */
export function checkBaseUrlParts(url: string, name = 'KYC_API_URL'): void {
  const parts: string[] = [];
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]*@/iu.test(url)) parts.push('a user name and password');
  if (url.includes('?')) parts.push('a query string');
  if (url.includes('#')) parts.push('a fragment');
  if (parts.length > 0)
    throw new KycError('KYC_ERR_CONFIG_API_URL_PARTS', `${name} has ${parts.join(' and ')}`);
}
