import { lstatSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedRedis, type EmbeddedRedis } from '../../../src/infra/embedded-redis.js';

/**
 * The embedded Redis of a state directory asks for a password (made once per directory, 0600): another
 * local user who finds its port reads nothing, and the password is never on a command line.
 */
describe('the embedded Redis password', () => {
  let redis: EmbeddedRedis | undefined;
  afterAll(async () => {
    await redis?.stop();
  });

  it('refuses a client without it, serves the processes of the directory, and stays off the command line', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'kyc-redis-pw-')), 'redis');
    redis = await startEmbeddedRedis({ dir, persist: true });
    const stranger = new Redis({
      port: redis.port,
      host: '127.0.0.1',
      enableReadyCheck: false,
      maxRetriesPerRequest: 0,
    });
    stranger.on('error', () => undefined);
    await expect(stranger.xrange('{kyc}:checks:events', '-', '+')).rejects.toThrow(/NOAUTH/);
    stranger.disconnect();

    const file = join(dir, 'password');
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password).toMatch(/^[0-9a-f]{64}$/);
    const own = new Redis(redis.url, { maxRetriesPerRequest: 0 });
    expect(await own.ping()).toBe('PONG');
    await own.quit();

    // A second process of the directory joins the same server with the same password.
    const joined = await startEmbeddedRedis({ dir, persist: true });
    expect(joined.adopted).toBe(true);
    expect(joined.url).toBe(redis.url);
    await joined.stop();

    const { pid } = JSON.parse(readFileSync(join(dir, 'redis.json'), 'utf8')) as { pid: number };
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).not.toContain(password);
  }, 60_000);
});
