import type { AnswerPolicy } from '../../settings/answer-policy.js';
import type { Lang } from '../../i18n/lang.js';
import type { CheckKind } from '../../domain/check.js';
import {
  unrecognisedExampleField,
  unrecognisedFieldOf,
  type CounterFields,
} from '../../domain/run-counters.js';
import type { UnrecognisedCount } from '../../domain/unrecognised.js';
import { KycError, type ErrorCode } from '../../errors.js';
import type { OutputEncoding } from '../../export/csv-format.js';
import type { IngestEncoding } from '../../ingest/types.js';
import type { FaStrategyOption } from '../../settings/fa-strategy-option.js';
import type { UpstreamProfile } from '../../settings/upstream-profile.js';
import type { ServiceIdentity } from '../../settings/service-identity.js';
import type { Priority } from './topology.js';

/**
 * What Redis knows of a run: its settings (so that any coordinator on any machine can resume it), its
 * progress, its counters and the writer's checkpoint. Personal data never goes here; the input stays a path.
 */
export type RunStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface RunSettings {
  readonly id: string;
  readonly input: string;
  readonly inputSha256: string;
  readonly inputBytes: number;
  readonly out: string;
  readonly evidence: string;
  readonly manifest: string;
  readonly priority: Priority;
  readonly window: number;
  /** A repeated request within this many rows is answered from the run's cache (`--cache-rows`). */
  readonly cacheRows?: number;
  /** Max ages of answers kept across runs (`--max-age`, src/answers). Absent: every answer fresh. */
  readonly maxAge?: AnswerPolicy;
  /** Attempts of each check job (`--attempts`). Absent: those of the worker that coordinates the run. */
  readonly attempts?: number;
  /** Check kinds of the run, in output column order. */
  readonly checks: readonly CheckKind[];
  /** E-mail check: ask the service to check mail exchangers (`--smtp`). Absent: false. */
  readonly smtp?: boolean;
  /** Card check: ISO 3166 alpha-3 issuing countries that flag (`--card-risk-countries`). Absent: none. */
  readonly cardRiskCountries?: readonly string[];
  readonly encoding?: IngestEncoding;
  /** The input's column delimiter (`--delimiter`); absent: detected. */
  readonly delimiter?: string;
  readonly columns?: string;
  /** The sheet of an Excel workbook input (`--sheet`); absent: its first visible sheet. */
  readonly sheet?: string;
  readonly outEncoding?: OutputEncoding;
  readonly outDelimiter?: string;
  /** `--out-bom`: verdicts.csv starts with a byte-order mark (UTF-8 for Excel). Absent: as the input. */
  readonly outBom?: boolean;
  readonly createdAt: string;
  /** The whitelist file applied (`--whitelist`); its entries and text are under the run's keys in Redis. */
  readonly whitelist?: { readonly path: string; readonly sha256: string; readonly entries: number };
  /** The schedule that fired this run (`kyc-screen schedule`), for the delta against its previous run. */
  readonly schedule?: string;
  /** The name of the HTTP API token that submitted this run (`kyc-screen serve`); absent: the command line. */
  readonly submitter?: string;
  /** The run also writes report.html beside its manifest when it completes (every run unless --no-report). */
  readonly report?: boolean;
  /** The language of that report (`--lang`, `KYC_LANG`). Absent: the language of the worker that writes it. */
  readonly lang?: Lang;
  /**
   * How the foreign-agent check finds candidates (`--fa-strategy`, `KYC_FA_STRATEGY`): per-client
   * searches, the run's mirror of the register, or the cheaper of the two (docs/foreign-agent-mirror.md).
   * Absent: auto.
   */
  readonly faStrategy?: FaStrategyOption;
  /** The upstream profile the run's checks read answers by, when it is not the defaults. */
  readonly profile?: UpstreamProfile;
  /** `--overwrite`: the completed outputs may replace existing files (docs/operations.md). Absent: false. */
  readonly overwrite?: boolean;
  /** Mode of the output files (`--output-mode`, `KYC_OUTPUT_MODE`). Absent: 0600. */
  readonly outputMode?: number;
  /**
   * The run screens against the built-in emulator (`--emulator`): every output carries the marker (manifest
   * field, a `kyc_upstream` column in verdicts.csv, a field on every evidence line). Absent: the real service.
   */
  readonly emulator?: boolean;
  /**
   * The Lookup Service the run screens against (URL, key fingerprint, id): only workers of this identity
   * serve it. Absent: a run recorded by an older version, which cannot be resumed (KYC_ERR_RUN_SERVICE_UNKNOWN).
   */
  readonly service?: ServiceIdentity;
  /**
   * `--require-desk`: the run fails (KYC_ERR_DESK_REQUIRED) rather than screen without the review desk's
   * approved false positives. Absent: it screens, and says that the decisions were not applied.
   */
  readonly requireDesk?: boolean;
  /** Effective config without secrets, for the manifest. */
  readonly config: Readonly<Record<string, string | number | boolean>>;
}

/** The delta of a scheduled run against its schedule's previous run, once computed (counts only). */
export interface RunDelta {
  readonly previousRunId: string;
  readonly counts: Readonly<Record<string, number>>;
  /** Clients that are a HIT now and were not before. */
  readonly newHits: number;
  readonly file: string;
}

/**
 * Why a run's verdicts were made without the review desk's approved false positives; stable codes, shown
 * as they are in the summary, the manifest and the report (docs/review-desk.md).
 */
export const DESK_ABSENCES = [
  // The embedded desk database was open in another process (`serve`, another `run`).
  'DESK_DB_BUSY',
  // A `worker` without DATABASE_URL coordinated the run: it does not open the embedded database.
  'DESK_NOT_SHARED',
  // The process that coordinated the run had no desk open.
  'DESK_NOT_OPEN',
] as const;
export type DeskAbsence = (typeof DESK_ABSENCES)[number];

/** What the log, the summary and the manifest say of a reason, in the operator's words (English). */
export const DESK_ABSENCE_TEXT: Readonly<Record<DeskAbsence, string>> = {
  DESK_DB_BUSY: 'the embedded desk database is open in another process (serve, another run)',
  DESK_NOT_SHARED:
    'a worker without DATABASE_URL coordinated the run: it does not open the embedded desk database',
  DESK_NOT_OPEN: 'the process that coordinated the run had no review desk open',
};

/**
 * Whether the review desk's decisions went into the run's verdicts: `applied` when every coordinator of the
 * run (a resume is one more) loaded them; `not-applied` once any did not, with the reason.
 */
export type DeskDecisions =
  { readonly status: 'applied' } | { readonly status: 'not-applied'; readonly reason: DeskAbsence };

export interface RunState extends RunSettings {
  readonly status: RunStatus;
  // `| undefined`: read from a Redis hash where a field may be absent, and `update` skips undefined ones.
  readonly startedAt?: string | undefined;
  readonly finishedAt?: string | undefined;
  /** sha256 of the manifest the run placed: what `report verify` compares a package's manifest with. */
  readonly manifestSha256?: string | undefined;
  /** Known once the reader reached the end of the file. */
  readonly totalRows?: number | undefined;
  /** Input bytes the reader had consumed at the last dispatch: with inputBytes, the share of the file read. */
  readonly bytesRead?: number | undefined;
  /**
   * Rows the reader had parsed at the last dispatch, from the top of the file (a resume's skipped rows
   * included), and the input bytes they took: the file's mean row size without the read-ahead.
   */
  readonly rowsConsumed?: number | undefined;
  readonly bytesConsumed?: number | undefined;
  readonly dispatched: number;
  readonly written: number;
  /** Why the run failed, as encodeFailure wrote it (`KYC_ERR_X: message`, or an unexpected error's text). */
  readonly error?: string | undefined;
  /** The catalog code of the failure; absent when the run failed on an unexpected error (see `error`). */
  readonly errorCode?: ErrorCode | undefined;
  readonly delta?: RunDelta | undefined;
  /** Absent: no coordinator has started the run yet (or a version before the field coordinated it). */
  readonly deskDecisions?: DeskDecisions | undefined;
}

export type Counters = CounterFields;

/**
 * The `<operation>:<kind>` of an unrecognised answer's counter (unrecognisedCounter) and of its example
 * (unrecognisedExampleField); `:` in a kind would split it wrongly.
 */
export function unrecognisedField(operation: string, kind: string): string {
  return `${operation.replace(/:/g, '_')}:${kind.replace(/:/g, '_')}`;
}

/** Examples to keep, by unrecognisedField; the first one written for a field stays. */
export type UnrecognisedExamples = Readonly<Record<string, string>>;

/** KYC_ERR_RUN_EXISTS for the id, naming how to continue that run instead. */
export function runExists(runId: string): KycError {
  return new KycError('KYC_ERR_RUN_EXISTS', `${runId} (to continue it: kyc-screen run --resume ${runId})`);
}

/** The unrecognised answers in a run's counters hash (as HGETALL returns it), most frequent first. */
export function unrecognisedOf(raw: Readonly<Record<string, string>>): UnrecognisedCount[] {
  const out: UnrecognisedCount[] = [];
  for (const [counter, value] of Object.entries(raw)) {
    const rest = unrecognisedFieldOf(counter);
    if (rest === undefined) continue;
    const cut = rest.indexOf(':');
    out.push({
      operation: rest.slice(0, cut),
      kind: rest.slice(cut + 1),
      count: Number(value),
      example: raw[unrecognisedExampleField(rest)] ?? '',
    });
  }
  return out.sort((a, b) => b.count - a.count || a.operation.localeCompare(b.operation));
}

/** The same from counters already read (examples absent). */
export function unrecognisedCounts(counters: Counters): { operation: string; kind: string; count: number }[] {
  return unrecognisedOf(Object.fromEntries(Object.entries(counters).map(([k, v]) => [k, String(v)]))).map(
    ({ operation, kind, count }) => ({ operation, kind, count }),
  );
}
