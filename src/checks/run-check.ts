import type { CheckResult, CoreCheckKind, RequestRecord, UnrecognisedAnswer } from '../domain/check.js';
import { KIND_PREFIX } from '../verdict/reasons.js';
import type { Client } from '../domain/client.js';
import type {
  BankruptcyEntry,
  DebtorResult,
  ForeignAgentRecord,
  SanctionsRecord,
} from '../domain/records.js';
import {
  decideBankruptcy,
  decideDebtor,
  decideForeignAgent,
  decideSanctions,
  skippedCheck,
} from '../verdict/index.js';
import { withBankEvidence } from './bank-evidence.js';
import type { OptionalLookup } from './optional-lookup.js';
import { planCheck, type PlannedRequest } from './plan.js';
import { DEFAULT_PROFILE, type UpstreamProfile } from '../settings/upstream-profile.js';
import { recordHash } from '../matching/record-hash.js';

/** An answer of the Lookup Service with the evidence of the request that produced it. */
export interface Looked<T> {
  readonly data: T;
  readonly record: RequestRecord;
  /** What the client read tolerantly in this answer (a null where the contract has a string, …). */
  readonly unrecognised?: readonly UnrecognisedAnswer[];
}

/** The result with what the answers behind it had unrecognised, each shape once. */
function reporting(result: CheckResult, answers: readonly Looked<unknown>[]): CheckResult {
  const seen = new Map<string, UnrecognisedAnswer>();
  for (const entry of [...answers.flatMap((a) => a.unrecognised ?? []), ...(result.unrecognised ?? [])])
    if (!seen.has(`${entry.operation}:${entry.kind}`)) seen.set(`${entry.operation}:${entry.kind}`, entry);
  return seen.size === 0 ? result : { ...result, unrecognised: [...seen.values()] };
}

/**
 * The four lookups the core checks need, and those of the optional checks. The pipeline binds them to the
 * HTTP client behind the rate limiter and the run's request cache; tests bind them to the emulator.
 */
export interface Lookup extends OptionalLookup {
  searchForeignAgents(
    params: Readonly<Record<string, string>>,
  ): Promise<Looked<readonly ForeignAgentRecord[]>>;
  searchSanctions(params: Readonly<Record<string, string>>): Promise<Looked<readonly SanctionsRecord[]>>;
  searchBankruptcy(searchString: string): Promise<Looked<readonly BankruptcyEntry[]>>;
  debtorByInn(inn: string): Promise<Looked<DebtorResult>>;
}

/** What the searches of one check found, and how many of their answers stayed cut however narrowed. */
interface Searched<T> {
  readonly records: readonly T[];
  readonly requests: RequestRecord[];
  readonly answers: Looked<readonly T[]>[];
  /** Searches whose answer filled the cap and had no narrower, or whose narrower answers filled it too. */
  readonly cut: number;
}

/**
 * Runs every planned search of one check and returns the union of the records, each once: the spellings
 * of one name often find the same record, and a record found twice must be scored once. A search whose
 * answer is as long as the result cap (the profile's, or the smaller page size the run learned) may have
 * been cut off, so it is repeated with its narrower queries (the full name in the same spelling); one that
 * stays that long however narrowed is counted as cut.
 */
async function searchAll<T extends { readonly data: unknown }>(
  planned: readonly PlannedRequest[],
  resultCap: number,
  search: (params: Readonly<Record<string, string>>) => Promise<Looked<readonly T[]>>,
): Promise<Searched<T>> {
  const requests: RequestRecord[] = [];
  const records: T[] = [];
  const answers: Looked<readonly T[]>[] = [];
  const seen = new Set<string>();
  let cut = 0;
  const ask = async (params: Readonly<Record<string, string>>) => {
    const answer = await search(params);
    requests.push(answer.record);
    answers.push(answer);
    for (const record of answer.data) {
      const id = recordHash(record.data);
      if (seen.has(id)) continue;
      seen.add(id);
      records.push(record);
    }
    return answer.data.length >= resultCap;
  };
  for (const request of planned) {
    if (!(await ask(request.params))) continue;
    const narrowers = 'narrowers' in request ? request.narrowers : [];
    let narrowed = narrowers.length > 0;
    for (const narrower of narrowers) if (await ask(narrower)) narrowed = false;
    if (!narrowed) cut++;
  }
  return { records, requests, answers, cut };
}

/**
 * A check some of whose answers stayed cut: what was not returned cannot be scored, so the check is never
 * CLEAR. It is a FLAG (the row is REVIEW: someone searches the register by hand) rather than an ERROR
 * (INCOMPLETE asks for a rerun, which would get the same cut answer).
 */
function withCutAnswers(result: CheckResult, cut: number): CheckResult {
  if (cut === 0) return result;
  const reason = `${KIND_PREFIX[result.kind]}_ANSWER_CUT: ${cut} search${cut === 1 ? '' : 'es'}`;
  const note = `${cut} answer${cut === 1 ? '' : 's'} cut at the page size`;
  return {
    ...result,
    ...(result.status === 'CLEAR' ? { status: 'FLAG' as const, detail: note } : {}),
    reasons: [...result.reasons, reason],
  };
}

/**
 * Plans, calls and decides one core check of one client, reading the answers as the run's upstream profile
 * says. Upstream errors propagate to the caller.
 */
export async function runCheck(
  kind: CoreCheckKind,
  client: Client,
  lookup: Lookup,
  profile: UpstreamProfile = DEFAULT_PROFILE,
): Promise<CheckResult> {
  const plan = planCheck(kind, client, profile);
  if ('skip' in plan) return skippedCheck(kind, plan.skip.reason, plan.skip.detail);
  const [request] = plan.requests;
  if (request === undefined) throw new Error(`the ${kind} plan has no request`);
  switch (request.operation) {
    case 'search.foreign_agent': {
      const { records, requests, answers, cut } = await searchAll(plan.requests, profile.resultCap, (p) =>
        lookup.searchForeignAgents(p),
      );
      const decided = decideForeignAgent(client, records, requests);
      return reporting(withCutAnswers(await withBankEvidence(decided, records, lookup), cut), answers);
    }
    case 'search.sanctions': {
      const { records, requests, answers, cut } = await searchAll(plan.requests, profile.resultCap, (p) =>
        lookup.searchSanctions(p),
      );
      return reporting(withCutAnswers(decideSanctions(client, records, requests), cut), answers);
    }
    case 'search.bankruptcy': {
      const found = await lookup.searchBankruptcy(request.params.search_string);
      return reporting(decideBankruptcy(client, found.data, [found.record]), [found]);
    }
    case 'client.debt': {
      const found = await lookup.debtorByInn(request.params.inn);
      return reporting(decideDebtor(client, found.data, [found.record], profile.debtorNotFound), [found]);
    }
  }
}
