import { describe, expect, it } from 'vitest';
import { loadConfig, publicConfig } from '../../src/config.js';
import { RegistryClient } from '../../src/upstream/client/index.js';

const KEY = '11111111-2222-4333-8444-555555555555';

/**
 * The API key (X-Api-Key) is the only credential the Lookup Service takes, and requests are built from the
 * URL's origin and path: a user, a password, a query or a fragment in KYC_API_URL would be dropped from every
 * request while the manifest showed them as used. They are refused instead.
 */
describe('KYC_API_URL with parts that are never sent', () => {
  it.each([
    ['https://svc:Pw-secret-1@lookup.example/v1', 'a user name and password'],
    ['https://svc@lookup.example/v1', 'a user name and password'],
    ['https://lookup.example/v1?token=Pw-secret-1', 'a query string'],
    ['https://lookup.example/v1?', 'a query string'],
    ['https://lookup.example/v1#Pw-secret-1', 'a fragment'],
  ])('%s is refused with KYC_ERR_CONFIG_API_URL_PARTS (%s), the value never echoed', (url, what) => {
    let error: unknown;
    try {
      loadConfig({ KYC_API_URL: url, KYC_API_KEY: KEY });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'KYC_ERR_CONFIG_API_URL_PARTS' });
    expect(String(error)).toContain(what);
    expect(String(error)).not.toContain('Pw-secret-1');
    expect(String(error)).not.toContain('lookup.example');
  });

  it('is refused by the client too, whatever built its options', () => {
    expect(
      () =>
        new RegistryClient({ baseUrl: 'http://u:Pw-secret-1@127.0.0.1:9', apiKey: KEY, timeoutMs: 1_000 }),
    ).toThrow(expect.objectContaining({ code: 'KYC_ERR_CONFIG_API_URL_PARTS' }) as Error);
  });

  it('a plain URL with a port and a path is taken and shown as given', () => {
    const config = loadConfig({ KYC_API_URL: 'https://lookup.example:8443/reg/v1', KYC_API_KEY: KEY });
    expect(publicConfig(config).apiUrl).toBe('https://lookup.example:8443/reg/v1');
  });
});
