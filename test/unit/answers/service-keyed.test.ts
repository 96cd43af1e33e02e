import { describe, expect, it } from 'vitest';
import { requestMac } from '../../../src/answers/answer-key.js';
import { answerStoreSettings } from '../../../src/answers/secret.js';
import { serviceIdentity } from '../../../src/settings/service-identity.js';

const config = { answersSecret: 'a-shared-deployment-secret', stateDir: '/nonexistent' };
const request = { operation: 'search.sanctions', params: { q: 'Иванов' } };
const url = 'https://lookup.example/v1';

function storedUnder(apiUrl: string, apiKey: string): string {
  const service = serviceIdentity({ apiUrl, usingEmulator: false, apiKey });
  const settings = answerStoreSettings(config, service);
  return requestMac(settings.secret, { ...request, upstream: settings.upstream });
}

describe('the answer store is keyed by the service identity', () => {
  it('keeps the answers of two API keys of one URL apart', () => {
    expect(storedUnder(url, 'sandbox-key-0001')).not.toBe(storedUnder(url, 'production-key-02'));
  });

  it('keeps the answers of two URLs with one key apart, and one service’s answers together', () => {
    expect(storedUnder(url, 'k-1234567890')).not.toBe(
      storedUnder('https://staging.example/v1', 'k-1234567890'),
    );
    // The same service written two ways (credentials, trailing slash) is one service.
    expect(storedUnder('https://u:p@lookup.example/v1/', 'k-1234567890')).toBe(
      storedUnder(url, 'k-1234567890'),
    );
  });

  it('never carries the key in the identity', () => {
    const key = 'a-secret-api-key-value';
    const service = serviceIdentity({ apiUrl: url, usingEmulator: false, apiKey: key });
    expect(JSON.stringify(service)).not.toContain(key);
    expect(service.keyFingerprint).toMatch(/^[0-9a-f]{8}$/u);
    expect(service.id).toMatch(/^[0-9a-f]{12}$/u);
  });
});
