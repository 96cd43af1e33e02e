import { lstatSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, Worker } from 'bullmq';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { purgeRunJobs, QUEUE_STREAMS } from '../../../src/run/state/retention.js';
import { QUEUES } from '../../../src/run/state/topology.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { connect, dumpKeys, redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

/**
 * Client data at rest (docs/operations.md, "Retention"): once a run is done and its outputs are on disk,
 * nothing of its clients stays in Redis (job payloads, cached answers, results, BullMQ's event streams,
 * failed jobs) nor in the embedded Redis's append-only file, and the state directory is private.
 */

/** Every cell of the input that is personal data: names (and surnames), INNs, birth dates, e-mails. */
function personalData(path: string): string[] {
  const [header = [], ...rows] = parse(readFileSync(path, 'utf8'), {
    relax_column_count: true,
  });
  const col = (name: string) => header.indexOf(name);
  const found = new Set<string>();
  for (const row of rows) {
    const name = row[col('full_name')] ?? '';
    if (name.length >= 6) found.add(name);
    const surname = name.split(/\s+/)[0] ?? '';
    // A person's surname (organizations start with their legal form); short words are too common to test.
    if (row[col('entity_type')] !== 'organization' && surname.length >= 5) found.add(surname);
    const inn = row[col('inn')] ?? '';
    if (/^\d{10,12}$/.test(inn)) found.add(inn);
    const email = row[col('email')] ?? '';
    if (email.includes('@')) found.add(email);
    const birth = row[col('birth_date')] ?? '';
    const dmy = /^(\d\d)\.(\d\d)\.(\d{4})$/.exec(birth);
    if (dmy) found.add(`${dmy[3]}-${dmy[2]}-${dmy[1]}`);
    else if (/^\d{4}-\d\d-\d\d$/.test(birth)) found.add(birth);
  }
  return [...found];
}

/** The identifiers (of `data`) of the rows the run's verdicts file gives as CLEAR. */
function clearedData(verdicts: string, data: readonly string[]): string[] {
  const table: string[][] = parse(readFileSync(verdicts, 'utf8'), { relax_column_count: true, bom: true });
  const [header = [], ...rows] = table;
  const verdict = header.indexOf('kyc_verdict');
  const values = rows.filter((row) => row[verdict] === 'CLEAR').flat();
  return data.filter((value) => values.includes(value));
}

function leaked(text: string, data: readonly string[]): string[] {
  return data.filter((value) => text.includes(value));
}

describe('retention of client data', () => {
  const redis = connect();
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    emulator = await createEmulator({
      keys: ['00000000-0000-4000-8000-000000000000'],
      faults: { latencyMs: [1, 4], errorRate: 0.05 },
    });
  });
  afterAll(async () => {
    await emulator.close();
    await redis.quit();
  });

  it('a finished run leaves no personal data in any Redis key, event streams included', async () => {
    const prefix = uniquePrefix();
    const input = sampleSlice(120);
    const data = personalData(input);
    expect(data.length).toBeGreaterThan(150);
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-retention-'));
    const child = cli(['run', input, '--out-dir', outDir, '--run-id', 'retention_1', '--attempts', '2'], {
      REDIS_URL: redisUrl(),
      KYC_PREFIX: prefix,
      KYC_API_URL: emulator.url,
      KYC_RATE: '400',
    });
    const stderr = stderrOf(child);
    const store = new RunStore(redis, prefix);
    while (((await store.get('retention_1'))?.written ?? 0) < 30) await new Promise((r) => setTimeout(r, 20));
    // While the run is in progress its working data is in Redis: the test sees personal data when it is there.
    const during = await dumpKeys(redis, prefix);
    expect(leaked(during, data).length).toBeGreaterThan(0);
    expect([0, 4]).toContain(await exited(child));
    const after = await dumpKeys(redis, prefix);
    expect(after, stderr()).toContain('retention_1');
    expect(leaked(after, data)).toEqual([]);
    // The outputs, on the other hand, are complete.
    expect(readFileSync(join(outDir, 'verdicts.csv'), 'utf8').trim().split('\n')).toHaveLength(121);
  }, 120_000);

  it('the event streams hold no client data while a run is in progress, and a finished run leaves them be', async () => {
    const prefix = uniquePrefix();
    const input = sampleSlice(60);
    const data = personalData(input);
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-streams-'));
    const child = cli(['run', input, '--out-dir', outDir, '--run-id', 'streams_1', '--no-progress'], {
      REDIS_URL: redisUrl(),
      KYC_PREFIX: prefix,
      KYC_API_URL: emulator.url,
      KYC_RATE: '200',
    });
    const stderr = stderrOf(child);
    // Every queue's stream, the service's own queues (runs-<id>, checks-<id>) included.
    const streams = () => redis.keys(`${prefix}:*:events`);
    // Read as any client of this Redis could, every entry of every queue's stream, for the whole run.
    const seen = new Map<string, string>();
    while (child.exitCode === null) {
      for (const stream of await streams())
        for (const [id, fields] of await redis.xrange(stream, '-', '+'))
          seen.set(`${stream} ${id}`, fields.join(' '));
      await new Promise((r) => setTimeout(r, 20));
    }
    expect([0, 4], stderr()).toContain(await exited(child));
    const entries = [...seen.values()];
    expect(entries.some((entry) => entry.includes('completed'))).toBe(true);
    expect(leaked(entries.join('\n'), data)).toEqual([]);
    // Nothing trims the shared streams at the end of a run: the entries of other runs would go too.
    const [checksStream] = await redis.keys(`${prefix}:${QUEUES.checks}-*:events`);
    expect(await redis.xlen(checksStream ?? `${prefix}:${QUEUES.checks}:events`)).toBeGreaterThan(0);
  }, 120_000);

  it("a finished run's failed jobs are removed, those of other runs kept, and the event streams left be", async () => {
    const prefix = uniquePrefix();
    const queue = new Queue(QUEUES.verdicts, { connection: redis, prefix, streams: QUEUE_STREAMS });
    const worker = new Worker(
      QUEUES.verdicts,
      () => {
        throw new Error('merge failed');
      },
      { connection: connect(), prefix },
    );
    const secret = { runId: 'done_1', client: { name: 'Штирлиц Максим Максимович', inn: '500100732259' } };
    await queue.add('merge', secret, { jobId: 'done_1-1-merge', attempts: 1 });
    await queue.add('merge', { ...secret, runId: 'other_1' }, { jobId: 'other_1-1-merge', attempts: 1 });
    while ((await queue.getFailedCount()) < 2) await new Promise((r) => setTimeout(r, 20));
    await worker.close();
    expect(await dumpKeys(redis, prefix)).toContain('500100732259');

    expect(await purgeRunJobs(redis, prefix, 'done_1')).toBe(1);
    expect(await queue.getJob('done_1-1-merge')).toBeUndefined();
    expect(await queue.getJob('other_1-1-merge')).toBeDefined();
    const events = await redis.xlen(`${prefix}:${QUEUES.verdicts}:events`);
    expect(events).toBeGreaterThan(0);
    // The streams name the job (its id, no client data); no key holds the job itself any more.
    const dump = (await dumpKeys(redis, prefix))
      .split('\n')
      .filter((line) => !line.startsWith(`${prefix}:${QUEUES.verdicts}:events `));
    expect(dump.join('\n')).not.toContain('done_1-1-merge');
    await queue.close();
  });
});

describe('the embedded Redis at rest', () => {
  it('keeps its state private (0700, 0600) and its append-only file free of the clients of a finished run', async () => {
    const stateDir = join(mkdtempSync(join(tmpdir(), 'kyc-state-')), 'state');
    const input = sampleSlice(40);
    const data = personalData(input).filter((value) => /^\d{10,12}$/.test(value) || value.includes('@'));
    expect(data.length).toBeGreaterThan(30);
    const outDir = mkdtempSync(join(tmpdir(), 'kyc-retention-'));
    const child = cli(['run', input, '--out-dir', outDir, '--state-dir', stateDir, '--run-id', 'aof_1'], {
      REDIS_URL: '',
      KYC_API_URL: 'emulator',
      KYC_RATE: '200',
    });
    const stderr = stderrOf(child);
    expect([0, 4], stderr()).toContain(await exited(child));

    const redisDir = join(stateDir, 'redis');
    const files: string[] = [];
    const walk = (dir: string) => {
      expect(lstatSync(dir).mode & 0o777, dir).toBe(0o700);
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (lstatSync(path).isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk(stateDir);
    expect(
      files.some((f) => f.includes('appendonly')),
      files.join(', '),
    ).toBe(true);
    // The desk's database is the record of the alerts (kept five years): it holds what was compared for a
    // client a run raised, and nothing of a client it cleared. Everything else holds no client at all.
    const cleared = clearedData(join(outDir, 'verdicts.csv'), data);
    expect(cleared.length).toBeGreaterThan(10);
    const deskDir = join(stateDir, 'desk-db');
    for (const file of files) {
      expect(lstatSync(file).mode & 0o777, file).toBe(0o600);
      const text = readFileSync(file, 'latin1') + readFileSync(file, 'utf8');
      expect(leaked(text, file.startsWith(deskDir) ? cleared : data), file).toEqual([]);
    }
    expect(redisDir.startsWith(stateDir)).toBe(true);
  }, 120_000);
});
