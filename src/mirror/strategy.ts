import { KycError } from '../errors.js';
import { FOREIGN_AGENT_TYPES } from '../domain/records.js';
import { daysBetween } from './day-range.js';

/**
 * Which way a run's foreign-agent check finds its candidates, chosen by cost in calls:
 * - `search`: the planned searches of every client (src/checks/plan.ts): name spellings and identifiers;
 * - `mirror`: the whole register enumerated once (a search per day and per agent_type), every client then
 *   matched locally, with no foreign-agent call of its own.
 * `auto` takes the mirror only when the file's estimated searches cost more calls than the enumeration.
 */
export const FA_STRATEGIES = ['auto', 'mirror', 'search'] as const;
export type FaStrategyOption = (typeof FA_STRATEGIES)[number];

export function isFaStrategy(value: string): value is FaStrategyOption {
  return (FA_STRATEGIES as readonly string[]).includes(value);
}

/** `auto`, `mirror` or `search` (`--fa-strategy`, `KYC_FA_STRATEGY`), else KYC_ERR_FA_STRATEGY (exit 2). */
export function parseFaStrategy(value: string): FaStrategyOption {
  const trimmed = value.trim().toLowerCase();
  if (!isFaStrategy(trimmed)) throw new KycError('KYC_ERR_FA_STRATEGY', JSON.stringify(value.slice(0, 20)));
  return trimmed;
}

/** The enumeration's calls before any split: one search per day of the range, one per agent_type. */
export function mirrorCallEstimate(since: string, until: string): number {
  return daysBetween(since, until).length + FOREIGN_AGENT_TYPES.length;
}

/** What the choice is made from; the sample is the first rows of the file. */
export interface CostInputs {
  readonly requested: FaStrategyOption;
  /** Rows of the file: exact when the sample reached its end, else estimated from its size. */
  readonly rows: number;
  readonly rowsExact: boolean;
  /** Foreign-agent requests planned per client of the sample (before any narrowing). */
  readonly faRequestsPerClient: number;
  readonly mirrorCalls: number;
}

export interface StrategyChoice {
  readonly strategy: 'mirror' | 'search';
  readonly reason: string;
}

/** The estimated foreign-agent calls of per-client searches over the whole file. */
export function searchCallEstimate(inputs: Pick<CostInputs, 'rows' | 'faRequestsPerClient'>): number {
  return Math.round(inputs.rows * inputs.faRequestsPerClient);
}

export function chooseStrategy(inputs: CostInputs): StrategyChoice {
  if (inputs.requested === 'mirror')
    return { strategy: 'mirror', reason: 'requested (--fa-strategy mirror)' };
  if (inputs.requested === 'search')
    return { strategy: 'search', reason: 'requested (--fa-strategy search)' };
  const searches = searchCallEstimate(inputs);
  const rows = `${inputs.rowsExact ? '' : '~'}${inputs.rows} rows`;
  const perClient = inputs.faRequestsPerClient.toFixed(2);
  if (searches > inputs.mirrorCalls)
    return {
      strategy: 'mirror',
      reason: `auto: ${rows} × ${perClient} searches = ${searches} calls > ${inputs.mirrorCalls} for the mirror`,
    };
  return {
    strategy: 'search',
    reason: `auto: ${rows} × ${perClient} searches = ${searches} calls ≤ ${inputs.mirrorCalls} for the mirror`,
  };
}

/** Rows of a file from a sample of its first rows and the bytes read for them (errs low by one buffer). */
export function estimateRows(
  sampleRows: number,
  sampleBytes: number,
  fileBytes: number,
  reachedEnd: boolean,
): { rows: number; exact: boolean } {
  if (reachedEnd || sampleBytes <= 0 || sampleRows === 0) return { rows: sampleRows, exact: reachedEnd };
  const share = Math.min(1, sampleBytes / fileBytes);
  return { rows: Math.max(sampleRows, Math.round(sampleRows / share)), exact: false };
}
