import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { KycError } from '../errors.js';

/**
 * Where a `callback_url` may point. A token holder must not be able to make the server POST to itself, to
 * its Redis or to anything else only it can reach (and read back from the delivery log what each port
 * answered): loopback, private, link-local, unspecified and other non-public addresses are refused, after
 * the name is resolved, unless the operator's allow-list (`KYC_API_WEBHOOK_ALLOW`) names them. The same
 * check runs again at every delivery, on the addresses the connection actually uses.
 */

const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: the IPv4 inside is obfuscated, so none is trusted
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 included), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/%.*$/u, '');
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/u.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail, ...rest] = text.split('::');
  if (rest.length > 0) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const fill = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array<number>(Math.max(0, fill)).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : undefined;
}

const dotted = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 address an IPv6 one carries and would reach: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d),
 * NAT64 (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::).
 */
function embeddedIpv4(groups: readonly number[]): string | undefined {
  const at = (i: number) => groups[i] ?? 0;
  const zero = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zero(0, 5) && (at(5) === 0xffff || at(5) === 0)) return dotted(at(6), at(7));
  if (at(0) === 0x64 && at(1) === 0xff9b && zero(2, 6)) return dotted(at(6), at(7));
  if (at(0) === 0x2002) return dotted(at(1), at(2));
  return undefined;
}

/** A public unicast address: none of loopback, private, link-local, unspecified, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const inner = embeddedIpv4(groups);
  if (inner !== undefined && !isPublicAddress(inner)) return false;
  return !NOT_PUBLIC.check(address.replace(/%.*$/u, ''), 'ipv6');
}

/** One entry of the allow-list: a host (name or address, any port or one), or a network of addresses. */
type AllowEntry =
  | { readonly kind: 'host'; readonly host: string; readonly port: number | undefined }
  | { readonly kind: 'net'; readonly net: BlockList };

export interface DestinationAllowList {
  readonly entries: readonly AllowEntry[];
}

export const NO_ALLOWED_DESTINATIONS: DestinationAllowList = { entries: [] };

const unbracket = (host: string) => host.replace(/^\[(.*)\]$/u, '$1');

/**
 * `KYC_API_WEBHOOK_ALLOW`: comma-separated `host`, `host:port`, `[ipv6]:port` or `address/bits` entries. A
 * bad entry refuses the start (its position named, not its text).
 */
export function parseDestinationAllowList(text: string | undefined): DestinationAllowList {
  const entries: AllowEntry[] = [];
  const items = (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  for (const [index, item] of items.entries()) {
    const bad = () =>
      new KycError(
        'KYC_ERR_CONFIG_API_WEBHOOK',
        `KYC_API_WEBHOOK_ALLOW entry ${index + 1} is not host, host:port or address/bits`,
      );
    const cidr = /^([^/]+)\/(\d{1,3})$/u.exec(item);
    if (cidr) {
      const [, base = '', bitsText = ''] = cidr;
      const family = isIP(base);
      const bits = Number(bitsText);
      if (family === 0 || bits > (family === 4 ? 32 : 128)) throw bad();
      const net = new BlockList();
      net.addSubnet(base, bits, family === 4 ? 'ipv4' : 'ipv6');
      entries.push({ kind: 'net', net });
      continue;
    }
    let url: URL;
    try {
      url = new URL(`http://${item}`);
    } catch {
      throw bad();
    }
    if (url.pathname !== '/' || url.search || url.username || url.hostname === '') throw bad();
    entries.push({ kind: 'host', host: url.hostname, port: url.port === '' ? undefined : Number(url.port) });
  }
  return { entries };
}

const portOf = (url: URL) => (url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

function allowsHost(allow: DestinationAllowList, host: string, port: number): boolean {
  return allow.entries.some(
    (e) => e.kind === 'host' && e.host === host && (e.port === undefined || e.port === port),
  );
}

/** An address as the allow-list writes hosts: IPv6 in brackets, in the URL parser's own form. */
function hostOfAddress(address: string): string {
  if (isIP(address) !== 6) return address;
  try {
    return new URL(`http://[${address}]`).hostname;
  } catch {
    return address;
  }
}

function allowsAddress(allow: DestinationAllowList, address: string, port: number): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return (
    allowsHost(allow, hostOfAddress(address), port) ||
    allow.entries.some((e) => e.kind === 'net' && e.net.check(address, family))
  );
}

function refused(): KycError {
  return new KycError(
    'KYC_ERR_API_CALLBACK_URL',
    'callback_url must reach a public address: it names or resolves to a loopback, private, link-local or ' +
      'unspecified one, or does not resolve (the operator may allow a receiver in KYC_API_WEBHOOK_ALLOW)',
  );
}

type Resolve = (host: string) => Promise<LookupAddress[]>;

const resolveAll: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * Refuses (KYC_ERR_API_CALLBACK_URL, the URL not echoed) a receiver that is, or resolves to, an address
 * that is not public and not allowed. Every address of the name must pass: the connection may use any.
 */
export async function checkDestination(
  url: URL,
  allow: DestinationAllowList,
  resolve: Resolve = resolveAll,
): Promise<void> {
  const port = portOf(url);
  if (allowsHost(allow, url.hostname, port)) return;
  const literal = unbracket(url.hostname);
  let addresses: string[];
  if (isIP(literal) !== 0) addresses = [literal];
  else {
    try {
      addresses = (await resolve(url.hostname)).map((a) => a.address);
    } catch {
      throw refused();
    }
  }
  if (addresses.length === 0) throw refused();
  for (const address of addresses)
    if (!isPublicAddress(address) && !allowsAddress(allow, address, port)) throw refused();
}

/**
 * A connection pool for one delivery to `url` that checks the addresses of each connection it opens, so
 * that a name answering a public address to the check and a private one to the connection (DNS
 * rebinding) still never reaches the private one. Close it after the delivery.
 */
export function guardedDispatcher(url: URL, allow: DestinationAllowList): Dispatcher {
  const port = portOf(url);
  if (allowsHost(allow, url.hostname, port)) return new Agent();
  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const bad = addresses.find(
        (a) => !isPublicAddress(a.address) && !allowsAddress(allow, a.address, port),
      );
      if (bad || addresses.length === 0) return callback(refused(), '', 0);
      if (options.all) return (callback as (e: null, all: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      return callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
  return new Agent({ connect: { lookup } });
}
