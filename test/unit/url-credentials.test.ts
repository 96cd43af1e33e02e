import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig, logSecrets, maskUrlCredentials, publicConfig } from '../../src/config.js';

const KEY = '11111111-2222-4333-8444-555555555555';

describe('credentials inside URLs', () => {
  it('are masked whole, a password containing @ or : included', () => {
    expect(maskUrlCredentials('http://user:secret@host:8080/api')).toBe('http://***@host:8080/api');
    expect(maskUrlCredentials('https://user:p@ss:w0rd@host/')).toBe('https://***@host/');
    expect(maskUrlCredentials('redis://:pw@10.0.0.1:6379/0')).toBe('redis://***@10.0.0.1:6379/0');
    expect(maskUrlCredentials('http://host:8080/a@b')).toBe('http://host:8080/a@b');
    expect(maskUrlCredentials('failed: http://u:s@h1 and redis://u:t@h2')).toBe(
      'failed: http://***@h1 and redis://***@h2',
    );
  });

  it('never leave a password in the masked text (property)', () => {
    const part = fc.string({ minLength: 3, maxLength: 20 }).filter((s) => !/[/?#\s]/.test(s));
    fc.assert(
      fc.property(part, part, (user, password) => {
        const url = `http://${encodeURIComponent(user)}:${password}@api.example:443/v1`;
        const masked = maskUrlCredentials(url);
        expect(masked).toBe('http://***@api.example:443/v1');
      }),
    );
  });

  it('are masked in the public config and kept out of every log line', () => {
    // KYC_API_URL takes none (test/unit/registry-url-parts.test.ts): REDIS_URL and the webhook's do.
    const config = loadConfig({
      KYC_API_URL: 'https://lookup.example/v1',
      KYC_API_KEY: KEY,
      REDIS_URL: 'redis://default:Redis%40Secret@redis:6379',
      KYC_WEBHOOK_URL: 'https://hook:HookSecret@hooks.example/kyc',
      KYC_WEBHOOK_SECRET: 'signing-secret',
    });
    const shown = JSON.stringify(publicConfig(config));
    // The passwords themselves (a setting's name, answersSecret, may say "Secret").
    for (const secret of ['Redis%40Secret', 'Redis@Secret', 'HookSecret'])
      expect(shown).not.toContain(secret);
    expect(shown).toContain('redis://***@redis:6379');
    expect(logSecrets(config)).toEqual(
      expect.arrayContaining([KEY, 'Redis%40Secret', 'Redis@Secret', 'HookSecret']),
    );
  });
});
