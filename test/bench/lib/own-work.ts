/**
 * The pipeline's own work per client with no job queue at all: the ceiling of any job topology. Every
 * client is read, planned, looked up through the same run cache, pacer and HTTP client as a check job
 * (Redis and the emulator are the same processes as in the pipeline), scored, decided, stored under the
 * run as the merge stores it, read back and encoded as the writer encodes it. Only BullMQ is missing:
 * its jobs, their payloads in Redis and the hand-over between processes. Prints JSON
 * `{ clients, seconds, clientsPerSecond }`.
 *
 * Usage: tsx test/bench/lib/own-work.ts <redisUrl> <emulatorUrl> <clients.csv> [concurrency]
 */
import { Redis } from 'ioredis';
import { planCheck } from '../../../src/checks/plan.js';
import { runCheck } from '../../../src/checks/run-check.js';
import { DEMO_API_KEY } from '../../../src/config.js';
import { CORE_CHECK_KINDS, type CheckKind, type CheckResult } from '../../../src/domain/check.js';
import { encodeCsvRecord } from '../../../src/export/csv-format.js';
import { encodeEvidenceLine, evidenceLine } from '../../../src/export/evidence.js';
import { verdictRow } from '../../../src/export/verdict-row.js';
import { openClientFile, type IngestItem } from '../../../src/ingest/index.js';
import { clientForJobs, type StoredResult } from '../../../src/run/job-data.js';
import { pacedLookup } from '../../../src/upstream/paced-lookup.js';
import { Pacer } from '../../../src/upstream/pacer.js';
import { LocalAnswers, RequestCache, cacheWindowOf } from '../../../src/upstream/request-cache.js';
import { RunStore } from '../../../src/run/state/run-store.js';
import { pacerKey } from '../../../src/run/state/topology.js';
import { RegistryClient } from '../../../src/upstream/client/index.js';
import { decideVerdict, skippedCheck } from '../../../src/verdict/index.js';

const [redisUrl = '', apiUrl = '', path = '', concurrencyArg = '32'] = process.argv.slice(2);
const concurrency = Number(concurrencyArg);
const prefix = `{own-${process.pid}}`;
const runId = 'own_work';
const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
const registry = new RegistryClient({ baseUrl: apiUrl, apiKey: DEMO_API_KEY });
const store = new RunStore(redis, prefix);
const pacer = new Pacer(redis, pacerKey(prefix), 1_000_000);
const local = new LocalAnswers(2_000);
const keys = store.keys(runId);
const kinds: CheckKind[] = [...CORE_CHECK_KINDS];
const file = await openClientFile(path);
const width = file.header.columns.length;
const format = { encoding: file.header.encoding, bom: false, delimiter: file.header.delimiter };
let written = 0;

async function screen(item: Extract<IngestItem, { client: unknown }>): Promise<void> {
  const client = clientForJobs(item.client, kinds);
  const cache = new RequestCache(
    redis,
    { generation: keys.cacheGeneration, lock: keys.cacheLock },
    cacheWindowOf(item.row, 10_000),
    { local },
  );
  const results: Partial<Record<CheckKind, CheckResult>> = {};
  await Promise.all(
    CORE_CHECK_KINDS.map(async (kind) => {
      const plan = planCheck(kind, client);
      if ('skip' in plan) {
        results[kind] = skippedCheck(kind, plan.skip.reason, plan.skip.detail);
        return;
      }
      const lookup = pacedLookup(runId, registry, pacer, cache, store);
      // A job's return value crosses Redis as JSON.
      results[kind] = JSON.parse(JSON.stringify(await runCheck(kind, client, lookup))) as CheckResult;
      await lookup.flush();
    }),
  );
  const verdict = decideVerdict(item.row, results, item.client.warnings);
  const stored: StoredResult = {
    verdict,
    warnings: item.client.warnings,
    checkedAt: new Date().toISOString(),
  };
  await store.storeResult(runId, item.row, JSON.stringify(stored));
  const back = JSON.parse((await redis.hget(keys.results, String(item.row))) ?? '{}') as StoredResult;
  await redis.hdel(keys.results, String(item.row));
  const meta = { runId, checkedAt: back.checkedAt };
  encodeCsvRecord(verdictRow(item.cells, width, back.verdict, back.warnings, kinds, meta), format);
  encodeEvidenceLine(evidenceLine(back.verdict, back.warnings, meta));
  written++;
}

const started = performance.now();
let inFlight = 0;
let wake: (() => void) | undefined;
const settle = () => {
  inFlight--;
  wake?.();
};
for await (const item of file.rows) {
  if (!('client' in item)) continue;
  while (inFlight >= concurrency) await new Promise<void>((r) => (wake = r));
  inFlight++;
  screen(item).then(settle, (error: unknown) => {
    process.stderr.write(`own-work: row ${item.row}: ${String(error)}\n`);
    process.exit(1);
  });
}
while (inFlight > 0) await new Promise<void>((r) => (wake = r));
const seconds = (performance.now() - started) / 1000;
await registry.close();
await redis.quit();
process.stdout.write(
  JSON.stringify({ clients: written, seconds, clientsPerSecond: written / seconds }) + '\n',
);
