import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited } from '../../helpers/cli-process.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sha256Hex, startServe } from '../../helpers/serve-process.js';

/**
 * A screen's latency is its checks' calls: a screen started while the service is known to answer (a call
 * of any run answered within the last minute) makes no preflight call and no page-size search of its own,
 * where every screen used to spend two slots of the quota (0.1 s at R = 20) on them.
 */

const TOKEN = 'screen-preflight-test-token';
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const redis = connect();
afterAll(async () => {
  await redis.quit();
});

describe('POST /v1/screen right after the service answered', () => {
  it('makes no preflight call and no page-size search of its own; the first screen still does', async () => {
    const prefix = uniquePrefix();
    const api = await startServe(['--state-dir', mkdtempSync(join(tmpdir(), 'kyc-api-preflight-'))], {
      REDIS_URL: redisUrl(),
      KYC_PREFIX: prefix,
      KYC_API_TOKENS: `ops:${sha256Hex(TOKEN)}`,
    });
    const screen = async (clientId: string) => {
      const response = await fetch(`${api.base}/v1/screen?wait=30`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          client_id: clientId,
          full_name: 'Белоусов Павел Ильич',
          birth_date: '1980-03-04',
          entity_type: 'person',
        }),
      });
      const body = (await response.json()) as { id: string; verdict: { verdict: string } | null };
      expect(response.status, JSON.stringify(body)).toBe(200);
      return redis.hgetall(`${prefix}:run:${body.id}:counters`);
    };
    try {
      const first = await screen('CL-1');
      const second = await screen('CL-2');
      expect(first['calls:dictionary.list:200']).toBe('1');
      expect(first['calls:search.sanctions:200']).toBeDefined();
      expect(second['calls:dictionary.list:200']).toBeUndefined();
      // The same checks' calls, less the broad sanctions search that measured the page size.
      expect(Number(second.calls)).toBe(Number(first.calls) - 2);
    } finally {
      api.child.kill('SIGTERM');
      await exited(api.child);
    }
  }, 120_000);
});
