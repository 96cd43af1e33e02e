import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';
import { expectErrorBody, sha256Hex, startServe, stopServe } from '../../helpers/serve-process.js';

/**
 * `kyc-screen serve` as a process (real Redis, the built-in emulator over HTTP, workers in the process):
 * multipart uploads, the run report, cancelling and deleting runs, idempotency of uploads and which token
 * sees which run.
 */

const TOKENS = { alice: 'alice-token-1f2e', bob: 'bob-token-9c8d', ops: 'ops-token-7a6b' };
const as = (who: keyof typeof TOKENS) => ({ authorization: `Bearer ${TOKENS[who]}` });

let server: ChildProcess;
let base: string;
let stateDir: string;
let prefix: string;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'kyc-api-routes-'));
  const started = await startServe(['--state-dir', stateDir], {
    REDIS_URL: redisUrl(),
    KYC_PREFIX: (prefix = uniquePrefix()),
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

afterAll(() => stopServe(server));

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

type RunBody = { id: string; status: string; progress: { rows_written: number } };

async function runOf(id: string, who: keyof typeof TOKENS = 'alice'): Promise<RunBody> {
  const response = await fetch(`${base}/v1/runs/${id}`, { headers: as(who) });
  expect(response.status).toBe(200);
  return (await response.json()) as RunBody;
}

/** The run once it ended; it counts as stuck after 90 s without a row written (a loaded machine is slow). */
async function finished(id: string): Promise<RunBody> {
  let run = await runOf(id);
  let progress = { rows: run.progress.rows_written, at: Date.now() };
  while (run.status === 'queued' || run.status === 'running') {
    if (run.progress.rows_written !== progress.rows)
      progress = { rows: run.progress.rows_written, at: Date.now() };
    if (Date.now() - progress.at > 90_000) throw new Error(`run ${id} still ${run.status}, no row for 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    run = await runOf(id);
  }
  return run;
}

/** verdicts.csv without what differs between two runs of the same file: run ids and check times. */
async function maskedVerdictsOf(id: string): Promise<string> {
  const response = await fetch(`${base}/v1/runs/${id}/verdicts.csv`, { headers: as('alice') });
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(text).toContain(`,${id},`);
  return text
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<checked_at>')
    .replaceAll(`,${id},`, ',<run_id>,');
}

function form(file: Buffer, type: string, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append('file', new Blob([file], { type }), 'clients.csv');
  return data;
}

async function submit(who: keyof typeof TOKENS, body: Buffer): Promise<string> {
  const response = await postCsv(who, body);
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

describe('kyc-screen serve: multipart uploads, report, DELETE', () => {
  it('screens a multipart upload of a CSV exactly as the same CSV sent as the body', async () => {
    // 50 rows of the sample: the two runs share the server's 100 calls/s, and the comparison needs no more.
    const file = readFileSync(sampleSlice(50));
    const plain = await submit('alice', file);
    const multipart = await fetch(`${base}/v1/runs`, {
      method: 'POST',
      headers: as('alice'),
      body: form(file, 'text/csv', { priority: 'high' }),
    });
    expect(multipart.status).toBe(202);
    const { id } = (await multipart.json()) as { id: string };
    expect((await finished(plain)).status).toBe('done');
    expect((await finished(id)).status).toBe('done');
    const run = (await (await fetch(`${base}/v1/runs/${id}`, { headers: as('alice') })).json()) as {
      priority: string;
    };
    expect(run.priority).toBe('high');
    expect(await maskedVerdictsOf(id)).toBe(await maskedVerdictsOf(plain));
  }, 180_000);

  it('refuses a multipart form without a CSV part, with a part of another type or a bad field', async () => {
    const before = runDirs();
    const file = readFileSync(sampleSlice(2));
    const post = (body: FormData) => fetch(`${base}/v1/runs`, { method: 'POST', headers: as('alice'), body });
    await expectErrorBody(await post(form(file, 'application/json')), 415, 'KYC_ERR_API_MEDIA_TYPE');
    const fieldsOnly = new FormData();
    fieldsOnly.append('priority', 'high');
    await expectErrorBody(await post(fieldsOnly), 400, 'KYC_ERR_API_REQUEST');
    await expectErrorBody(
      await post(form(file, 'text/csv', { priority: 'urgent' })),
      400,
      'KYC_ERR_API_REQUEST',
    );
    await expectErrorBody(await post(form(file, 'text/csv', { colour: 'red' })), 400, 'KYC_ERR_API_REQUEST');
    await expectErrorBody(
      await fetch(`${base}/v1/runs`, {
        method: 'POST',
        headers: { ...as('alice'), 'content-type': 'multipart/form-data; boundary=x' },
        body: 'not a form',
      }),
      400,
      'KYC_ERR_API_REQUEST',
    );
    expect(runDirs()).toEqual(before);
  });

  it('serves the report of a finished run with an ETag, and 404 once the report is gone', async () => {
    const id = await submit('alice', readFileSync(sampleSlice(5)));
    await expectErrorBody(
      await fetch(`${base}/v1/runs/${id}/report.html`, { headers: as('alice') }),
      409,
      'KYC_ERR_API_RUN_NOT_DONE',
    );
    expect((await finished(id)).status).toBe('done');
    const report = await fetch(`${base}/v1/runs/${id}/report.html`, { headers: as('alice') });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toMatch(/^text\/html/);
    expect(report.headers.get('content-disposition')).toBe(`attachment; filename="${id}-report.html"`);
    expect(await report.text()).toContain('<html');
    const etag = report.headers.get('etag') ?? '';
    const again = await fetch(`${base}/v1/runs/${id}/report.html`, {
      headers: { ...as('alice'), 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    rmSync(join(stateDir, 'api', id, 'report.html'));
    await expectErrorBody(
      await fetch(`${base}/v1/runs/${id}/report.html`, { headers: as('alice') }),
      404,
      'KYC_ERR_API_NO_REPORT',
    );
  }, 120_000);

  it('cancels a running run (no output placed), then deletes it; deletes a finished run', async () => {
    const running = await submit('alice', readFileSync('samples/clients.csv'));
    let run = await runOf(running);
    while (run.status === 'queued') run = await runOf(running);
    const cancel = await fetch(`${base}/v1/runs/${running}`, { method: 'DELETE', headers: as('alice') });
    expect(cancel.status).toBe(202);
    expect(((await cancel.json()) as RunBody).status).toBe('cancelled');
    // The run stays cancelled (its coordinator abandons it, removing its part files once it notices, which a
    // loaded machine may take a few seconds to do): no outputs are placed, no download.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await runOf(running)).status).toBe('cancelled');
    const dir = join(stateDir, 'api', running);
    const settledBy = Date.now() + 30_000;
    while (readdirSync(dir).length > 1 && Date.now() < settledBy)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(readdirSync(dir).sort()).toEqual(['input.csv']);
    expect((await runOf(running)).status).toBe('cancelled');
    await expectErrorBody(
      await fetch(`${base}/v1/runs/${running}/verdicts.csv`, { headers: as('alice') }),
      409,
      'KYC_ERR_API_RUN_NOT_DONE',
    );
    let gone = await fetch(`${base}/v1/runs/${running}`, { method: 'DELETE', headers: as('alice') });
    const deadline = Date.now() + 60_000;
    while (gone.status === 409 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      gone = await fetch(`${base}/v1/runs/${running}`, { method: 'DELETE', headers: as('alice') });
    }
    expect(gone.status).toBe(204);
    expect(existsSync(dir)).toBe(false);

    const done = await submit('alice', readFileSync(sampleSlice(3)));
    expect((await finished(done)).status).toBe('done');
    // Another token cannot delete it; it does not even learn that it exists.
    await expectErrorBody(
      await fetch(`${base}/v1/runs/${done}`, { method: 'DELETE', headers: as('bob') }),
      404,
      'KYC_ERR_RUN_NOT_FOUND',
    );
    const deleted = await fetch(`${base}/v1/runs/${done}`, { method: 'DELETE', headers: as('alice') });
    expect(deleted.status).toBe(204);
    expect(existsSync(join(stateDir, 'api', done))).toBe(false);
    const redis = connect();
    try {
      for (const id of [running, done]) expect(await redis.keys(`${prefix}*${id}*`)).toEqual([]);
      const indexes = await redis.keys(`${prefix}:*runs*`);
      for (const key of indexes)
        if ((await redis.type(key)) === 'zset')
          for (const id of [running, done]) expect(await redis.zscore(key, id)).toBeNull();
    } finally {
      redis.disconnect();
    }
    for (const id of [running, done]) {
      await expectErrorBody(
        await fetch(`${base}/v1/runs/${id}`, { headers: as('ops') }),
        404,
        'KYC_ERR_RUN_NOT_FOUND',
      );
      const listed = (await (await fetch(`${base}/v1/runs?limit=200`, { headers: as('ops') })).json()) as {
        runs: { id: string }[];
      };
      expect(listed.runs.map((r) => r.id)).not.toContain(id);
    }
  }, 180_000);
});

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
    await expectErrorBody(await postCsv('alice', other, key), 422, 'KYC_ERR_API_IDEMPOTENCY_MISMATCH');
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
    await expectErrorBody(
      await fetch(`${base}/v1/runs/${alices}`, { headers: as('bob') }),
      404,
      'KYC_ERR_RUN_NOT_FOUND',
    );
    await expectErrorBody(
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
