import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, exited, maskedVerdicts, stderrOf } from '../../helpers/cli-process.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';
import { expectErrorBody, sha256Hex, startServe, stopServe } from '../../helpers/serve-process.js';

/**
 * `kyc-screen serve` as a process, as an operator starts it: real Redis, the built-in emulator over HTTP,
 * workers in the process. What a client of the API sees, compared with what `kyc-screen run` writes.
 */

const TOKEN = 'api-test-token-5c1e9a';
const MAX_UPLOAD = 64 * 1024;
const ROWS = 20;
const env = (prefix: string) => ({ REDIS_URL: redisUrl(), KYC_PREFIX: prefix, KYC_RATE: '100' });

let server: ChildProcess;
let base: string;
let stateDir: string;
let slice: string;

const auth = { authorization: `Bearer ${TOKEN}` };
const csv = { ...auth, 'content-type': 'text/csv' };

beforeAll(async () => {
  slice = sampleSlice(ROWS);
  stateDir = mkdtempSync(join(tmpdir(), 'kyc-api-state-'));
  const started = await startServe(['--state-dir', stateDir], {
    ...env(uniquePrefix()),
    KYC_API_TOKENS: `ops-team:${'0'.repeat(64)},alice:${sha256Hex(TOKEN)}`,
    KYC_API_MAX_UPLOAD_BYTES: String(MAX_UPLOAD),
  });
  server = started.child;
  base = started.base;
}, 60_000);

afterAll(() => stopServe(server));

const runDirs = () => readdirSync(join(stateDir, 'api'));

describe('kyc-screen serve', () => {
  it('publishes an OpenAPI 3.1 document that validates and lists every route', async () => {
    const spec = (await (await fetch(`${base}/v1/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    const result = await new Validator().validate(spec);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths).sort()).toEqual([
      '/v1/alerts',
      '/v1/alerts/{id}',
      '/v1/alerts/{id}/approval',
      '/v1/alerts/{id}/decision',
      '/v1/runs',
      '/v1/runs/{id}',
      '/v1/runs/{id}/evidence.bodies.jsonl',
      '/v1/runs/{id}/evidence.jsonl',
      '/v1/runs/{id}/manifest.json',
      '/v1/runs/{id}/report.html',
      '/v1/runs/{id}/verdicts.csv',
      '/v1/screen',
    ]);
  });

  it('refuses requests without a token, or with one it does not know (401)', async () => {
    const body = readFileSync(slice);
    await expectErrorBody(
      await fetch(`${base}/v1/runs`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body }),
      401,
      'KYC_ERR_API_UNAUTHORIZED',
    );
    await expectErrorBody(
      await fetch(`${base}/v1/runs/r1`, { headers: { authorization: 'Bearer not-the-token' } }),
      401,
      'KYC_ERR_API_UNAUTHORIZED',
    );
    const unknown = await fetch(`${base}/v1/runs`, {
      headers: { authorization: 'Bearer nope', 'x-request-id': 'client-req-42' },
    });
    expect(unknown.headers.get('www-authenticate')).toMatch(/^Bearer/);
    await expectErrorBody(unknown, 401, 'KYC_ERR_API_UNAUTHORIZED');
    expect(unknown.headers.get('x-request-id')).toBe('client-req-42');
    // The hash itself is no token.
    await expectErrorBody(
      await fetch(`${base}/v1/runs/r1`, { headers: { authorization: `Bearer ${'0'.repeat(64)}` } }),
      401,
      'KYC_ERR_API_UNAUTHORIZED',
    );
  });

  it('refuses what is not a readable CSV with the code the CLI uses, keeping nothing', async () => {
    const before = runDirs();
    const post = (headers: Record<string, string>, body: string | Buffer, query = '') =>
      fetch(`${base}/v1/runs${query}`, { method: 'POST', headers, body });
    await expectErrorBody(
      await post({ ...auth, 'content-type': 'application/json' }, '{}'),
      415,
      'KYC_ERR_API_MEDIA_TYPE',
    );
    await expectErrorBody(await post(csv, ''), 400, 'KYC_ERR_INPUT_EMPTY');
    await expectErrorBody(
      await post(csv, Buffer.from([0, 1, 2, 3, 0, 0, 255, 254, 0, 7])),
      400,
      'KYC_ERR_INPUT_BINARY',
    );
    await expectErrorBody(
      await post(csv, readFileSync(slice), '?priority=urgent'),
      400,
      'KYC_ERR_API_REQUEST',
    );
    await expectErrorBody(
      await post(csv, readFileSync(slice), '?checks=horoscope'),
      400,
      'KYC_ERR_API_REQUEST',
    );
    await expectErrorBody(
      await post(csv, readFileSync(slice), '?max_age=debtor%3D30years'),
      400,
      'KYC_ERR_API_REQUEST',
    );
    const big = Buffer.from(`client_id,full_name\n${'CL-1,Иванов Иван Иванович\n'.repeat(3000)}`);
    expect(big.length).toBeGreaterThan(MAX_UPLOAD);
    await expectErrorBody(await post(csv, big), 413, 'KYC_ERR_API_TOO_LARGE');
    expect(runDirs()).toEqual(before);
  });

  it('answers 404 in the same shape for an unknown run and an unknown route', async () => {
    await expectErrorBody(
      await fetch(`${base}/v1/runs/r20200101_000000_nope`, { headers: auth }),
      404,
      'KYC_ERR_RUN_NOT_FOUND',
    );
    await expectErrorBody(await fetch(`${base}/v1/nothing`, { headers: auth }), 404, 'KYC_ERR_API_NOT_FOUND');
  });

  it('screens an upload like `kyc-screen run` does: same verdicts.csv, one run per Idempotency-Key', async () => {
    const body = readFileSync(slice);
    const headers = { ...csv, 'idempotency-key': 'upload-1' };
    const first = await fetch(`${base}/v1/runs?priority=high`, { method: 'POST', headers, body });
    expect(first.status).toBe(202);
    const submitted = (await first.json()) as { id: string; status_url: string; verdicts_url: string };
    // Absolute, under the origin the request was made to (no KYC_API_PUBLIC_URL here): followed as they are.
    expect(submitted.status_url).toBe(`${base}/v1/runs/${submitted.id}`);
    expect(submitted.verdicts_url).toBe(`${base}/v1/runs/${submitted.id}/verdicts.csv`);
    expect(first.headers.get('location')).toBe(submitted.status_url);
    // Outputs exist only once the run is done.
    await expectErrorBody(
      await fetch(submitted.verdicts_url, { headers: auth }),
      409,
      'KYC_ERR_API_RUN_NOT_DONE',
    );
    const retried = await fetch(`${base}/v1/runs`, { method: 'POST', headers, body });
    expect(retried.status).toBe(202);
    expect(((await retried.json()) as { id: string }).id).toBe(submitted.id);
    expect(runDirs()).toEqual([submitted.id]);

    let run: {
      status: string;
      submitter: string;
      priority: string;
      progress: { rows_written: number; total_rows: number | null };
      verdicts: Record<string, number>;
    };
    const deadline = Date.now() + 90_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const response = await fetch(submitted.status_url, { headers: auth });
      expect(response.status).toBe(200);
      run = (await response.json()) as typeof run;
    } while (run.status !== 'done' && run.status !== 'failed' && Date.now() < deadline);
    expect(run.status).toBe('done');
    expect(run.submitter).toBe('alice');
    expect(run.priority).toBe('high');
    expect(run.progress).toMatchObject({ rows_written: ROWS, total_rows: ROWS });
    expect(Object.values(run.verdicts).reduce((a, b) => a + b, 0)).toBe(ROWS);

    const verdicts = await fetch(submitted.verdicts_url, { headers: auth });
    expect(verdicts.status).toBe(200);
    const etag = verdicts.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(verdicts.headers.get('content-disposition')).toBe(
      `attachment; filename="${submitted.id}-verdicts.csv"`,
    );
    // The bytes as sent (Response.text() would drop the byte-order mark the file starts with).
    const apiText = Buffer.from(await verdicts.arrayBuffer()).toString('utf8');
    const again = await fetch(submitted.verdicts_url, {
      headers: { ...auth, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);

    const manifest = (await (
      await fetch(`${base}/v1/runs/${submitted.id}/manifest.json`, { headers: auth })
    ).json()) as { run_id: string; config: Record<string, unknown>; rows: { total: number } };
    expect(manifest.run_id).toBe(submitted.id);
    expect(manifest.config.submitter).toBe('alice');
    expect(manifest.rows.total).toBe(ROWS);
    const evidence = await (
      await fetch(`${base}/v1/runs/${submitted.id}/evidence.jsonl`, { headers: auth })
    ).text();
    expect(evidence.trim().split('\n').length).toBeGreaterThanOrEqual(ROWS);

    const list = await fetch(`${base}/v1/runs?limit=1`, { headers: auth });
    expect(list.status).toBe(200);
    const listed = (await list.json()) as {
      runs: { id: string; manifest_url: string }[];
      total: number;
      next_url: string | null;
    };
    expect(listed).toMatchObject({ total: 1, next_url: null });
    expect(listed.runs[0]?.manifest_url).toBe(`${base}/v1/runs/${submitted.id}/manifest.json`);
    expect(listed.runs.map((r) => r.id)).toEqual([submitted.id]);
    await expectErrorBody(
      await fetch(`${base}/v1/runs?limit=0`, { headers: auth }),
      400,
      'KYC_ERR_API_REQUEST',
    );

    // The same file through the command line, on its own queues: the verdicts must be the same bytes.
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-api-cli-'));
    const cliRunId = `cli-${submitted.id}`;
    const run2 = cli(
      ['run', slice, '--emulator', '--out-dir', outDir, '--run-id', cliRunId, '--no-progress'],
      env(uniquePrefix()),
    );
    const runStderr = stderrOf(run2);
    expect([0, 4], runStderr()).toContain(await exited(run2));
    // Each run stamps its id and its check times on every row; all else must be the same bytes.
    expect(apiText).toContain(`,${submitted.id},`);
    const apiMasked = apiText
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<checked_at>')
      .replaceAll(`,${submitted.id},`, ',<run_id>,');
    const cliMasked = maskedVerdicts(join(outDir, 'verdicts.csv')).replaceAll(`,${cliRunId},`, ',<run_id>,');
    expect(apiMasked).toBe(cliMasked);
  }, 150_000);

  it('screens one client synchronously at interactive priority, and refuses what is not one client', async () => {
    const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
      fetch(`${base}/v1/screen?wait=60`, { method: 'POST', headers: { ...auth, ...headers }, body });
    const client = {
      client_id: 'CL-0007',
      full_name: 'Ковалев Андрей Сергеевич',
      birth_date: '1975-03-14',
      entity_type: 'person',
    };
    const response = await post(JSON.stringify(client));
    const screened = (await response.json()) as {
      id: string;
      status: string;
      verdict: {
        verdict: string;
        reasons: string[];
        checks: Record<string, string>;
        matches: Record<string, unknown>[];
      } | null;
    };
    expect(response.status, JSON.stringify(screened)).toBe(200);
    expect(screened.status).toBe('done');
    expect(screened.verdict?.verdict).toBe('HIT');
    expect(screened.verdict?.reasons).toContain('FOREIGN_AGENT_MATCH');
    expect(screened.verdict?.checks.foreign_agent).toMatch(/^MATCH/);
    // Who was matched, as fields a program reads: not the one line of the CSV cell.
    expect(screened.verdict?.matches).toContainEqual(
      expect.objectContaining({
        register: 'foreign_agent',
        source: 'minjust_foreign_agent',
        record_name: expect.stringMatching(/Ковал[её]в/u) as unknown,
        decision: 'MATCH',
        decisive_field: 'birth_date',
      }),
    );
    for (const match of screened.verdict?.matches ?? []) {
      expect(typeof match.record_id).toBe('string');
      expect(typeof match.score).toBe('number');
    }
    const run = (await (await fetch(`${base}/v1/runs/${screened.id}`, { headers: auth })).json()) as {
      priority: string;
      submitter: string;
    };
    expect(run).toMatchObject({ priority: 'interactive', submitter: 'alice' });

    await expectErrorBody(
      await post(JSON.stringify(client), { 'content-type': 'text/plain' }),
      415,
      'KYC_ERR_API_MEDIA_TYPE',
    );
    await expectErrorBody(await post(JSON.stringify({ ...client, salary: '1' })), 400, 'KYC_ERR_API_REQUEST');
    await expectErrorBody(await post(JSON.stringify({ full_name: 'a\nb' })), 400, 'KYC_ERR_API_REQUEST');
    await expectErrorBody(await post('{"full_name": '), 400, 'KYC_ERR_API_REQUEST');
    const noName = await post(JSON.stringify({ email: 'x@example.com' }));
    const noNameBody = (await noName.clone().json()) as { message: string };
    await expectErrorBody(noName, 400, 'KYC_ERR_API_CLIENT_NO_KEY');
    expect(noNameBody.message).not.toContain('--columns');
  });
});
