import { KycError } from '../errors.js';

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
