import type { CheckResult, CoreCheckKind, UnrecognisedAnswer } from '../domain/check.js';
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
import { planCheck } from './plan.js';
import { DEFAULT_PROFILE, type UpstreamProfile } from '../settings/upstream-profile.js';
import { searchAll } from './search-all.js';
import type { Looked } from './looked.js';

export type { Looked } from './looked.js';

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
