import { KycError } from '../errors.js';
import type { RunLinks } from '../notify/run-event.js';
import { runLinks } from './run-view.js';

/**
 * `KYC_API_PUBLIC_URL`: the base URL clients reach the API at (a proxy's name, possibly with a path prefix),
 * without the trailing slash; undefined when unset. It names the document's `servers` and is the base of every
 * link the API gives (answers and webhooks): a client or a receiver behind a proxy follows them as they are.
 */
export function parsePublicUrl(text: string | undefined): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new KycError('KYC_ERR_CONFIG_INVALID', 'KYC_API_PUBLIC_URL is not an absolute http(s) URL');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '')
    throw new KycError('KYC_ERR_CONFIG_INVALID', 'KYC_API_PUBLIC_URL is not an absolute http(s) URL');
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
    throw new KycError(
      'KYC_ERR_CONFIG_INVALID',
      'KYC_API_PUBLIC_URL takes a scheme, host, port and path only (no query, fragment or credentials)',
    );
  return `${url.origin}${url.pathname.replace(/\/+$/u, '')}`;
}

/** A run's links under a base URL: what a webhook receiver can follow as it is. */
export function absoluteRunLinks(base: string, id: string): RunLinks {
  return runLinks(id, base);
}

/**
 * The base of the links an answer gives: the public URL when one is configured, else the origin the request
 * was made to (its Host already checked by the host guard: the bound address or a name of KYC_API_HOSTS).
 */
export function requestBase(publicUrl: string | undefined, requestUrl: string): string {
  return publicUrl ?? new URL(requestUrl).origin;
}

/** The base URL of the address listened on, as a client on this machine reaches it (`0.0.0.0` → loopback). */
export function listeningBase(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
