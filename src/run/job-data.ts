import { z } from 'zod';
import type { OptionalCheckSettings } from '../checks/optional-plan.js';
import type { CheckKind, CheckResult } from '../domain/check.js';
import type { Client, RowIssue } from '../domain/client.js';
import type { Verdict } from '../domain/verdict.js';
import { maskCard, type UpstreamProfile } from '../upstream/client/index.js';
import type { CacheWindow } from '../upstream/request-cache.js';
import type { AnswerPolicy } from '../settings/answer-policy.js';
import { rowIssueSchema, verdictSchema } from './state/stored-result-schema.js';
import { parseStoredJson } from './state/stored-json.js';

/** `runs` queue: one job per run; the coordinator reads everything else from the run's meta. */
export interface RunJobData {
  readonly runId: string;
}

/** `checks` queue: job name = check kind. Carries only what the check needs to ask and to score. */
export interface CheckJobData {
  readonly runId: string;
  readonly row: number;
  readonly client: Client;
  /** Where the row's cached answers live (the run's `--cache-rows`). */
  readonly cache: CacheWindow;
  /** The run's settings of the optional checks (`--smtp`, `--card-risk-countries`), when the run has any. */
  readonly optional?: OptionalCheckSettings;
  /** The run's upstream profile, when it is not the defaults (absent: DEFAULT_PROFILE). */
  readonly profile?: UpstreamProfile;
  /**
   * sha256 of the run's mirror of the foreign-agent register, when the run uses it: the foreign-agent check
   * matches the client against that mirror and makes no search of its own.
   */
  readonly faMirror?: string;
  /** The run's max ages of answers kept across runs (src/answers), when it reuses any. */
  readonly maxAge?: AnswerPolicy;
}

/** `verdicts` queue: the flow parent. Checks that needed no call are decided already and ride along. */
export interface MergeJobData {
  readonly runId: string;
  readonly row: number;
  /** The client's key across runs (src/matching/client-key.ts): the merge looks up the run's whitelist by it. */
  readonly clientKey?: string;
  readonly kinds: readonly CheckKind[];
  readonly decided: readonly CheckResult[];
  readonly warnings: readonly RowIssue[];
  /** The screening checks a CLEAR needs for this client (absent: all four), else the row is PARTIAL. */
  readonly required?: readonly CheckKind[];
}

/** What the merge leaves for the writer under the run, until the row is on disk. */
export interface StoredResult {
  readonly verdict: Verdict;
  readonly warnings: readonly RowIssue[];
  readonly checkedAt: string;
}

const storedResultSchema: z.ZodType<StoredResult> = z.looseObject({
  verdict: verdictSchema,
  warnings: z.array(rowIssueSchema),
  checkedAt: z.string(),
});

/** A row's result as the writer reads it back from Redis; a damaged one is KYC_ERR_REDIS_CORRUPT. */
export function parseStoredResult(text: string): StoredResult {
  return parseStoredJson(storedResultSchema, text, 'stored result of a row');
}

/**
 * The client as it goes into Redis job data: only what screening uses. Address, e-mail, card and the
 * original cells stay out of Redis unless a check of the run needs them, and a card number only masked
 * (the coordinator masks it before; masking here again makes a full number in Redis impossible).
 */
export function clientForJobs(client: Client, kinds: readonly CheckKind[]): Client {
  const {
    address: _address,
    email,
    card,
    cadastralNumber,
    ownerName,
    clientId: _clientId,
    warnings: _warnings,
    ...core
  } = client;
  return {
    ...core,
    warnings: [],
    ...(kinds.includes('email') && email ? { email } : {}),
    ...(kinds.includes('card') && card ? { card: maskCard(card) } : {}),
    ...(kinds.includes('cadastral') && cadastralNumber ? { cadastralNumber } : {}),
    ...(kinds.includes('cadastral') && ownerName ? { ownerName } : {}),
  };
}
