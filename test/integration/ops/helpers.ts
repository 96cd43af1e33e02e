import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Redis } from 'ioredis';
import { runAction, type RunHost, type RunOptions } from '../../../src/commands/run.js';
import { DEMO_API_KEY, loadConfig, type Config } from '../../../src/config.js';
import {
  createEmulator,
  type EmulatorHandle,
  type EmulatorOptions,
} from '../../../packages/lookup-emulator/src/server.js';
import { silentLogger } from '../../../src/log.js';
import type { WorkerMetrics } from '../../../src/metrics/worker-metrics.js';
import { RunStore, type RunState } from '../../../src/run/state/run-store.js';
import type { Runtime } from '../../../src/runs/runtime.js';
import { newRunId } from '../../../src/run/state/topology.js';
import {
  DEFAULT_WORKER_SETTINGS,
  startWorkers,
  type WorkerHost,
  type WorkerWiring,
} from '../../../src/workers/workers.js';
import { RegistryClient } from '../../../src/upstream/client/index.js';
import { connect, redisUrl, uniquePrefix } from '../../helpers/redis.js';
import { workerWiring } from '../../../src/runs/wiring.js';
import { serviceIdentity, type ServiceIdentity } from '../../../src/settings/service-identity.js';

/**
 * The emulator behind a small proxy that can change a register record on the way (the same record id with
 * other content), which is what a register does between two nightly runs.
 */
export interface RecordChangingProxy {
  readonly url: string;
  /** From now on, FA-0001 is served with another address: its content hash changes, its id does not. */
  changeRecord(): void;
  close(): Promise<void>;
}

export async function recordChangingProxy(upstream: string): Promise<RecordChangingProxy> {
  let changed = false;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const answer = await fetch(upstream + (request.url ?? '/'), {
        headers: { 'x-api-key': String(request.headers['x-api-key'] ?? '') },
      });
      let body = Buffer.from(await answer.arrayBuffer());
      if (changed && answer.ok && (request.url ?? '').startsWith('/lists/search/minjust_foreign_agent')) {
        const items = JSON.parse(body.toString('utf8')) as { data: Record<string, string> }[];
        for (const item of items)
          if (item.data.registration_number === 'FA-0001') item.data.address = 'г. Москва, ул. Новая, д. 2';
        body = Buffer.from(JSON.stringify(items));
      }
      const headers: Record<string, string> = { 'content-type': answer.headers.get('content-type') ?? '' };
      const retryAfter = answer.headers.get('retry-after');
      if (retryAfter) headers['retry-after'] = retryAfter;
      response.writeHead(answer.status, headers).end(body);
    })().catch((error: unknown) => response.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    changeRecord: () => {
      changed = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A pipeline in this process for the operations tests: the emulator (optionally behind the proxy), workers
 * on the test Redis under a private prefix, and `run` going through the real runAction of the CLI with this
 * process as its host, exactly as the schedules worker runs it.
 */
export interface OpsPipeline {
  readonly redis: Redis;
  readonly prefix: string;
  readonly config: Config;
  readonly runtime: Runtime;
  readonly emulator: EmulatorHandle;
  readonly proxy: RecordChangingProxy;
  /** The service the workers serve (the proxy's URL and the demo key): what a submitted run records. */
  readonly service: ServiceIdentity;
  host(signal?: AbortSignal): RunHost;
  run(input: string, options?: Partial<RunOptions>): Promise<{ code: number; run: RunState }>;
  close(): Promise<void>;
}

export const RUN_DEFAULTS: RunOptions = {
  concurrency: 8,
  window: 100,
  priority: 'normal',
  workers: false,
  attempts: 2,
  progress: false,
};

export async function startOpsPipeline(
  options: {
    emulator?: EmulatorOptions;
    rate?: number;
    metrics?: WorkerMetrics;
    /** The review desk's hooks for the runs of this pipeline (src/desk/run-hooks.ts); absent: no desk. */
    desk?: (redis: Redis, prefix: string) => WorkerWiring['desk'] | Promise<WorkerWiring['desk']>;
    /** Why the workers have no desk, and whether their runs need one (as `worker` wires them). */
    deskAbsence?: WorkerWiring['deskAbsence'];
    requireDesk?: boolean;
  } = {},
): Promise<OpsPipeline> {
  const redis = connect();
  const prefix = uniquePrefix();
  const emulator = await createEmulator({ keys: [DEMO_API_KEY], ...options.emulator });
  const proxy = await recordChangingProxy(emulator.url);
  const config = loadConfig({
    REDIS_URL: redisUrl(),
    KYC_PREFIX: prefix,
    KYC_API_URL: proxy.url,
    KYC_API_KEY: DEMO_API_KEY,
    LOG_LEVEL: 'silent',
  });
  const registry = new RegistryClient({ baseUrl: proxy.url, apiKey: DEMO_API_KEY, timeoutMs: 5_000 });
  const service = serviceIdentity({ apiUrl: proxy.url, usingEmulator: false, apiKey: DEMO_API_KEY });
  const runtime: Runtime = {
    redis,
    redisUrl: redisUrl(),
    registry,
    apiUrl: proxy.url,
    usingEmulator: false,
    service,
    embeddedRedis: false,
    close: async () => undefined,
  };
  const desk = await options.desk?.(redis, prefix);
  const workers: WorkerHost = await startWorkers({
    ...workerWiring({
      redis: redis,
      prefix: prefix,
      log: silentLogger(),
      desk,
      deskAbsence: options.deskAbsence,
      requireDesk: options.requireDesk,
    }),
    redis,
    prefix,
    registry,
    service,
    log: silentLogger(),
    settings: { ...DEFAULT_WORKER_SETTINGS, rate: options.rate ?? 500, backoffMs: 50 },
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  const host = (signal = new AbortController().signal): RunHost => ({
    config,
    log: silentLogger(),
    runtime,
    signal,
    announce: () => undefined,
  });
  return {
    redis,
    prefix,
    config,
    runtime,
    emulator,
    proxy,
    service,
    host,
    async run(input, runOptions = {}) {
      const outDir = runOptions.outDir ?? mkdtempSync(join(tmpdir(), 'kyc-ops-run-'));
      const runId = runOptions.runId ?? newRunId();
      const code = await runAction(input, { ...RUN_DEFAULTS, outDir, ...runOptions, runId }, host());
      return { code, run: await new RunStore(redis, prefix).require(runId) };
    },
    async close() {
      await workers.close();
      await registry.close();
      await proxy.close();
      await emulator.close();
      await redis.quit();
    },
  };
}

/** A client CSV in a temp file: header client_id,full_name,birth_date,inn,entity_type. */
export function clientsCsv(rows: readonly (readonly string[])[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kyc-ops-in-')), 'clients.csv');
  const lines = ['client_id,full_name,birth_date,inn,entity_type', ...rows.map((r) => r.join(','))];
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

/** The verdicts CSV as objects by column name. */
export function readVerdicts(path: string): Record<string, string>[] {
  return parse<Record<string, string>>(readFileSync(path, 'utf8'), { columns: true, bom: true });
}

/** Planted register records of packages/lookup-emulator/data/planted.json, as sample clients that hit them. */
export const CLIENTS = {
  clean1: ['Белоусов Пётр Ильич', '1980-01-02', '', 'person'],
  clean2: ['Воронцова Анна Павловна', '1990-05-06', '', 'person'],
  clean3: ['Зиновьев Илья Ильич', '1985-07-07', '', 'person'],
  foreignAgentHit: ['Ковалев Андрей Сергеевич', '1975-03-14', '', 'person'],
  foreignAgentPossible: ['Петров Игорь Николаевич', '', '', 'person'],
  sanctionsHit: ['Щербаков Дмитрий Юрьевич', '1971-02-08', '', 'person'],
} as const;
