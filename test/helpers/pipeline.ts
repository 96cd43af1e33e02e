import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import type { Dispatcher } from 'undici';
import type { AnswerPolicy } from '../../src/settings/answer-policy.js';
import { DEMO_API_KEY } from '../../src/config.js';
import { CORE_CHECK_KINDS, type CheckKind } from '../../src/domain/check.js';
import type { IngestEncoding } from '../../src/ingest/types.js';
import {
  createEmulator,
  type EmulatorHandle,
  type EmulatorOptions,
} from '../../packages/lookup-emulator/src/server.js';
import { silentLogger, type Logger } from '../../src/log.js';
import type { FaStrategyOption } from '../../src/settings/fa-strategy-option.js';
import type { KeptMirrorPolicy } from '../../src/mirror/kept-strategy.js';
import { RegistryClient, type UpstreamProfile } from '../../src/upstream/client/index.js';
import { RunStore, type Counters, type RunSettings, type RunState } from '../../src/run/state/run-store.js';
import { fileDigest } from '../../src/infra/file-digest.js';
import { bodiesPathOf, parseBodyLine, resolveEvidence } from '../../src/export/evidence-bodies.js';
import { followRun, submitRun } from '../../src/runs/submit.js';
import { newRunId, type Priority } from '../../src/run/state/topology.js';
import {
  DEFAULT_WORKER_SETTINGS,
  startWorkers,
  type WorkerHost,
  type WorkerSettings,
} from '../../src/workers/workers.js';
import { connect, uniquePrefix } from './redis.js';
import { serviceIdentity, type ServiceIdentity } from '../../src/settings/service-identity.js';
import { workerWiring } from '../../src/runs/wiring.js';

/** A pipeline in this process: the emulator over HTTP, workers on the test Redis, a private queue prefix. */
export interface TestPipeline {
  readonly redis: Redis;
  readonly prefix: string;
  readonly emulator: EmulatorHandle;
  readonly registry: RegistryClient;
  /** The identity of the emulator's service (its URL and the demo key): what the runs record. */
  readonly service: ServiceIdentity;
  readonly workers: WorkerHost;
  submit(input: string, options?: Partial<SubmitOptions>): Promise<string>;
  finish(runId: string, timeoutMs?: number): Promise<{ run: RunState; counters: Counters }>;
  close(): Promise<void>;
}

export interface SubmitOptions {
  readonly priority: Priority;
  readonly window: number;
  readonly runId: string;
  readonly outDir: string;
  readonly encoding: IngestEncoding;
  /** Check kinds of the run (default: the four core checks). */
  readonly checks: readonly CheckKind[];
  readonly smtp: boolean;
  readonly cardRiskCountries: readonly string[];
  /** The run's upstream profile (absent: the defaults), as `run` sets it from KYC_UPSTREAM_PROFILE. */
  readonly profile: UpstreamProfile;
  /** How the foreign-agent check finds candidates (absent: auto), as `run --fa-strategy` sets it. */
  readonly faStrategy: FaStrategyOption;
  /** Max ages of answers kept across runs (absent: none), as `run --max-age` sets it. */
  readonly maxAge: AnswerPolicy;
}

export async function startTestPipeline(
  options: {
    emulator?: EmulatorOptions;
    settings?: Partial<WorkerSettings>;
    timeoutMs?: number;
    /** Logger of the workers (default: silent), e.g. one writing to a capturing pino destination. */
    log?: Logger;
    /** Start only these workers (default: all three); a test may start the others later itself. */
    only?: readonly ('checks' | 'verdicts' | 'runs')[];
    /** Another Redis than the suite's (a test that restarts its own). */
    redisUrl?: string;
    /** The queue prefix (default: a fresh one), e.g. that of CLI processes whose answer store it shares. */
    prefix?: string;
    /** The base URL the client calls, given the emulator's (e.g. a proxy in front of it). */
    upstreamUrl?: (emulatorUrl: string) => Promise<string>;
    /** The HTTP client's dispatcher (one that records when each request leaves). */
    dispatcher?: Dispatcher;
    /** The foreign_agent max age of a run, for the kept mirror of the register (absent: none kept). */
    keptMirror?: KeptMirrorPolicy;
    /** The answer store's own Redis (KYC_ANSWERS_REDIS_URL); absent: the queues' Redis. */
    answersRedis?: Redis;
  } = {},
): Promise<TestPipeline> {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: null }) : connect();
  const prefix = options.prefix ?? uniquePrefix();
  const emulator = await createEmulator({ keys: [DEMO_API_KEY], ...options.emulator });
  const registry = new RegistryClient({
    baseUrl: options.upstreamUrl ? await options.upstreamUrl(emulator.url) : emulator.url,
    apiKey: DEMO_API_KEY,
    timeoutMs: options.timeoutMs ?? 5_000,
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  const service = serviceIdentity({ apiUrl: registry.baseUrl, usingEmulator: false, apiKey: DEMO_API_KEY });
  const workers = await startWorkers({
    ...workerWiring({ redis: redis, prefix: prefix, log: options.log ?? silentLogger() }),
    redis,
    prefix,
    registry,
    service,
    log: options.log ?? silentLogger(),
    settings: { ...DEFAULT_WORKER_SETTINGS, rate: 500, backoffMs: 50, ...options.settings },
    ...(options.only ? { only: options.only } : {}),
    ...(options.keptMirror ? { keptMirror: options.keptMirror } : {}),
    ...(options.answersRedis ? { answersRedis: options.answersRedis } : {}),
  });
  return {
    redis,
    prefix,
    emulator,
    registry,
    service,
    workers,
    async submit(input, submitOptions = {}) {
      const runId = submitOptions.runId ?? newRunId();
      const outDir = submitOptions.outDir ?? mkdtempSync(join(tmpdir(), 'kyc-run-'));
      const { sha256, bytes } = await fileDigest(resolve(input), 'KYC_ERR_INPUT_NOT_FOUND');
      const settings: RunSettings = {
        id: runId,
        input: resolve(input),
        inputSha256: sha256,
        inputBytes: bytes,
        out: join(outDir, 'verdicts.csv'),
        evidence: join(outDir, 'evidence.jsonl'),
        manifest: join(outDir, 'manifest.json'),
        priority: submitOptions.priority ?? 'normal',
        window: submitOptions.window ?? 200,
        checks: [...(submitOptions.checks ?? CORE_CHECK_KINDS)],
        ...(submitOptions.smtp ? { smtp: true } : {}),
        ...(submitOptions.cardRiskCountries ? { cardRiskCountries: submitOptions.cardRiskCountries } : {}),
        ...(submitOptions.encoding ? { encoding: submitOptions.encoding } : {}),
        ...(submitOptions.profile ? { profile: submitOptions.profile } : {}),
        ...(submitOptions.faStrategy ? { faStrategy: submitOptions.faStrategy } : {}),
        ...(submitOptions.maxAge ? { maxAge: submitOptions.maxAge } : {}),
        createdAt: new Date().toISOString(),
        service,
        config: { test: true },
      };
      await submitRun(redis, prefix, settings);
      return runId;
    },
    async finish(runId, timeoutMs = 120_000) {
      const deadline = AbortSignal.timeout(timeoutMs);
      const run = await followRun(redis, prefix, runId, () => undefined, { pollMs: 100, signal: deadline });
      if (run.status !== 'done')
        throw new Error(`run ${runId} ended ${run.status}: ${run.error ?? 'timeout'}`);
      return { run, counters: await new RunStore(redis, prefix).counters(runId) };
    },
    async close() {
      await workers.close();
      await registry.close();
      await emulator.close();
      await redis.quit();
    },
  };
}

export function readJsonLines<T>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as T);
}

/** An evidence file's lines as they were before compaction: references resolved from the bodies beside it. */
export function readEvidenceLines<T>(path: string): T[] {
  const bodies = new Map<string, unknown>();
  const bodiesPath = bodiesPathOf(path);
  if (existsSync(bodiesPath))
    for (const text of readFileSync(bodiesPath, 'utf8').split('\n')) {
      const body = text === '' ? undefined : parseBodyLine(text);
      if (body) bodies.set(body.sha256, body.body);
    }
  return readJsonLines<unknown>(path).map((line) => resolveEvidence(line, bodies) as T);
}
