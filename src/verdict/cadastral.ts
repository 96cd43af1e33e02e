import type { CheckResult, RequestRecord } from '../domain/check.js';
import { clip } from './candidates.js';
import type { OptionalRowField } from './optional-fields.js';

/** The three sources the cadastral report combines (spec 2.9), in the order the row lists them. */
export const CADASTRAL_SOURCES = ['nspd', 'rosreestr_sprav', 'fssp'] as const;
export type CadastralSource = (typeof CADASTRAL_SOURCES)[number];
type SourceState = 'checked' | 'error' | 'skipped';

/** The reason code of a source that reported `error`, e.g. `CADASTRAL_SOURCE_ERROR_ROSREESTR_SPRAV`. */
export function sourceErrorReason(source: CadastralSource): string {
  return `CADASTRAL_SOURCE_ERROR_${source.toUpperCase()}`;
}

/**
 * What the cadastral decision reads of the report (spec 2.9); the registry client's `CadastralReport` fits
 * it. The whole report object is kept as evidence, so loose extra fields are welcome.
 */
export interface CadastralAnswer {
  readonly cadastral_number: string;
  readonly summary: {
    readonly has_encumbrances: boolean | null;
    readonly has_active_fssp: boolean | null;
    readonly sources: Readonly<Record<CadastralSource, SourceState>>;
  };
  readonly nspd: { readonly error?: string | null | undefined };
  readonly rosreestr_sprav: { readonly error: string | null };
  readonly fssp: {
    readonly skipped: boolean;
    readonly reason: string;
    readonly count: number | null;
    readonly error: string | null;
  };
}

type CadastralRowFields = Record<OptionalRowField<'cadastral'>, string>;

/** `true` / `false`, and `unknown` for the spec's null ("no source returned data"), which is not `false`. */
function tristate(value: boolean | null): string {
  return value === null ? 'unknown' : String(value);
}

/**
 * The summary keeps null apart from false (spec 2.9: `null` = no source returned data, `false` = checked,
 * none found), and so does this decision: only a checked `false` can be CLEAR.
 *
 *  - `has_encumbrances` true → FLAG CADASTRAL_ENCUMBRANCES;
 *  - `has_active_fssp` true → FLAG CADASTRAL_ACTIVE_FSSP;
 *  - `has_encumbrances` null, or `has_active_fssp` null although the bailiff source says `checked`
 *    → FLAG CADASTRAL_UNKNOWN: the service answered, so a rerun is unlikely to help (an object no source
 *    knows is usually a wrong number in the client file), and a reviewer must look;
 *  - a source in `error` → FLAG CADASTRAL_SOURCE_ERROR_<SOURCE>, with its failure text in the evidence: the
 *    combined answer is partial, so it cannot clear the client;
 *  - the bailiff source `skipped` (no owner name, so the service could not run it) is no flag: the row
 *    notes it with CADASTRAL_FSSP_SKIPPED, so a CLEAR says what it covers.
 * FLAG rather than ERROR for the unknown cases: ERROR would make the client INCOMPLETE, which asks for a
 * rerun, whereas these answers are final for the object as the service knows it.
 */
export function decideCadastral(report: CadastralAnswer, requests: readonly RequestRecord[]): CheckResult {
  const { summary } = report;
  const findings: string[] = [];
  const reasons: string[] = [];
  if (summary.has_encumbrances === true) {
    findings.push('encumbrances');
    reasons.push('CADASTRAL_ENCUMBRANCES');
  }
  if (summary.has_active_fssp === true) {
    findings.push(`active bailiff proceedings${report.fssp.count === null ? '' : ` (${report.fssp.count})`}`);
    reasons.push('CADASTRAL_ACTIVE_FSSP');
  }
  const fsspUnknown = summary.sources.fssp === 'checked' && summary.has_active_fssp === null;
  if (summary.has_encumbrances === null || fsspUnknown) {
    findings.push(summary.has_encumbrances === null ? 'encumbrances unknown' : 'bailiff check unknown');
    reasons.push('CADASTRAL_UNKNOWN');
  }
  const errors: Record<string, string> = {};
  for (const source of CADASTRAL_SOURCES) {
    if (summary.sources[source] !== 'error') continue;
    const text = report[source].error ?? '';
    errors[`${source}_error`] = text;
    findings.push(`${source} error${text === '' ? '' : `: ${clip(text, 50)}`}`);
    reasons.push(sourceErrorReason(source));
  }
  const fsspSkipped = summary.sources.fssp === 'skipped';
  if (fsspSkipped) reasons.push('CADASTRAL_FSSP_SKIPPED');
  const row: CadastralRowFields = {
    has_encumbrances: tristate(summary.has_encumbrances),
    has_active_fssp: fsspSkipped ? 'skipped' : tristate(summary.has_active_fssp),
    sources: CADASTRAL_SOURCES.map((s) => `${s}=${summary.sources[s]}`).join('; '),
  };
  return {
    kind: 'cadastral',
    status: findings.length > 0 ? 'FLAG' : 'CLEAR',
    score: 0,
    detail: findings.length > 0 ? clip(findings.join('; '), 120) : fsspSkipped ? 'bailiff check skipped' : '',
    reasons,
    candidates: [],
    requests,
    fields: {
      ...row,
      ...errors,
      ...(fsspSkipped && report.fssp.reason !== '' ? { fssp_reason: report.fssp.reason } : {}),
      ...(report.fssp.count === null ? {} : { fssp_count: String(report.fssp.count) }),
      report: JSON.stringify(report),
    },
  };
}
