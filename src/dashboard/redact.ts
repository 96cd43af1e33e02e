import { maskUrlCredentials } from '../config.js';
import type { ErrorCode } from '../errors.js';
import { failureCodeOf } from '../failure.js';
import type { RunState } from '../run/state/run-store.js';

/**
 * What the dashboard shows of a job. It has no login, and job data carries clients (names, INNs, birth
 * dates) and check results carry the requests made with them: bull-board gets run ids, rows, check kinds
 * and outcomes only. A client id (`id:` key) is the bank's own reference and stays.
 */
const HIDDEN = '[personal data hidden]';

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A check result as an outcome: no requests (their parameters are the client's name), no candidates. */
function outcome(value: Loose): Loose {
  const { kind, status, score, detail, reasons } = value;
  return { kind, status, score, detail, reasons };
}

export function redactJobData(data: unknown): unknown {
  if (!isObject(data)) return data;
  const out: Loose = { ...data };
  if ('client' in out) out.client = HIDDEN;
  if (typeof out.clientKey === 'string' && !out.clientKey.startsWith('id:')) out.clientKey = HIDDEN;
  if (Array.isArray(out.decided))
    out.decided = out.decided.map((d: unknown) => (isObject(d) ? outcome(d) : d));
  if (Array.isArray(out.warnings))
    out.warnings = out.warnings.map((w: unknown) => (isObject(w) ? { code: w.code, field: w.field } : w));
  return out;
}

export function redactReturnValue(value: unknown): unknown {
  return isObject(value) && 'kind' in value && 'status' in value ? outcome(value) : value;
}

/** Longest failure reason kept: enough for a code, its message and a path. */
const REASON_MAX = 300;
/** Not a masked URL's `***@host`: a local part has letters or digits. */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/**
 * A failed run's reason as the dashboard shows it: the first line, clipped. A failure with a catalog code
 * (the run's errorCode) has a catalogue message, which names no personal data; anything else may quote what
 * it failed on, so of it only its kind is shown (the coordinator's log has the rest). E-mail addresses and long digit runs (INNs, document and phone
 * numbers) are masked either way, should a message ever quote one.
 */
export function failureReason(error: string, code: ErrorCode | undefined = failureCodeOf(error)): string {
  const line = maskUrlCredentials(error).split('\n')[0]?.trim() ?? '';
  const text = code
    ? line
    : `${/^[A-Za-z]\w*/u.exec(line)?.[0] ?? 'Error'}: unexpected error, see the coordinator's log`;
  const masked = text.replace(EMAIL, '[e-mail]').replace(/\d{9,}/gu, '[digits]');
  return masked.length > REASON_MAX ? `${masked.slice(0, REASON_MAX - 1)}…` : masked;
}

/**
 * A run as the dashboard shows it: credentials inside URLs of its recorded config masked, also for runs
 * recorded before kyc-screen masked them at submission; a failure reason as `failureReason` words it.
 */
export function redactRun(run: RunState): RunState {
  const config = Object.fromEntries(
    Object.entries(run.config).map(([k, v]) => [k, typeof v === 'string' ? maskUrlCredentials(v) : v]),
  );
  return { ...run, config, ...(run.error ? { error: failureReason(run.error, run.errorCode) } : {}) };
}
