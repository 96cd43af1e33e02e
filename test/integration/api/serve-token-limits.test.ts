import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';
import {
  expectErrorBody,
  sha256Hex,
  startServe,
  stopServe,
  type ServeProcess,
} from '../../helpers/serve-process.js';

/** Per token: a request rate, runs at once, an expiry; and one access log line per request. */

const ALICE = 'alice-Token-3Hv8Kq1Zp6Wm4Xr9Lc2Nb7Jt5Gd0Fy';
const BOB = 'bob-Token-8Ps2Lk7Qw4Ez1Rx6Tc3Yv9Ub5In0Mo';
const OLD = 'old-Token-5Rt1Yu6Io3Pa8Sd2Fg7Hj4Kl9Zx0Cv';
const as = (token: string) => ({ authorization: `Bearer ${token}` });
let serve: ServeProcess;

beforeAll(async () => {
  serve = await startServe(
    ['--no-workers', '--state-dir', mkdtempSync(join(tmpdir(), 'kyc-api-token-limits-'))],
    {
      REDIS_URL: redisUrl(),
      KYC_PREFIX: uniquePrefix(),
      LOG_LEVEL: 'info',
      KYC_API_TOKENS: [
        `alice:${sha256Hex(ALICE)}`,
        `bob:${sha256Hex(BOB)}`,
        `old:${sha256Hex(OLD)}:expires=2020-01-01`,
      ].join(','),
      KYC_API_RATE_LIMIT: '8',
      KYC_API_MAX_ACTIVE_RUNS: '2',
    },
  );
}, 60_000);
afterAll(async () => {
  await stopServe(serve.child);
});

const submit = (token: string) =>
  fetch(`${serve.base}/v1/runs`, {
    method: 'POST',
    headers: { ...as(token), 'content-type': 'text/csv' },
    body: readFileSync(sampleSlice(2)),
  });

describe('limits of a token', () => {
  it('refuses an expired token with its own code', async () => {
    const response = await fetch(`${serve.base}/v1/runs`, { headers: as(OLD) });
    await expectErrorBody(response, 401, 'KYC_ERR_API_TOKEN_EXPIRED');
  });

  it('takes at most KYC_API_MAX_ACTIVE_RUNS runs queued at once (429 + Retry-After), of that token only', async () => {
    const answers = await Promise.all([submit(BOB), submit(BOB), submit(BOB), submit(BOB)]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([202, 202, 429, 429]);
    const refused = answers.find((r) => r.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    if (refused) await expectErrorBody(refused, 429, 'KYC_ERR_API_TOO_MANY_RUNS');
    expect((await submit(ALICE)).status).toBe(202);
  });

  it('answers 429 with Retry-After past KYC_API_RATE_LIMIT requests a minute, per token', async () => {
    let refused: Response | undefined;
    for (let i = 0; i < 12 && !refused; i++) {
      const response = await fetch(`${serve.base}/v1/runs`, { headers: as(ALICE) });
      if (response.status === 429) refused = response;
      else await response.body?.cancel();
    }
    if (!refused) throw new Error('never refused');
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    await expectErrorBody(refused, 429, 'KYC_ERR_API_RATE_LIMITED');
  });

  it('logs every request at info: method, route template, status, token name, bytes; never the token', async () => {
    await fetch(`${serve.base}/v1/runs`, { headers: as('wrong-token-value') }).then((r) => r.body?.cancel());
    const lines = serve
      .stderr()
      .split('\n')
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({ method: 'GET', route: '/v1/runs', status: 401, token: null }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ method: 'POST', route: '/v1/runs', status: 202, token: 'bob' }),
    );
    const posted = lines.find((l) => l.status === 202);
    expect(posted?.bytesIn).toBe(readFileSync(sampleSlice(2)).length);
    expect(typeof posted?.ms).toBe('number');
    for (const secret of [ALICE, BOB, OLD, 'wrong-token-value', '/v1/runs/r'])
      expect(serve.stderr()).not.toContain(secret);
  });
});
