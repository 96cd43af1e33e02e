import { KycError } from '../../errors.js';
import { isCheckKind, type CheckKind } from '../../domain/check.js';
import type { Lane } from './lanes.js';

/**
 * The queues of the pipeline and the names, ids and keys they share. All queues live under one
 * hash-tagged prefix (`{kyc}` by default) so that every key of the pipeline falls in one Redis Cluster slot,
 * which BullMQ's multi-key Lua scripts and flows require.
 */
export const QUEUES = {
  runs: 'runs',
  checks: 'checks',
  verdicts: 'verdicts',
} as const;

/** The queues one run's jobs go to: its coordinator's and its checks' are its service's own. */
export interface RunQueues {
  readonly runs: string;
  readonly checks: string;
  /** The merges call no service: one queue for every service. */
  readonly verdicts: string;
}

/**
 * The queues of the runs of one Lookup Service (src/settings/service-identity.ts): `runs-<id>` and
 * `checks-<id>`, so that a worker only ever sees the jobs of the service it was configured with. A run of
 * an older version (no service recorded) keeps the plain names its jobs were added under.
 */
export function queuesOf(service: { readonly id: string } | string | undefined): RunQueues {
  const id = typeof service === 'string' ? service : service?.id;
  if (id === undefined) return { ...QUEUES };
  return { runs: `${QUEUES.runs}-${id}`, checks: `${QUEUES.checks}-${id}`, verdicts: QUEUES.verdicts };
}

/** The service id of a queue named by queuesOf, or undefined for a plain one. */
export function serviceOfQueue(name: string): string | undefined {
  return /^(?:runs|checks)-([0-9a-f]{12})$/u.exec(name)?.[1];
}

/**
 * A run's priority. `interactive` is a single client screened through the API (POST /v1/screen), served
 * ahead of every run a user submits, `high` ones included; runs are submitted at the other three.
 */
export type Priority = 'interactive' | 'high' | 'normal' | 'low';

/** BullMQ priorities: 1 is served first. Every job gets an explicit one (0 would jump ahead of all). */
export const PRIORITY: Readonly<Record<Priority, number>> = { interactive: 1, high: 2, normal: 5, low: 10 };

/** The lane of the quota a job's calls take (./lanes.ts): its run's priority's, `low` in `normal`. */
export function laneOfPriority(priority: number | undefined): Lane {
  if (priority === undefined || priority <= 0) return 'normal';
  if (priority <= PRIORITY.interactive) return 'interactive';
  return priority <= PRIORITY.high ? 'high' : 'normal';
}

/** Deterministic ids (`<runId>-<row>-<kind>`): re-adding after a crash is a no-op. BullMQ 6 forbids `:`. */
export function checkJobId(runId: string, row: number, kind: CheckKind): string {
  return `${runId}-${row}-${kind}`;
}

export function mergeJobId(runId: string, row: number): string {
  return `${runId}-${row}-merge`;
}

/** BullMQ's hash of one job (`<prefix>:<queue>:<jobId>`). */
export function jobKey(prefix: string, queue: string, jobId: string): string {
  return `${prefix}:${queue}:${jobId}`;
}

/** BullMQ's lists of a queue's jobs that wait for a worker: plain and prioritized. */
export function waitingKeys(prefix: string, queue: string): { wait: string; prioritized: string } {
  return { wait: `${prefix}:${queue}:wait`, prioritized: `${prefix}:${queue}:prioritized` };
}

/**
 * The score BullMQ's prioritized set gives the jobs of one priority is `priority × 2^32 + a counter`: every
 * job below this bound is served before, or with, a new job of `priority`.
 */
export function servedNotLaterBound(priority: number): number {
  return (priority + 1) * 0x100000000;
}

/** The check kind encoded in a child job key (`<prefix>:checks:<runId>-<row>-<kind>`). */
export function kindOfJobKey(jobKey: string): CheckKind | undefined {
  const kind = jobKey.slice(jobKey.lastIndexOf('-') + 1);
  return isCheckKind(kind) ? kind : undefined;
}

/**
 * Run ids become part of job ids, Redis keys, output directories (`out/<runId>`) and part file names:
 * letters, digits, `_`, `-` and `.`, at most 64, never `.` first (no `.`, `..` or hidden names) and never
 * `..` anywhere, so that no run id can name a directory outside the one it is joined to.
 */
export const RUN_ID_PATTERN = /^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}$/;

/** The run id as given on the command line or in a request, or KYC_ERR_RUN_ID (exit 2). */
export function checkRunId(id: string, source = 'run id'): string {
  if (!RUN_ID_PATTERN.test(id))
    throw new KycError('KYC_ERR_RUN_ID', `${source}: ${JSON.stringify(id.slice(0, 80))}`);
  return id;
}

export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
  const random = Math.random().toString(36).slice(2, 8);
  return `r${stamp}_${random}`;
}

/** Redis keys of one run, outside BullMQ's own, under the same hash tag. */
export function runKeys(prefix: string, runId: string) {
  const base = `${prefix}:run:${runId}`;
  return {
    meta: `${base}:meta`,
    /** row → stored merge result, until the writer has written it. */
    results: `${base}:results`,
    /**
     * `<row>:<kind>` → a check's result, until its row's merge has it: kept here rather than as the job's
     * return value, which BullMQ also writes to the queue's event stream.
     */
    checkResults: `${base}:check-results`,
    checkpoint: `${base}:checkpoint`,
    counters: `${base}:counters`,
    /** One generation of the run's cached answers (see RequestCache). */
    cacheGeneration: (generation: number) => `${base}:cache:g${generation}`,
    cacheLock: (digest: string) => `${base}:cache-lock:${digest}`,
    cachePattern: `${base}:cache*`,
    /** The run's whitelist entries by client key (src/whitelist/store.ts), read by its merges. */
    whitelistEntries: `${base}:whitelist`,
    /** The run's mirror of the foreign-agent register and its note (src/mirror/store.ts). */
    foreignAgentMirror: `${base}:fa-mirror`,
    /** How the run's foreign-agent check finds its candidates (JSON note), kept with the run's meta. */
    foreignAgentStrategy: `${base}:fa-strategy`,
    /** Which coordinator holds the run (src/run/lease.ts); lapses on its own. */
    lease: `${base}:lease`,
  };
}

/** Sorted set of run ids by creation time, for `status` and the dashboard. */
export function runsIndexKey(prefix: string): string {
  return `${prefix}:runs`;
}

/**
 * The services whose workers share this Redis (hash: id → JSON url and key fingerprint), for the dashboard,
 * and each one's heartbeat, present while a process serves its runs (src/upstream/service-registry.ts).
 */
export function serviceKeys(prefix: string, id: string) {
  return { all: `${prefix}:services`, served: `${prefix}:service:${id}:served` };
}

/** The one GCRA pacer of the API key, shared by every worker on every machine. */
export function pacerKey(prefix: string): string {
  return `${prefix}:pacer`;
}

/**
 * The shared records about the Lookup Service (src/upstream/state.ts); what is learned of one service is
 * kept under its identity when one is given.
 */
export function upstreamKeys(prefix: string, service?: string) {
  const base = `${prefix}:upstream`;
  const learned = service === undefined ? base : `${base}:${service}`;
  return {
    /** The Retry-After pause in force: until, cause, which run's answer. */
    pause: `${base}:pause`,
    /** The circuit breaker, present while open: code, error, when, which run. */
    breaker: `${base}:breaker`,
    /** Auth or network failures in a row. */
    failures: `${base}:failures`,
    /** Held by the one process probing the service after failures in a row. */
    probe: `${base}:probe`,
    /** Present for a minute after the service last answered a call with the key (src/upstream/state.ts). */
    answered: `${learned}:answered`,
    /** The page size the last preflight measured, and the result cap it was measured against. */
    pageSize: `${learned}:page-size`,
  };
}
