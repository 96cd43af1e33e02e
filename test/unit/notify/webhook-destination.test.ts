import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDestination,
  guardedDispatcher,
  isPublicAddress,
  NO_ALLOWED_DESTINATIONS,
  parseDestinationAllowList,
} from '../../../src/notify/webhook-destination.js';
import { postSigned } from '../../../src/notify/webhook-queue.js';

const none = NO_ALLOWED_DESTINATIONS;
const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const noDns: Resolve = () => Promise.reject(new Error('no DNS in this test'));
const codeOf = async (url: string, allow = none, resolve: Resolve = noDns) =>
  checkDestination(new URL(url), allow, resolve).then(
    () => 'accepted',
    (error: { code?: string; message: string }) => {
      expect(error.message).not.toContain(new URL(url).hostname);
      return error.code;
    },
  );

const octet = fc.integer({ min: 0, max: 255 });

describe('webhook destinations', () => {
  it('refuses loopback, private, link-local and unspecified receivers in every IPv4 and IPv6 notation', async () => {
    for (const url of [
      'http://127.0.0.1:6379/',
      'http://0x7f000001/v1/runs',
      'http://2130706433:8787/',
      'http://017700000001/',
      'http://127.1/',
      'http://0/',
      'http://0.0.0.0:8787/',
      'http://[::1]:8080/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[2002:c0a8:0101::1]/',
      'http://[fe80::1]/',
      'http://[fd00::5]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.20.30.40/',
      'http://172.31.255.1/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
    ])
      expect(await codeOf(url), url).toBe('KYC_ERR_API_CALLBACK_URL');
    expect(await codeOf('https://93.184.216.34/hook')).toBe('accepted');
    expect(await codeOf('https://[2606:4700::1111]/hook')).toBe('accepted');
  });

  it('checks every address a name resolves to, and refuses a name that does not resolve', async () => {
    expect(await codeOf('https://hooks.example/', none, resolvesTo('93.184.216.34'))).toBe('accepted');
    expect(await codeOf('https://hooks.example/', none, resolvesTo('93.184.216.34', '127.0.0.1'))).toBe(
      'KYC_ERR_API_CALLBACK_URL',
    );
    expect(await codeOf('http://localhost:6379/', none, resolvesTo('::1'))).toBe('KYC_ERR_API_CALLBACK_URL');
    expect(await codeOf('https://nowhere.example/')).toBe('KYC_ERR_API_CALLBACK_URL');
  });

  it('classifies any address of a private range as not public, mapped into IPv6 or not', () => {
    const privateV4 = fc.oneof(
      fc.tuple(fc.constant(127), octet, octet, octet),
      fc.tuple(fc.constant(10), octet, octet, octet),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
      fc.tuple(fc.constant(192), fc.constant(168), octet, octet),
      fc.tuple(fc.constant(169), fc.constant(254), octet, octet),
      fc.tuple(fc.constant(0), octet, octet, octet),
    );
    fc.assert(
      fc.property(privateV4, (parts) => {
        const v4 = parts.join('.');
        expect(isPublicAddress(v4)).toBe(false);
        expect(isPublicAddress(`::ffff:${v4}`)).toBe(false);
        const [a = 0, b = 0, c = 0, d = 0] = parts;
        const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
        expect(isPublicAddress(`::ffff:${hex}`)).toBe(false);
        expect(isPublicAddress(`64:ff9b::${hex}`)).toBe(false);
      }),
    );
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('not an address')).toBe(false);
  });

  it('lets the allow-list name a host (any port or one), an address or a network', async () => {
    const allow = parseDestinationAllowList('127.0.0.1:9000, hooks.internal ,10.0.0.0/8,[::1]:7000');
    expect(await codeOf('http://127.0.0.1:9000/hook', allow)).toBe('accepted');
    expect(await codeOf('http://127.0.0.1:9001/hook', allow)).toBe('KYC_ERR_API_CALLBACK_URL');
    expect(await codeOf('https://hooks.internal:8443/x', allow)).toBe('accepted');
    expect(await codeOf('https://erp.corp/x', allow, resolvesTo('10.1.2.3'))).toBe('accepted');
    expect(await codeOf('https://erp.corp/x', allow, resolvesTo('10.1.2.3', '192.168.0.1'))).toBe(
      'KYC_ERR_API_CALLBACK_URL',
    );
    expect(await codeOf('http://[::1]:7000/', allow)).toBe('accepted');
    expect(await codeOf('http://[::1]:7001/', allow)).toBe('KYC_ERR_API_CALLBACK_URL');
    for (const bad of ['http://x.example', 'a/b', '10.0.0.0/33', 'host/path', 'user@host'])
      expect(() => parseDestinationAllowList(bad), bad).toThrow(
        expect.objectContaining({ code: 'KYC_ERR_CONFIG_API_WEBHOOK' }),
      );
  });
});

describe('a delivery through the guarded dispatcher', () => {
  let server: Server;
  let port: number;
  let received = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      received++;
      request.resume();
      response.writeHead(200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = async (url: string, allow = none) => {
    const dispatcher = guardedDispatcher(new URL(url), allow);
    try {
      return await postSigned(
        { url, secret: 's', dispatcher },
        { event: 'run.completed', deliveryId: 'd', body: '{}' },
      );
    } finally {
      await dispatcher.close();
    }
  };

  it('checks the addresses of the connection itself: a name resolving to loopback is never reached', async () => {
    expect(await post(`http://localhost:${port}/hook`)).toEqual({
      status: null,
      error: 'receiver not allowed',
    });
    expect(received).toBe(0);
    const allow = parseDestinationAllowList(`127.0.0.1:${port},[::1]:${port}`);
    expect(await post(`http://localhost:${port}/hook`, allow)).toEqual({ status: 200 });
    expect(received).toBe(1);
  });
});
