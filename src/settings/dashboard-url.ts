import { KycError } from '../errors.js';

/**
 * `KYC_DASHBOARD_URL`: the base URL people reach the dashboard at (a proxy's name, possibly with a path
 * prefix), without the trailing slash; undefined when unset. The run report links each alert to the desk's
 * page under it; without it the report names the alert and links nowhere (a file opened from disk cannot
 * resolve a path).
 */
export function parseDashboardUrl(text: string | undefined): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const bad = () =>
    new KycError(
      'KYC_ERR_CONFIG_INVALID',
      'KYC_DASHBOARD_URL is not an absolute http(s) URL of a scheme, host, port and path only',
    );
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw bad();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') throw bad();
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') throw bad();
  return `${url.origin}${url.pathname.replace(/\/+$/u, '')}`;
}

export function dashboardUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  return parseDashboardUrl(env.KYC_DASHBOARD_URL);
}
