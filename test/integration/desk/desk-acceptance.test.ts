import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { freePort } from '../../../src/infra/free-port.js';
import type { Dataset, SanctionsRecord } from '../../eval/names/dataset.js';
import { startServer, type RunningServer } from '../../eval/names/server.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { DESK_KINDS, testDeskPlace, type TestDeskPlace } from '../../helpers/postgres.js';
import { redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { expectErrorBody, sha256Hex, type ServeProcess } from '../../helpers/serve-process.js';

/**
 * The review desk through the API alone, against an independent Lookup Service (test/eval/names, not the
 * emulator): a run opens alerts, alice decides, her own approval is refused, bob approves, the next run
 * suppresses the match naming them both and opens nothing new, the decision outlives a restart of serve,
 * and a changed record reopens the alert. Once on a PostgreSQL server, once on the embedded database.
 */

const ALICE = 'alice-token';
const BOB = 'bob-token';
const as = (token: string) => ({ authorization: `Bearer ${token}` });

function sanction(name: string, birth: string, address: string): SanctionsRecord {
  return {
    source: 'sanctions',
    data: {
      name,
      name_local: null,
      edrpou: null,
      address,
      birth_date: birth,
      birth_place: null,
      entity_type: 'person',
    },
    added_at: '2024-01-01',
    updated_at: '2024-01-01',
  };
}

const freshDataset = (): Dataset => ({
  clients: [],
  foreignAgents: [],
  sanctions: [
    sanction('Петров Пётр Петрович', '1970-01-01', 'Москва'),
    sanction('Сидорова Анна Викторовна', '1980-02-02', 'Тверь'),
  ],
  bankruptcy: [],
});

const CLIENTS =
  'client_id,full_name,birth_date,inn\n' +
  'CL-1,Петров Пётр Петрович,1970-01-01,\n' +
  'CL-2,Сидорова Анна Викторовна,1980-02-02,\n' +
  'CL-3,Ким Олег Сергеевич,1990-03-03,\n';

interface AlertBody {
  id: number;
  status: string;
  sighting: string;
  client_key: string;
  record_id: string;
  record_hash: string;
  last_run_id: string;
}

async function startServe(env: NodeJS.ProcessEnv): Promise<ServeProcess> {
  const port = await freePort();
  const child = cli(['serve', '--port', String(port)], env);
  const stderr = stderrOf(child);
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`serve exited ${child.exitCode}: ${stderr()}`);
    if (
      await fetch(`${base}/v1/openapi.json`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base, stderr };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`serve did not answer: ${stderr()}`);
}

async function stop(serve: ServeProcess): Promise<void> {
  serve.child.kill('SIGTERM');
  expect(await exited(serve.child), serve.stderr()).toBe(0);
}

describe.each(DESK_KINDS)('the review desk end to end on %s', (kind) => {
  let place: TestDeskPlace;
  let upstream: RunningServer;
  const dataset = freshDataset();
  let serve: ServeProcess;
  let env: NodeJS.ProcessEnv;
  const input = join(mkdtempSync(join(tmpdir(), 'kyc-desk-in-')), 'clients.csv');

  async function screen(): Promise<{ id: string; rows: Record<string, string>[] }> {
    const submitted = await fetch(`${serve.base}/v1/runs?checks=sanctions`, {
      method: 'POST',
      headers: { ...as(ALICE), 'content-type': 'text/csv' },
      body: CLIENTS,
    });
    expect(submitted.status).toBe(202);
    const { id } = (await submitted.json()) as { id: string };
    let status = '';
    for (
      const deadline = Date.now() + 60_000;
      Date.now() < deadline && status !== 'done' && status !== 'failed';
    ) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      status = (
        (await (await fetch(`${serve.base}/v1/runs/${id}`, { headers: as(ALICE) })).json()) as {
          status: string;
        }
      ).status;
    }
    expect(status, serve.stderr()).toBe('done');
    const csv = await (
      await fetch(`${serve.base}/v1/runs/${id}/verdicts.csv`, { headers: as(ALICE) })
    ).text();
    return { id, rows: parse(csv, { columns: true, bom: true }) };
  }

  async function alerts(query = ''): Promise<AlertBody[]> {
    // The run's alerts are recorded right after it reads as done: wait for them rather than race.
    const response = await fetch(`${serve.base}/v1/alerts${query}`, { headers: as(BOB) });
    expect(response.status).toBe(200);
    return ((await response.json()) as { alerts: AlertBody[] }).alerts;
  }

  async function alertsOfRun(runId: string): Promise<AlertBody[]> {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const found = await alerts(`?run=${runId}`);
      if (found.length > 0) return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return [];
  }

  beforeAll(async () => {
    writeFileSync(input, CLIENTS);
    place = await testDeskPlace(kind);
    upstream = await startServer(dataset, { mode: 'loose', pageSize: 50, apiKey: DEMO_API_KEY });
    env = {
      ...place.env,
      REDIS_URL: redisUrl(),
      KYC_PREFIX: uniquePrefix(),
      KYC_API_URL: upstream.url,
      KYC_RATE: '50',
      KYC_API_TOKENS: `alice:${sha256Hex(ALICE)}:analyst+approver,bob:${sha256Hex(BOB)}:approver`,
    };
    serve = await startServe(env);
  }, 120_000);

  afterAll(async () => {
    if (serve) await stop(serve);
    await upstream?.close();
    await place?.cleanup();
  });

  let falsePositive: AlertBody;
  let firstRows: Record<string, string>[];

  it('a run with hits opens an alert for each', async () => {
    const run = await screen();
    firstRows = run.rows;
    const verdicts = run.rows.map((r) => r.kyc_verdict);
    // Only the sanctions check runs: a row without a hit reads PARTIAL, never HIT or REVIEW.
    expect(verdicts.slice(0, 2)).toEqual(['HIT', 'HIT']);
    expect(verdicts[2]).toBe('PARTIAL');
    const opened = await alertsOfRun(run.id);
    expect(opened.map((a) => [a.client_key, a.status, a.sighting]).sort()).toEqual([
      ['id:CL-1', 'open', 'new'],
      ['id:CL-2', 'open', 'new'],
    ]);
    falsePositive = opened.find((a) => a.client_key === 'id:CL-1') as AlertBody;
  });

  it('alice decides false_positive; her own approval is 403, bob approves', async () => {
    const url = `${serve.base}/v1/alerts/${falsePositive.id}`;
    const post = (path: string, token: string, body: unknown) =>
      fetch(`${url}/${path}`, {
        method: 'POST',
        headers: { ...as(token), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const decided = await post('decision', ALICE, {
      decision: 'false_positive',
      comment: 'другой человек: иное место рождения',
      record_hash: falsePositive.record_hash,
    });
    expect(decided.status).toBe(201);
    const { id: decision_id } = (await decided.json()) as { id: number };
    await expectErrorBody(
      await post('approval', ALICE, { decision_id, approve: true }),
      403,
      'KYC_ERR_DESK_OWN_DECISION',
    );
    await expectErrorBody(
      await post('decision', BOB, {
        decision: 'true_match',
        comment: 'x',
        record_hash: falsePositive.record_hash,
      }),
      403,
      'KYC_ERR_DESK_ROLE',
    );
    const approved = await post('approval', BOB, { decision_id, approve: true });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({
      decided_by: 'alice',
      approval: { approved: true, approved_by: 'bob' },
    });
  });

  it('the next run of the same file suppresses that match, naming both, and opens no new alert', async () => {
    const run = await screen();
    const [cl1, cl2] = run.rows;
    expect(firstRows[0]?.kyc_sanctions).toMatch(/MATCH/u);
    expect(cl1?.kyc_sanctions).toMatch(/^CLEAR/u);
    expect(cl1?.kyc_reasons).toMatch(/SANCTIONS_SUPPRESSED: .*alice, approved by bob/u);
    expect(cl2?.kyc_verdict).toBe(firstRows[1]?.kyc_verdict);
    const seen = await alertsOfRun(run.id);
    expect(seen.map((a) => [a.client_key, a.status, a.sighting]).sort()).toEqual([
      ['id:CL-1', 'false_positive', 'new'],
      ['id:CL-2', 'open', 'seen_again'],
    ]);
    expect(await alerts()).toHaveLength(2);
  });

  it('the decision outlives a restart of serve', async () => {
    await stop(serve);
    serve = await startServe(env);
    const detail = (await (
      await fetch(`${serve.base}/v1/alerts/${falsePositive.id}`, { headers: as(ALICE) })
    ).json()) as {
      status: string;
      decisions: { decided_by: string; approval: { approved_by: string } | null }[];
    };
    expect(detail.status).toBe('false_positive');
    expect(detail.decisions).toMatchObject([{ decided_by: 'alice', approval: { approved_by: 'bob' } }]);
  });

  it('a changed record reopens the alert and flags the client again', async () => {
    const record = dataset.sanctions[0];
    if (record) record.data.address = 'Санкт-Петербург';
    const run = await screen();
    expect(run.rows[0]?.kyc_sanctions).toMatch(/MATCH/u);
    expect(run.rows[0]?.kyc_reasons).toMatch(/SANCTIONS_WHITELIST_REOPENED/u);
    const reopened = (await alertsOfRun(run.id)).find((a) => a.id === falsePositive.id);
    expect(reopened).toMatchObject({ status: 'open', sighting: 'reopened' });
    expect(await alerts()).toHaveLength(2);
  });
});
