import { mkdirSync } from 'node:fs';
import { describeService, type ServiceIdentity, type UpstreamTarget } from '../settings/service-identity.js';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { KycError } from '../errors.js';
import type { FileDigest } from '../infra/file-digest.js';
import { ensureWritableParent } from '../infra/writable.js';
import type { Logger } from '../log.js';
import { checkOutputTargets } from '../run/output-paths.js';
import { newRunSettings } from '../run/state/run-settings.js';
import { RunStore, runExists, type RunSettings, type RunState } from '../run/state/run-store.js';
import { checkRunId } from '../run/state/topology.js';
import type { RegistryClient } from '../upstream/client/index.js';
import { preflight, preflightCounts } from '../upstream/preflight.js';
import { UpstreamState } from '../upstream/state.js';
import { WhitelistStore } from '../whitelist/store.js';
import type { PreparedRun } from './prepare.js';
import { runRequest, type RunRequest, type RunRequestFields } from './request.js';
import { readRunRequest, recordRunRate, storeRunRequest } from './request-store.js';
import { requeueRun, submitRun } from './submit.js';
import { bodiesPathOf } from '../export/evidence-bodies.js';

/** What the service needs of the process that submits: its config, Redis and upstream. */
export interface RunSession {
  readonly config: Config;
  readonly redis: Redis;
  readonly upstream: UpstreamTarget;
}

/** What only some submitters decide about a new run (the HTTP API: its token, the report, the digest). */
export interface SubmitExtras {
  readonly submitter?: string;
  readonly report?: boolean;
  readonly inputDigest?: FileDigest;
  /**
   * Called once the run id is known to be free and its outputs may be written, before anything is stored:
   * a check of the upstream.
   */
  readonly beforeSubmit?: () => Promise<readonly (number | string)[]>;
}

/**
 * Fail fast, before anything is queued: a refused key or a dead URL is one call and exit 5 here. Returns
 * the statuses of the calls, so that the run's manifest counts them. A success is noted for every process
 * (`answered`): the coordinator then makes no second preflight call moments later and the run's first
 * checks follow this one at once; a run queued by other means, or long after, gets the coordinator's.
 */
export async function checkUpstream(
  registry: RegistryClient,
  log: Logger,
  answered?: Pick<UpstreamState, 'noteAnswered'>,
): Promise<(number | string)[]> {
  const calls: (number | string)[] = [];
  const { note } = await preflight(registry, { onCall: (status) => calls.push(status) });
  if (note) log.warn({ note }, 'preflight call: the Lookup Service answered with an error; going on');
  else await answered?.noteAnswered();
  return calls;
}

/** What the workers of the session's service know of it (that it answered just now, for one). */
export function upstreamStateOf(session: RunSession): UpstreamState {
  return new UpstreamState(session.redis, session.config.prefix, session.upstream.service.id);
}

function settingsOf(prepared: PreparedRun, extras: SubmitExtras) {
  const { request, outputs, whitelist } = prepared;
  const { outDir: _outDir, ...files } = outputs;
  return {
    id: prepared.runId,
    input: prepared.input,
    ...files,
    ...(extras.inputDigest ? { inputDigest: extras.inputDigest } : {}),
    ...(request.overwrite ? { overwrite: true } : {}),
    outputMode: prepared.outputMode,
    faStrategy: prepared.faStrategy,
    priority: request.priority,
    window: request.window,
    cacheRows: prepared.cacheRows,
    ...(prepared.maxAge ? { maxAge: prepared.maxAge } : {}),
    ...(request.attempts !== undefined ? { attempts: request.attempts } : {}),
    checks: prepared.checks,
    ...(request.smtp ? { smtp: true } : {}),
    cardRiskCountries: prepared.cardRiskCountries,
    ...(request.encoding ? { encoding: request.encoding } : {}),
    ...(request.delimiter ? { delimiter: request.delimiter } : {}),
    ...(request.columns ? { columns: request.columns } : {}),
    ...(request.sheet ? { sheet: request.sheet } : {}),
    ...(request.outEncoding ? { outEncoding: request.outEncoding } : {}),
    ...(request.outDelimiter ? { outDelimiter: request.outDelimiter } : {}),
    ...(request.outBom === undefined ? {} : { outBom: request.outBom }),
    ...(whitelist
      ? { whitelist: { path: whitelist.path, sha256: whitelist.sha256, entries: whitelist.entries.length } }
      : {}),
    ...(request.schedule ? { schedule: request.schedule } : {}),
    ...(extras.submitter ? { submitter: extras.submitter } : {}),
    // Every run writes its report unless its request says not to.
    ...(request.report === false && !extras.report ? {} : { report: true }),
    ...(request.lang ? { lang: request.lang } : {}),
    ...(request.requireDesk ? { requireDesk: true } : {}),
  };
}

/**
 * Records a prepared run and queues it: its id must be free, its outputs may not clobber the input or
 * each other (nor existing files without overwrite), its whitelist is stored under it, and its request is
 * kept so that a resume comes back with the same settings. Returns the stored settings.
 */
export async function startRun(
  session: RunSession,
  prepared: PreparedRun,
  extras: SubmitExtras = {},
): Promise<RunSettings> {
  const { redis, config } = session;
  const store = new RunStore(redis, config.prefix);
  const runId = prepared.runId;
  // Before the outputs are checked and the whitelist is loaded under the id: neither may touch that run.
  if (await store.get(runId)) throw runExists(runId);
  const { outputs } = prepared;
  await checkOutputTargets(
    {
      input: prepared.input,
      outputs: {
        '--out': outputs.out,
        '--evidence': outputs.evidence,
        'evidence bodies': bodiesPathOf(outputs.evidence),
        '--manifest': outputs.manifest,
      },
    },
    prepared.request.overwrite === true,
  );
  // The input's digest (a large file takes a while) before the preflight call, so that the run's first
  // checks follow that call at once.
  const settings = await newRunSettings(config, session.upstream, settingsOf(prepared, extras));
  const calls = (await extras.beforeSubmit?.()) ?? [];
  mkdirSync(outputs.outDir, { recursive: true });
  if (prepared.whitelist) await new WhitelistStore(redis, config.prefix).load(runId, prepared.whitelist);
  await submitRun(redis, config.prefix, settings);
  // The rate the run was started at is kept even when the config gave it: a resume comes back with it.
  await storeRunRequest(redis, config.prefix, runId, {
    ...prepared.request,
    input: prepared.input,
    runId,
    rate: prepared.request.rate ?? config.rate,
  });
  await store.incr(runId, preflightCounts(calls));
  return settings;
}

/**
 * A run goes on only against the service it started with: its verdicts so far came from it, and only
 * workers of its identity serve its queues.
 */
function checkRunService(run: RunState, service: ServiceIdentity): void {
  if (run.service === undefined) throw new KycError('KYC_ERR_RUN_SERVICE_UNKNOWN', `run ${run.id}`);
  if (run.service.id !== service.id)
    throw new KycError(
      'KYC_ERR_RUN_SERVICE_MISMATCH',
      `run ${run.id} screens against ${describeService(run.service)}; this process against ${describeService(service)}`,
    );
}

/** A resumed run and the request it goes on with: its stored one, with what the operator overrode. */
export interface ResumedRun {
  readonly run: RunState;
  readonly request: RunRequest;
}

/**
 * Puts a run back in the hands of a coordinator, with its own settings: those stored with it, except the
 * ones the operator gives again (`overrides`), which are stored for the next resume. A finished run is
 * only followed.
 */
export async function resumeRun(
  session: RunSession,
  runId: string,
  overrides: RunRequestFields,
  check?: () => Promise<readonly (number | string)[]>,
): Promise<ResumedRun> {
  checkRunId(runId, '--resume');
  const { redis, config } = session;
  const store = new RunStore(redis, config.prefix);
  const run = await store.require(runId);
  const stored = await readRunRequest(redis, config.prefix, run);
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  const request = runRequest({ ...stored, ...given });
  if (run.status === 'done') return { run, request };
  checkRunService(run, session.upstream.service);
  // A resumed run's outputs are known only now, from Redis: still before any call is made.
  for (const file of new Set([run.out, run.evidence, run.manifest])) ensureWritableParent(file);
  const calls = (await check?.()) ?? [];
  // Counted under the run, before it is queued again: its manifest counts every call it made.
  await store.incr(runId, preflightCounts(calls));
  await storeRunRequest(redis, config.prefix, runId, request);
  if (request.rate !== undefined) await recordRunRate(redis, config.prefix, runId, request.rate);
  await requeueRun(redis, config.prefix, run);
  return { run, request };
}
