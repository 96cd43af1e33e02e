import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskUrlCredentials } from '../../../src/config.js';
import { awaitRedis, connectRedis } from '../../../src/infra/redis-connection.js';

/** A refused connection (port 1 on loopback) answers at once: the error is the one a command prints. */
async function connectError(url: string): Promise<string> {
  const redis = connectRedis(url);
  try {
    await awaitRedis(redis, url, () => undefined, 300);
    return 'connected';
  } catch (error) {
    return String(error);
  } finally {
    redis.disconnect();
  }
}

describe('KYC_ERR_REDIS_CONNECT', () => {
  it.each([
    ['redis://127.0.0.1:1/?password=Qz9-query-secret', 'Qz9-query-secret'],
    ['redis://127.0.0.1:1/0?db=0&password=Qz9-query-secret', 'Qz9-query-secret'],
    ['redis://:Qz9-user-secret@127.0.0.1:1', 'Qz9-user-secret'],
    ['redis://default:Qz9-user-secret@127.0.0.1:1/?password=Qz9-query-secret', 'Qz9-'],
  ])('names the host of %s and none of its password', async (url, secret) => {
    const error = await connectError(url);
    expect(error).toMatch(/^KYC_ERR_REDIS_CONNECT: .*127\.0\.0\.1:1/);
    expect(error).not.toContain(secret);
  });
});

describe('masking a URL', () => {
  it('masks every query value and keeps the names', () => {
    expect(maskUrlCredentials('redis://h:6379/?password=pw&db=2')).toBe(
      'redis://h:6379/?password=***&db=***',
    );
    expect(maskUrlCredentials('failed: https://api.example/v1?token=abc#frag, then')).toBe(
      'failed: https://api.example/v1?token=***#frag, then',
    );
    expect(maskUrlCredentials('a plain sentence? no URL=here')).toBe('a plain sentence? no URL=here');
  });

  it('leaves no query value or password in the text (property)', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9%._~-]{6,20}$/);
    fc.assert(
      fc.property(secret, secret, fc.constantFrom('password', 'pass', 'token', 'x'), (user, value, name) => {
        const url = `redis://u:${user}@cache.internal:6379/0?${name}=${value}&db=1`;
        const masked = maskUrlCredentials(`connect ${url} refused`);
        expect(masked).toBe(`connect redis://***@cache.internal:6379/0?${name}=***&db=*** refused`);
      }),
    );
  });
});
