import type { FaStrategyOption } from '../settings/fa-strategy-option.js';
import { FOREIGN_AGENT_TYPES } from '../domain/records.js';
import { daysBetween } from '../domain/day-range.js';

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
