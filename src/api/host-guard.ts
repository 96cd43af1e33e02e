import { createHash } from 'node:crypto';
import { networkInterfaces, hostname as osHostname } from 'node:os';
import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { KycError } from '../errors.js';

/**
 * DNS rebinding: a page on `evil.example` whose name is made to resolve to 127.0.0.1 reaches a server
 * bound there from the victim's browser, as a page of its own origin. The server then sees
 * `Host: evil.example`. A request is answered only when its Host names the address the server is bound to,
 * a loopback name when it is bound to loopback, or a public name the operator configured
 * (KYC_DASHBOARD_HOSTS, KYC_API_HOSTS); a request that changes anything (not GET or HEAD) from a browser
 * must also come from such an origin.
 */
export interface HostPolicy {
  /** The address the server listens on (`--host`). */
  readonly bound: string;
  /** Public names it is reached under (behind a proxy, a Compose service name), lower case. */
  readonly names: readonly string[];
}

const unbracket = (host: string) => host.replace(/^\[(.*)\]$/u, '$1').toLowerCase();

function isLoopbackHost(host: string): boolean {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/u.test(host)
  );
}

const isWildcard = (address: string) => address === '0.0.0.0' || address === '::' || address === '';

/**
 * The addresses of this machine's interfaces, lower case, without an IPv6 zone: on `0.0.0.0` or `::` the
 * server is reached under one of them, never under any address a client cares to name (the links of a run
 * and its signed webhooks are built from the Host when KYC_API_PUBLIC_URL is unset). Read at each check:
 * an interface may come up after the start.
 */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces()))
    for (const entry of list ?? []) own.add(entry.address.replace(/%.*$/u, '').toLowerCase());
  return own;
}

/** The host name of a Host header or an origin's host (`name[:port]`, `[v6]:port`), lower case. */
function hostnameOf(hostAndPort: string): string | undefined {
  try {
    const url = new URL(`http://${hostAndPort}`);
    if (url.username || url.pathname !== '/' || url.search) return undefined;
    return unbracket(url.hostname);
  } catch {
    return undefined;
  }
}

/** Whether a host name may be answered under this policy (the port is not compared: proxies remap it). */
export function hostAllowed(host: string, policy: HostPolicy): boolean {
  const bound = unbracket(policy.bound);
  if (policy.names.includes(host)) return true;
  if (isWildcard(bound))
    return (
      isLoopbackHost(host) ||
      host === osHostname().toLowerCase() ||
      (isIP(host) !== 0 && ownAddresses().has(host))
    );
  if (isLoopbackHost(bound)) return isLoopbackHost(host);
  return host === bound;
}

/** `KYC_DASHBOARD_HOSTS` / `KYC_API_HOSTS`: comma-separated host names, any port. */
export function parseHostNames(text: string | undefined, setting: string): string[] {
  const names = (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return names.map((name, index) => {
    const host = hostnameOf(name);
    if (host === undefined || name.includes('/'))
      throw new KycError('KYC_ERR_CONFIG_INVALID', `${setting} entry ${index + 1} is not a host name`);
    return host;
  });
}

export type HostRefusal = 'host' | 'origin';

/**
 * Refuses (through `refuse`) a request whose Host is not allowed, or an unsafe one whose Origin is not;
 * a request without Origin (not from a browser) is not refused for that.
 */
export function hostGuard(
  policy: HostPolicy,
  refuse: (what: HostRefusal) => Response | Promise<Response>,
): MiddlewareHandler {
  return async (c, next) => {
    const host = hostnameOf(c.req.header('host') ?? '');
    if (host === undefined || !hostAllowed(host, policy)) return refuse('host');
    const origin = c.req.header('origin');
    if (origin !== undefined && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      let originHost: string | undefined;
      try {
        const url = new URL(origin);
        originHost =
          url.protocol === 'http:' || url.protocol === 'https:' ? unbracket(url.hostname) : undefined;
      } catch {
        originHost = undefined;
      }
      if (originHost === undefined || !hostAllowed(originHost, policy)) return refuse('origin');
    }
    await next();
  };
}

/** The headers every answer carries: no framing, no content sniffing, no referrer, and its CSP. */
export function securityHeaders(csp: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('content-security-policy')) c.res.headers.set('content-security-policy', csp);
    c.res.headers.set('x-content-type-options', 'nosniff');
    // A page with forms sets `same-origin`: under `no-referrer` a browser sends `Origin: null` on its POSTs.
    if (!c.res.headers.has('referrer-policy')) c.res.headers.set('referrer-policy', 'no-referrer');
    c.res.headers.set('x-frame-options', 'DENY');
  };
}

/** The CSP source of each inline `<script>` of a page: the page may run those and nothing inline else. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/gu)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}
