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
import { planCheck } from './plan.js';
import { DEFAULT_PROFILE, type UpstreamProfile } from '../registry/profile.js';
import { fullNameQuery } from './search-terms.js';

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

/** The emulator and, presumably, the service cap a search's results; at the cap a match may be cut off. */
export const RESULT_CAP = 100;

/** Runs one search, and once more with the full name when the surname alone filled the result cap. */
async function searchWithNarrowing<T>(
  client: Client,
  params: Readonly<Record<string, string>>,
  search: (params: Readonly<Record<string, string>>) => Promise<Looked<readonly T[]>>,
): Promise<{ records: readonly T[]; requests: RequestRecord[]; answers: Looked<readonly T[]>[] }> {
  const first = await search(params);
  const requests = [first.record];
  const narrower = fullNameQuery(client);
  if (first.data.length < RESULT_CAP || !params.name || !narrower || narrower === params.name) {
    return { records: first.data, requests, answers: [first] };
  }
  const second = await search({ ...params, name: narrower });
  requests.push(second.record);
  return { records: [...first.data, ...second.data], requests, answers: [first, second] };
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
  const plan = planCheck(kind, client);
  if ('skip' in plan) return skippedCheck(kind, plan.skip.reason, plan.skip.detail);
  const { request } = plan;
  switch (request.operation) {
    case 'search.foreign_agent': {
      const { records, requests, answers } = await searchWithNarrowing(client, request.params, (p) =>
        lookup.searchForeignAgents(p),
      );
      return reporting(
        await withBankEvidence(decideForeignAgent(client, records, requests), records, lookup),
        answers,
      );
    }
    case 'search.sanctions': {
      const { records, requests, answers } = await searchWithNarrowing(client, request.params, (p) =>
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
