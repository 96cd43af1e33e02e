import type { CheckResult, CoreCheckKind, RequestRecord, UnrecognisedAnswer } from '../domain/check.js';
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
import { DEFAULT_PROFILE, type UpstreamProfile } from '../registry/profile.js';
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

/**
 * Runs every planned search of one check and returns the union of the records, each once: the spellings
 * of one name often find the same record, and a record found twice must be scored once. A search whose
 * answer is as long as the profile's result cap may have been cut off, so it is repeated with its narrower
 * queries (the full name in the same spelling).
 */
async function searchAll<T extends { readonly data: unknown }>(
  planned: readonly PlannedRequest[],
  resultCap: number,
  search: (params: Readonly<Record<string, string>>) => Promise<Looked<readonly T[]>>,
): Promise<{ records: readonly T[]; requests: RequestRecord[]; answers: Looked<readonly T[]>[] }> {
  const requests: RequestRecord[] = [];
  const records: T[] = [];
  const answers: Looked<readonly T[]>[] = [];
  const seen = new Set<string>();
  const take = (found: readonly T[]) => {
    for (const record of found) {
      const id = recordHash(record.data);
      if (seen.has(id)) continue;
      seen.add(id);
      records.push(record);
    }
  };
  for (const request of planned) {
    const first = await search(request.params);
    requests.push(first.record);
    answers.push(first);
    take(first.data);
    if (first.data.length < resultCap || !('narrowers' in request)) continue;
    for (const narrower of request.narrowers) {
      const second = await search(narrower);
      requests.push(second.record);
      answers.push(second);
      take(second.data);
    }
  }
  return { records, requests, answers };
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
      const { records, requests, answers } = await searchAll(plan.requests, profile.resultCap, (p) =>
        lookup.searchForeignAgents(p),
      );
      return reporting(
        await withBankEvidence(decideForeignAgent(client, records, requests), records, lookup),
        answers,
      );
    }
    case 'search.sanctions': {
      const { records, requests, answers } = await searchAll(plan.requests, profile.resultCap, (p) =>
        lookup.searchSanctions(p),
      );
      return reporting(decideSanctions(client, records, requests), answers);
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
