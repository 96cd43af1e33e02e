import { formatMaxAge, type AnswerPolicy } from '../settings/answer-policy.js';
import { createHash } from 'node:crypto';
import { oldestAnswers } from './answer-freshness.js';
import type { UnrecognisedCount } from '../domain/unrecognised.js';
import type { ForeignAgentStrategyNote } from './mirror-snapshot.js';
import type { RegisterChangeReport } from './register-change-report.js';
import { oldestFetchedOn, parseCounters, type RunCounts } from '../domain/run-counters.js';
import { DEFAULT_PROFILE, type UpstreamProfile } from '../settings/upstream-profile.js';
import type { ServiceIdentity } from '../settings/service-identity.js';

export interface OutputFileInfo {
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
}

/**
 * What the manifest reads of a run's settings and state. Declared here, not borrowed from the run store,
 * so that export/ depends on no part of the pipeline; the store's RunState has every field.
 */
export interface ManifestRun {
  readonly id: string;
  readonly input: string;
  readonly inputSha256: string;
  readonly inputBytes: number;
  readonly priority: string;
  readonly window: number;
  readonly checks: readonly string[];
  readonly createdAt: string;
  readonly startedAt?: string | undefined;
  readonly emulator?: boolean;
  /** The Lookup Service the run screened against (absent: a run of an older version). */
  readonly service?: ServiceIdentity | undefined;
  readonly profile?: UpstreamProfile;
  readonly config: Readonly<Record<string, string | number | boolean>>;
  /** Max ages of answers kept across runs (src/answers); absent: every answer fresh. */
  readonly maxAge?: AnswerPolicy;
  /** Whether the review desk's decisions went into the verdicts, and why not (absent: not known). */
  readonly deskDecisions?:
    { readonly status: 'applied' } | { readonly status: 'not-applied'; readonly reason: string } | undefined;
}

/** The run's counter fields (`prefix:a:b` → n) as the run store keeps them. */
type Counters = Readonly<Record<string, number>>;

export interface ManifestInput {
  readonly run: ManifestRun;
  readonly finishedAt: string;
  readonly counters: Counters;
  readonly rows: number;
  /** How the input was read; `sheet` when it was an Excel workbook (its text fields then describe the outputs). */
  readonly input: {
    readonly encoding: string;
    readonly delimiter: string;
    readonly sheet?: string;
    /** File-level warnings of the reader (no ИНН column mapped): code and message. */
    readonly warnings?: readonly { readonly code: string; readonly message: string }[];
  };
  /** How verdicts.csv was written. */
  readonly output?: { readonly encoding: string; readonly bom: boolean };
  readonly outputs: readonly OutputFileInfo[];
  readonly softwareVersion: string;
  readonly scoringVersion: string;
  /** Unrecognised upstream answers of the run (RunStore.unrecognised). */
  readonly unrecognised?: readonly UnrecognisedCount[];
  /** How the foreign-agent check found its candidates (absent: the run had no foreign-agent check). */
  readonly foreignAgent?: ForeignAgentStrategyNote;
  /** What the sync of the kept foreign-agent mirror brought, and whom it hit (absent: no kept mirror). */
  readonly registerChange?: RegisterChangeReport;
}

/**
 * The upstream profile the run read answers by: where it came from (the file, or the defaults), the sha256
 * of its effective content (file and KYC_DEBTOR_NOT_FOUND merged) and that content, so an auditor can
 * tell how an answer was read without the file.
 */
function profileOf(run: ManifestRun) {
  const profile = run.profile ?? DEFAULT_PROFILE;
  const source = run.config.upstreamProfile;
  return {
    path: typeof source === 'string' && source !== 'defaults' ? source : null,
    sha256: createHash('sha256').update(JSON.stringify(profile)).digest('hex'),
    profile,
  };
}

/**
 * The answers the verdicts rest on, per check: asked by this run (`fresh`) or kept from an earlier run
 * (`reused`, src/answers), the day (UTC) the oldest reused one was fetched, and the policy in force.
 */
function answersSection(policy: AnswerPolicy | undefined, counts: RunCounts, m: ManifestInput) {
  const byCheck: Record<string, { fresh: number; reused: number; oldest_fetched_on: string | null }> = {};
  for (const [kind, sources] of Object.entries(counts.answers))
    byCheck[kind] = {
      fresh: sources.fresh ?? 0,
      reused: sources.reused ?? 0,
      oldest_fetched_on: oldestFetchedOn(counts, kind) ?? null,
    };
  return {
    max_age: formatMaxAge(policy),
    reused: counts.answersReused,
    // Kept entries that failed their seal or content (cut, altered, moved): not used, asked again.
    discarded: counts.answersDiscarded,
    oldest_fetched_on: oldestFetchedOn(counts) ?? null,
    by_check: byCheck,
    // Per register, the age of the oldest answer a verdict rests on (src/export/answer-freshness.ts).
    oldest_answer_by_check: oldestAnswers({
      counts,
      startedAt: m.run.startedAt,
      finishedAt: m.finishedAt,
      foreignAgent: m.foreignAgent,
    }),
  };
}

function deskDecisionsOf(run: ManifestRun): { status: string; reason?: string } | null {
  const desk = run.deskDecisions;
  if (!desk) return null;
  return desk.status === 'applied' ? { status: desk.status } : { status: desk.status, reason: desk.reason };
}

/**
 * manifest.json: everything an auditor needs to tie the outputs to the input and to the software that
 * made them: hashes of every file, counts that must agree with the files, the upstream traffic and the
 * effective configuration (no secrets).
 */
export function buildManifest(m: ManifestInput) {
  const counts = parseCounters(m.counters, (m.run.profile ?? DEFAULT_PROFILE).resultCap);
  const verdicts = counts.verdicts;
  const invalid = verdicts.INVALID ?? 0;
  const clients = m.rows - invalid;
  const calls = counts.calls;
  return {
    manifest_version: 1,
    run_id: m.run.id,
    ...(m.run.emulator
      ? {
          emulator: true,
          emulator_notice:
            'Screened against the built-in emulator of the Lookup Service: its registers are synthetic; ' +
            'these verdicts are not a real screening.',
        }
      : {}),
    // Which service (URL, and which key by a fingerprint that cannot give the key back) every verdict came from.
    ...(m.run.service
      ? {
          service: {
            id: m.run.service.id,
            url: m.run.service.url,
            key_fingerprint: m.run.service.keyFingerprint,
          },
        }
      : {}),
    created_at: m.run.createdAt,
    started_at: m.run.startedAt ?? null,
    finished_at: m.finishedAt,
    priority: m.run.priority,
    input: {
      path: m.run.input,
      sha256: m.run.inputSha256,
      bytes: m.run.inputBytes,
      encoding: m.input.encoding,
      delimiter: m.input.delimiter,
      ...(m.input.sheet === undefined ? {} : { sheet: m.input.sheet }),
      ...(m.input.warnings?.length ? { warnings: m.input.warnings } : {}),
    },
    rows: { total: m.rows, clients, invalid },
    output: {
      encoding: m.output?.encoding ?? null,
      bom: m.output?.bom ?? null,
      // Rows of verdicts.csv with a character the output encoding cannot represent (written as ?).
      lossy_rows: counts.lossyRows,
    },
    verdicts,
    checks: counts.checks,
    upstream: {
      calls,
      calls_by_operation: counts.callsByOperation,
      retries: counts.retries,
      rate_limited_429: counts.rateLimited,
      cache_hits: counts.cacheHits,
      // Kept answers of earlier runs used instead of a call (`answers` below says which and how old).
      answers_reused: counts.answersReused,
      calls_per_client: clients > 0 ? Number((calls / clients).toFixed(3)) : 0,
      // The page size the service cut answers at, learned below the profile's resultCap (absent: none).
      ...(counts.pageSize ? { page_size: counts.pageSize } : {}),
    },
    answers: answersSection(m.run.maxAge, counts, m),
    unrecognised: (m.unrecognised ?? []).map(({ operation, kind, count, example }) => ({
      operation,
      kind,
      count,
      example,
    })),
    // Approved false positives of the review desk suppressed in these verdicts, or not (and why): a run
    // without them keeps flags the desk cleared (docs/review-desk.md).
    desk_decisions: deskDecisionsOf(m.run),
    ...(m.foreignAgent ? { foreign_agent_strategy: m.foreignAgent } : {}),
    ...(m.registerChange ? { foreign_agent_mirror: m.registerChange } : {}),
    upstream_profile: profileOf(m.run),
    scoring_version: m.scoringVersion,
    software_version: m.softwareVersion,
    checks_run: m.run.checks,
    config: { ...m.run.config, window: m.run.window },
    outputs: m.outputs,
  };
}

export type Manifest = ReturnType<typeof buildManifest>;
