import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_KINDS } from '../../../src/domain/check.js';
import { bodiesPathOf } from '../../../src/export/evidence-bodies.js';
import { createLogger } from '../../../src/log.js';
import { RunStore, type RunState } from '../../../src/run/state/run-store.js';
import { QUEUES } from '../../../src/run/state/topology.js';
import { DEFAULT_WORKER_SETTINGS, startWorkers, type WorkerHost } from '../../../src/workers/workers.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { dumpKeys } from '../../helpers/redis.js';
import { workerWiring } from '../../../src/runs/wiring.js';

/**
 * Full card numbers appear nowhere but in the input: not in Redis (job data, cached answers, stored
 * results, counters), not in the logs, not in any output. Redis is dumped at dispatch (the coordinator alone
 * runs, so every check job waits in the queue with its data), after the checks (their cached answers and
 * results wait for the merge), and again and again while the merges and the writer run, until the run's
 * working data is released.
 */
const INPUT = 'samples/clients-optional.csv';

/** The card cells of the input that hold a full number, as written and as bare digits. */
function fullNumbers(): string[] {
  const [header = [], ...rows] = parse(readFileSync(INPUT, 'utf8'));
  const column = header.indexOf('card');
  return rows
    .map((row) => row[column] ?? '')
    .filter((cell) => /^[\d\s]{12,}$/.test(cell) && cell.replace(/\s/g, '').length >= 12)
    .flatMap((cell) => [cell, cell.replace(/\s/g, '')]);
}

const logLines: string[] = [];
const destination = { write: (line: string) => void logLines.push(line) };
const log = createLogger({ level: 'trace', destination });
let pipeline: TestPipeline;
const hosts: WorkerHost[] = [];
const dumps: string[] = [];
let run: RunState;

beforeAll(async () => {
  pipeline = await startTestPipeline({ log, only: ['runs'] });
  const store = new RunStore(pipeline.redis, pipeline.prefix);
  const runId = await pipeline.submit(INPUT, { checks: CHECK_KINDS, cardRiskCountries: ['CYP'] });
  const deadline = Date.now() + 60_000;
  while (((await store.get(runId))?.dispatched ?? 0) < 20) {
    if (Date.now() > deadline) throw new Error('the coordinator did not dispatch the file');
    await new Promise((r) => setTimeout(r, 20));
  }
  dumps.push(await dumpKeys(pipeline.redis, pipeline.prefix));
  const workers = (only: ('checks' | 'verdicts')[]) =>
    startWorkers({
      ...workerWiring({ redis: pipeline.redis, prefix: pipeline.prefix, log: log }),
      redis: pipeline.redis,
      prefix: pipeline.prefix,
      registry: pipeline.registry,
      service: pipeline.service,
      log,
      settings: { ...DEFAULT_WORKER_SETTINGS, rate: 500, backoffMs: 50 },
      only,
    });
  // Checks only: their answers land in the run's cache and in the merge jobs, which then wait for a merger.
  hosts.push(await workers(['checks']));
  const verdictsQueue = new Queue(QUEUES.verdicts, { connection: pipeline.redis, prefix: pipeline.prefix });
  for (;;) {
    const counts = await verdictsQueue.getJobCounts('waiting-children', 'wait', 'prioritized');
    if (counts['waiting-children'] === 0 && (counts.wait ?? 0) + (counts.prioritized ?? 0) === 20) break;
    if (Date.now() > deadline) throw new Error('the checks did not finish');
    await new Promise((r) => setTimeout(r, 20));
  }
  await verdictsQueue.close();
  dumps.push(await dumpKeys(pipeline.redis, pipeline.prefix));
  hosts.push(await workers(['verdicts']));
  for (;;) {
    const state = await store.get(runId);
    if (state?.status === 'done' || state?.status === 'failed') break;
    dumps.push(await dumpKeys(pipeline.redis, pipeline.prefix));
  }
  run = (await pipeline.finish(runId)).run;
});
afterAll(async () => {
  for (const host of hosts) await host.close();
  await pipeline.close();
});

describe('card numbers are masked everywhere', () => {
  it('the input really holds full numbers (the test would prove nothing otherwise)', () => {
    expect(fullNumbers().length).toBeGreaterThanOrEqual(6);
  });

  it('Redis: job data at dispatch and every key while the checks run carry only the masked form', () => {
    expect(dumps.length).toBeGreaterThan(1);
    // The dump at dispatch holds the card job data, masked.
    expect(dumps[0]).toContain('220220******5672');
    // After the checks: the cached answers and the checks' results, waiting for the merge.
    expect(dumps[1]).toMatch(/:cache:[^\n]*220220\*{6}5672/);
    for (const number of fullNumbers()) for (const dump of dumps) expect(dump).not.toContain(number);
  });

  it('verdicts.csv masks the input card column; evidence, its bodies and manifest never hold a full number', () => {
    const files = [run.out, run.evidence, bodiesPathOf(run.evidence), run.manifest];
    const outputs = files.map((path) => readFileSync(path, 'utf8'));
    for (const number of fullNumbers()) for (const text of outputs) expect(text).not.toContain(number);
    expect(outputs[0]).toContain('2202 20** **** 5672');
    expect(outputs[0]).toContain('220220******5430');
  });

  it('logs captured from the pino destination hold no full number', () => {
    expect(logLines.join('')).toContain('run finished');
    for (const number of fullNumbers()) expect(logLines.join('')).not.toContain(number);
  });
});
