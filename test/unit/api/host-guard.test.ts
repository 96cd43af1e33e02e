import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hostAllowed } from '../../../src/api/host-guard.js';

/**
 * On `--host 0.0.0.0` (or `::`) the Host a request may name (docs/api.md, "Host, Origin and security
 * headers"): loopback, the machine's name and the addresses of its own interfaces, or a configured name;
 * never any address a client makes up, since the links of its run (and of the run's signed webhooks) are
 * built from that Host when KYC_API_PUBLIC_URL is unset.
 */
const own = Object.values(networkInterfaces())
  .flatMap((list) => list ?? [])
  .map((entry) => entry.address.replace(/%.*$/u, '').toLowerCase());

describe('the Host a server on every address answers', () => {
  for (const bound of ['0.0.0.0', '::']) {
    it(`on ${bound}: refuses an address of another machine, answers its own and the configured names`, () => {
      const policy = { bound, names: ['kyc.bank.example', '198.51.100.9'] };
      for (const foreign of ['203.0.113.7', '8.8.8.8', '2001:db8::1', '10.255.255.254'].filter(
        (address) => !own.includes(address),
      ))
        expect(hostAllowed(foreign, policy), foreign).toBe(false);
      expect(own.length).toBeGreaterThan(0);
      for (const address of own) expect(hostAllowed(address, policy), address).toBe(true);
      for (const name of ['127.0.0.1', 'localhost', '::1', 'kyc.bank.example', '198.51.100.9'])
        expect(hostAllowed(name, policy), name).toBe(true);
      expect(hostAllowed('evil.example', policy)).toBe(false);
    });
  }
});
