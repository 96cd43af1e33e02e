import { WATCH_LISTS, type CheckKind, type CheckResult } from '../domain/check.js';
import type { EntityType, RowIssue } from '../domain/client.js';
import type { Verdict, VerdictKind } from '../domain/verdict.js';
import { KIND_PREFIX, errorReason, notRunReason, rowInvalidReason, rowWarningReason } from './reasons.js';
import { SCORING_VERSION } from '../matching/thresholds.js';

/**
 * One verdict per client, in this order of precedence:
 *   HIT        a sanctions or foreign-agent MATCH (whatever else happened: a hit is a hit);
 *   INCOMPLETE any check ERROR (a failed check never yields CLEAR), or no check result at all;
 *   REVIEW     any POSSIBLE_MATCH or FLAG (or a MATCH of a check that is not a watch list);
 *   PARTIAL    nothing found, but a watch-list or register check the client needs did not run
 *              (`<KIND>_NOT_RUN`: the run chose fewer checks), or could not run for want of data (a
 *              row without a name: `SANCTIONS_SKIPPED_NO_NAME`, …): CLEAR would claim a full screening;
 *   CLEAR      otherwise (CLEAR and SKIPPED checks only).
 * The optional checks (email, card, cadastral) follow the same rules. A disguised name (see
 * obfuscationFloor) is at least REVIEW. Reasons come most important first: the hit, the failures, what
 * needs review, notes of clear and skipped checks, then row warnings.
 */

/** Order within a group: the sources a compliance officer reads first come first. */
const KIND_ORDER: readonly CheckKind[] = [
  'sanctions',
  'foreign_agent',
  'bankruptcy',
  'debtor',
  'email',
  'card',
  'cadastral',
];

type Group = 0 | 1 | 2 | 3;

function groupOf(result: CheckResult): Group {
  if (result.status === 'MATCH' && WATCH_LISTS.has(result.kind)) return 0;
  if (result.status === 'ERROR') return 1;
  if (result.status === 'POSSIBLE_MATCH' || result.status === 'FLAG' || result.status === 'MATCH') return 2;
  return 3;
}

/** The codes a result contributes; a result that needs attention always contributes at least one. */
function reasonsOf(result: CheckResult, group: Group): readonly string[] {
  if (result.reasons.length > 0 || group === 3) return result.reasons;
  if (group === 1) return [errorReason(result.kind)];
  return [`${KIND_PREFIX[result.kind]}_${result.status}`];
}

const NAME_OBFUSCATED = 'NAME_OBFUSCATED';

/**
 * The skips of a screening check that had nothing to search by: the check could not run, so the row was
 * not screened against that register. The debtor check's skips stay as they are: an organization is not
 * its subject (`DEBTOR_SKIPPED_ORGANIZATION`), and it asks for a person's INN, which individuals need not
 * have and which the row then does not give (`DEBTOR_SKIPPED_NO_PERSON_INN`, documented as counting as run).
 */
const WANT_OF_DATA = new Set([
  'FOREIGN_AGENT_SKIPPED_NO_NAME_OR_INN',
  'SANCTIONS_SKIPPED_NO_NAME',
  'BANKRUPTCY_SKIPPED_NOTHING_TO_SEARCH',
]);

function skippedForWantOfData(result: CheckResult): boolean {
  return result.status === 'SKIPPED' && result.reasons.some((reason) => WANT_OF_DATA.has(reason));
}

/**
 * A name written to slip past a comparison (invisible characters, look-alikes of another script, letters
 * of a third script: the row warning KYC_ERR_ROW_NAME_OBFUSCATED) is itself a reason to look: it was
 * screened in its cleaned form, and a CLEAR becomes REVIEW (`NAME_OBFUSCATED`). A HIT stays a HIT and an
 * INCOMPLETE stays INCOMPLETE, both with the code. Undefined when the row has no such warning.
 */
function obfuscationFloor(verdict: VerdictKind, warnings: readonly RowIssue[]): VerdictKind | undefined {
  if (!warnings.some((issue) => issue.code === 'KYC_ERR_ROW_NAME_OBFUSCATED')) return undefined;
  return verdict === 'CLEAR' || verdict === 'PARTIAL' ? 'REVIEW' : verdict;
}

/** The watch-list and register checks a CLEAR needs, unless the caller says which apply to the client. */
export const SCREENING_CHECKS: readonly CheckKind[] = ['foreign_agent', 'sanctions', 'bankruptcy', 'debtor'];

/** The screening checks that apply to a client: the debtor check exists for individuals only. */
export function screeningChecksFor(entityType: EntityType): readonly CheckKind[] {
  return entityType === 'organization'
    ? SCREENING_CHECKS.filter((kind) => kind !== 'debtor')
    : SCREENING_CHECKS;
}

export function decideVerdict(
  row: number,
  results: Partial<Record<CheckKind, CheckResult>>,
  warnings: readonly RowIssue[] = [],
  required: readonly CheckKind[] = SCREENING_CHECKS,
): Verdict {
  const present = KIND_ORDER.flatMap((kind) => {
    const result = results[kind];
    return result === undefined ? [] : [result];
  });
  const groups: string[][] = [[], [], [], []];
  for (const result of present) {
    const group = groupOf(result);
    groups[group]?.push(...reasonsOf(result, group));
  }
  let verdict: VerdictKind;
  if ((groups[0]?.length ?? 0) > 0) verdict = 'HIT';
  else if (present.length === 0 || present.some((r) => r.status === 'ERROR')) verdict = 'INCOMPLETE';
  else if (present.some((r) => groupOf(r) === 2)) verdict = 'REVIEW';
  else verdict = 'CLEAR';
  const notRun = verdict === 'CLEAR' ? required.filter((kind) => results[kind] === undefined) : [];
  if (notRun.length > 0 || (verdict === 'CLEAR' && present.some(skippedForWantOfData))) verdict = 'PARTIAL';

  const disguised = obfuscationFloor(verdict, warnings);
  if (disguised !== undefined) {
    verdict = disguised;
    groups[2]?.push(NAME_OBFUSCATED);
  }
  const reasons = [
    ...groups.flat(),
    ...(present.length === 0 ? ['NO_CHECKS'] : []),
    ...notRun.map(notRunReason),
  ];
  for (const issue of warnings) reasons.push(rowWarningReason(issue.code));
  const checks: Partial<Record<CheckKind, CheckResult>> = {};
  for (const result of present) checks[result.kind] = result;
  return { row, verdict, reasons: [...new Set(reasons)], checks, scoringVersion: SCORING_VERSION };
}

/** A row that could not be read: no check ran; the issue says why (`ROW_INVALID`, `ROW_INVALID_<X>`). */
export function invalidVerdict(row: number, issue: RowIssue): Verdict {
  return {
    row,
    verdict: 'INVALID',
    reasons: ['ROW_INVALID', rowInvalidReason(issue.code)],
    checks: {},
    scoringVersion: SCORING_VERSION,
  };
}
