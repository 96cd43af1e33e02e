import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited } from '../../helpers/cli-process.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';
import { sha256Hex, startServe } from '../../helpers/serve-process.js';

/**
 * `kyc-screen serve` as a process (real Redis, the built-in emulator over HTTP, workers in the process):
 * idempotency of uploads and which token sees which run.
 */

const TOKENS = { alice: 'alice-token-1f2e', bob: 'bob-token-9c8d', ops: 'ops-token-7a6b' };
const as = (who: keyof typeof TOKENS) => ({ authorization: `Bearer ${TOKENS[who]}` });

let server: ChildProcess;
let base: string;
let stateDir: string;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'kyc-api-routes-'));
  const started = await startServe(['--state-dir', stateDir], {
    REDIS_URL: redisUrl(),
    KYC_PREFIX: uniquePrefix(),
    KYC_RATE: '100',
    KYC_API_TOKENS: [
      `alice:${sha256Hex(TOKENS.alice)}`,
      `bob:${sha256Hex(TOKENS.bob)}`,
      `ops:${sha256Hex(TOKENS.ops)}:admin`,
    ].join(','),
  });
  server = started.child;
  base = started.base;
}, 60_000);

afterAll(async () => {
  server.kill('SIGTERM');
  expect(await exited(server)).toBe(0);
});

async function expectError(response: Response, status: number, code: string): Promise<void> {
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.code).toBe(code);
  expect(body.request_id).toBe(response.headers.get('x-request-id'));
}

const runDirs = () => readdirSync(join(stateDir, 'api')).sort();

async function postCsv(
  who: keyof typeof TOKENS,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}/v1/runs`, {
    method: 'POST',
    headers: { ...as(who), 'content-type': 'text/csv', ...headers },
    body,
  });
}

async function submit(who: keyof typeof TOKENS, body: Buffer): Promise<string> {
  const response = await postCsv(who, body);
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

describe('kyc-screen serve: idempotency and token scoping', () => {
  it('answers the first run for a retried Idempotency-Key with the same file, 422 for another file', async () => {
    const file = readFileSync(sampleSlice(3));
    const other = readFileSync(sampleSlice(4));
    const key = { 'idempotency-key': 'same-key-1' };
    const first = await postCsv('alice', file, key);
    expect(first.status).toBe(202);
    const { id } = (await first.json()) as { id: string };
    const before = runDirs();
    expect(before).toContain(id);

    const retried = await postCsv('alice', file, key);
    expect(retried.status).toBe(202);
    expect(((await retried.json()) as { id: string }).id).toBe(id);
    await expectError(await postCsv('alice', other, key), 422, 'KYC_ERR_API_IDEMPOTENCY_MISMATCH');
    expect(runDirs()).toEqual(before);
    // The key is the token's: another token's same key is a new run, whatever its file.
    const bobs = await postCsv('bob', other, key);
    expect(bobs.status).toBe(202);
    expect(((await bobs.json()) as { id: string }).id).not.toBe(id);
  });

  it("shows a token only its own runs (others' are 404), and an admin token every run", async () => {
    const file = readFileSync(sampleSlice(2));
    const alices = await submit('alice', file);
    const bobs = await submit('bob', file);

    expect((await fetch(`${base}/v1/runs/${alices}`, { headers: as('alice') })).status).toBe(200);
    await expectError(
      await fetch(`${base}/v1/runs/${alices}`, { headers: as('bob') }),
      404,
      'KYC_ERR_RUN_NOT_FOUND',
    );
    await expectError(
      await fetch(`${base}/v1/runs/${alices}/verdicts.csv`, { headers: as('bob') }),
      404,
      'KYC_ERR_RUN_NOT_FOUND',
    );
    const listOf = async (who: keyof typeof TOKENS) => {
      const body = (await (await fetch(`${base}/v1/runs?limit=200`, { headers: as(who) })).json()) as {
        runs: { id: string; submitter: string }[];
        total: number;
      };
      expect(body.total).toBe(body.runs.length);
      return body.runs;
    };
    const bobSees = await listOf('bob');
    expect(bobSees.map((r) => r.id)).toContain(bobs);
    expect(bobSees.map((r) => r.id)).not.toContain(alices);
    expect(new Set(bobSees.map((r) => r.submitter))).toEqual(new Set(['bob']));

    const opsRun = await fetch(`${base}/v1/runs/${alices}`, { headers: as('ops') });
    expect(opsRun.status).toBe(200);
    expect(((await opsRun.json()) as { submitter: string }).submitter).toBe('alice');
    const opsSees = (await listOf('ops')).map((r) => r.id);
    expect(opsSees).toEqual(expect.arrayContaining([alices, bobs]));
  });
});
