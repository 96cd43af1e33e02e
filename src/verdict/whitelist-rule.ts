import { WATCH_LISTS, type CheckKind, type CheckResult, type ScoredCandidate } from '../domain/check.js';
import { candidateDetail, clip } from './candidates.js';
import { KIND_PREFIX, reopenedReason, suppressedReason } from './index.js';
import type { WhitelistEntry } from './whitelist-entry.js';

/**
 * The whitelist rule, pure like the rest of the verdict core: it runs in the merge, on the check results of
 * one client, before decideVerdict. Rules (docs/matching.md, "Whitelist"):
 *  - a MATCH or POSSIBLE_MATCH candidate whose register and record id an entry of this client names, with
 *    the reviewed content hash → SUPPRESSED (kept as evidence, reviewer and comment in its explanation);
 *  - the same with another hash → unchanged, it counts: the record changed since the review (reopened);
 *  - a sanctions entry whose record id no candidate carries still applies to the candidate with exactly
 *    the reviewed content hash: that content is one list entry, whatever id an older version of the engine
 *    gave it (sanctions ids were a hash of the name fields only until 1.7.0; see docs/matching.md);
 *  - the check's status drops only as far as the suppressed candidates carried it.
 */

const RAISING: ReadonlySet<ScoredCandidate['decision']> = new Set(['MATCH', 'POSSIBLE_MATCH']);

/** Reasons are joined with `; ` in a row: free text must not look like a separator. */
function safe(text: string): string {
  return text.replace(/[;\r\n\t]+/gu, ',').trim();
}

function entryKey(register: string, recordId: string): string {
  return `${register}\u0000${recordId}`;
}

interface ClientEntries {
  readonly byId: ReadonlyMap<string, WhitelistEntry>;
  /** Sanctions entries by reviewed content hash, for entries written under an id the engine no longer gives. */
  readonly byHash: ReadonlyMap<string, WhitelistEntry>;
}

/** The entry for a candidate: by its record id, else by its exact content (renamed under the candidate's id). */
function entryFor(candidate: ScoredCandidate, entries: ClientEntries): WhitelistEntry | undefined {
  const byId = entries.byId.get(entryKey(candidate.source, candidate.recordId));
  if (byId) return byId;
  const byHash = entries.byHash.get(entryKey(candidate.source, candidate.recordHash));
  return byHash ? { ...byHash, recordId: candidate.recordId } : undefined;
}

function applyToCheck(result: CheckResult, entries: ClientEntries): CheckResult {
  if (result.status === 'ERROR' || result.status === 'SKIPPED') return result;
  const suppressed: WhitelistEntry[] = [];
  const reopened: WhitelistEntry[] = [];
  const candidates = result.candidates.map((candidate): ScoredCandidate => {
    if (!RAISING.has(candidate.decision)) return candidate;
    const entry = entryFor(candidate, entries);
    if (!entry) return candidate;
    const who = `${safe(entry.reviewer)} on ${entry.date}`;
    if (entry.recordHash === candidate.recordHash) {
      suppressed.push(entry);
      const comment = entry.comment ? `: ${safe(entry.comment)}` : '';
      return {
        ...candidate,
        decision: 'SUPPRESSED',
        explanation: `${candidate.explanation}; whitelisted as a false positive by ${who}${comment}`,
      };
    }
    reopened.push(entry);
    return {
      ...candidate,
      explanation: `${candidate.explanation}; whitelist entry by ${who} reopened: the record changed since the review`,
    };
  });
  if (suppressed.length === 0 && reopened.length === 0) return result;

  const notes = [
    ...reopened.map((e) =>
      reopenedReason(
        result.kind,
        `${safe(e.recordId)} reviewed by ${safe(e.reviewer)} ${e.date}, record changed`,
      ),
    ),
    ...suppressed.map((e) =>
      suppressedReason(result.kind, `${safe(e.recordId)} by ${safe(e.reviewer)} ${e.date}`),
    ),
  ];
  const updated: CheckResult = { ...result, candidates, reasons: [...result.reasons, ...notes] };
  if (suppressed.length === 0) return updated;

  const left = candidates.filter((c) => RAISING.has(c.decision));
  const raised = result.status === 'MATCH' || result.status === 'POSSIBLE_MATCH' || result.status === 'FLAG';
  if (raised && left.length === 0) {
    const ids = suppressed.map((e) => safe(e.recordId)).join(', ');
    const was = result.detail ? `${result.status}: ${result.detail}` : result.status;
    return { ...updated, status: 'CLEAR', detail: clip(`suppressed ${ids}; was ${was}`), reasons: notes };
  }
  if (
    WATCH_LISTS.has(result.kind) &&
    result.status === 'MATCH' &&
    !left.some((c) => c.decision === 'MATCH')
  ) {
    const prefix = KIND_PREFIX[result.kind];
    return {
      ...updated,
      status: 'POSSIBLE_MATCH',
      detail: candidateDetail(left),
      reasons: [
        ...result.reasons.map((r) => (r === `${prefix}_MATCH` ? `${prefix}_POSSIBLE_MATCH` : r)),
        ...notes,
      ],
    };
  }
  return updated;
}

/** The client's check results with its whitelist entries applied; results without a whitelisted match as they were. */
export function applyWhitelist(
  results: Partial<Record<CheckKind, CheckResult>>,
  clientKey: string,
  entries: readonly WhitelistEntry[],
): Partial<Record<CheckKind, CheckResult>> {
  const byId = new Map<string, WhitelistEntry>();
  const byHash = new Map<string, WhitelistEntry>();
  // Later lines of the file are later reviews: the last entry for a record wins.
  for (const entry of entries) {
    if (entry.clientKey !== clientKey) continue;
    byId.set(entryKey(entry.register, entry.recordId), entry);
    if (entry.register === 'sanctions') byHash.set(entryKey(entry.register, entry.recordHash), entry);
  }
  if (byId.size === 0) return results;
  const own: ClientEntries = { byId, byHash };
  const out: Partial<Record<CheckKind, CheckResult>> = {};
  for (const [kind, result] of Object.entries(results) as [CheckKind, CheckResult | undefined][]) {
    if (result) out[kind] = applyToCheck(result, own);
  }
  return out;
}
