import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { loadConfig, logSecrets } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { awaitRedis } from '../../src/infra/redis-connection.js';

const PASSWORD = 's3cr3t-pw';
const REDIS_URL = `redis://ops:${PASSWORD}@127.0.0.1:1`;

function capture() {
  const lines: string[] = [];
  const config = loadConfig({ REDIS_URL, KYC_API_URL: 'emulator' });
  const log = createLogger({
    level: 'debug',
    secrets: logSecrets(config),
    destination: { write: (line: string) => void lines.push(line) },
  });
  return { log, lines, records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

/** A real refused connection: what Node.js and ioredis hand to the logger when Redis is not there. */
function refusedConnection(): Promise<Error> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 1 });
    socket.once('error', (error) => resolve(error));
  });
}

describe('log redaction of connection errors', () => {
  it('keeps the host and port of a refused connection', async () => {
    const { log, records } = capture();
    log.debug({ err: await refusedConnection() }, 'redis connection error');
    const [record] = records();
    const err = record?.err as { address?: string; port?: number; message?: string };
    expect(err.address).toBe('127.0.0.1');
    expect(err.port).toBe(1);
    expect(err.message).toContain('127.0.0.1:1');
  });

  it('still hides a client address', () => {
    const { log, records } = capture();
    log.info({ client: { id: '7' }, row: { address: 'Moscow, Tverskaya 1' } }, 'row');
    expect(JSON.stringify(records())).not.toContain('Tverskaya');
  });

  it('masks the password of a Redis URL in messages, error texts and stacks, but not the host', () => {
    const { log, lines } = capture();
    const error = new Error(`cannot reach ${REDIS_URL}`);
    log.error({ err: error }, `redis at ${REDIS_URL} failed`);
    log.warn(new Error(`lost ${REDIS_URL}`));
    const text = lines.join('');
    expect(text).not.toContain(PASSWORD);
    expect(text).toContain('127.0.0.1:1');
    expect(lines).toHaveLength(2);
  });

  it('names the host and port of an unreachable Redis in its KYC_ERR_REDIS_CONNECT, never the password', async () => {
    const { log, records } = capture();
    const redis = new Redis(REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: null });
    try {
      const failure = await awaitRedis(
        redis,
        REDIS_URL,
        (e) => log.debug({ err: e }, 'redis connection error'),
        500,
      )
        .then(() => undefined)
        .catch((e: unknown) => e as Error);
      expect(String(failure)).toMatch(
        /^KYC_ERR_REDIS_CONNECT: .*redis:\/\/\*\*\*@127\.0\.0\.1:1 did not answer/,
      );
      expect(String(failure)).not.toContain(PASSWORD);
      const logged = records().map((r) => r.err as { address?: string; port?: number });
      expect(logged.length).toBeGreaterThan(0);
      for (const err of logged) expect(`${err.address}:${err.port}`).toBe('127.0.0.1:1');
    } finally {
      redis.disconnect();
    }
  });
});
