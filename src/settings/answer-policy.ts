import { KycError } from '../errors.js';

/**
 * How old an answer of the Lookup Service may be and still decide a row instead of a new call, per check
 * (`--max-age debtor=30d,bankruptcy=7d,sanctions=1d,foreign_agent=1d`, KYC_MAX_AGE, a schedule's
 * `maxAge`, the API's `maxAge`). A check the policy does not name is asked fresh and its answers are not
 * kept: the default (no policy) is every answer fresh and nothing kept across runs.
 */
export const ANSWER_CHECKS = ['debtor', 'bankruptcy', 'sanctions', 'foreign_agent'] as const;
export type AnswerCheck = (typeof ANSWER_CHECKS)[number];

/** Check → the largest age in milliseconds an answer of it may have to be used. */
export type AnswerPolicy = Readonly<Partial<Record<AnswerCheck, number>>>;

const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** The longest max age accepted: a year (an answer kept longer is no screening at all). */
export const MAX_AGE_LIMIT_MS = 366 * 86_400_000;

function isAnswerCheck(value: string): value is AnswerCheck {
  return (ANSWER_CHECKS as readonly string[]).includes(value);
}

function durationMs(text: string, where: string): number {
  const match = /^(\d{1,6})([smhd])$/.exec(text);
  if (!match)
    throw new KycError('KYC_ERR_MAX_AGE', `${where}: give a whole number and s, m, h or d, e.g. 30d`);
  const ms = Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? 0);
  if (ms > MAX_AGE_LIMIT_MS) throw new KycError('KYC_ERR_MAX_AGE', `${where}: at most 366d`);
  return ms;
}

/**
 * `debtor=30d,bankruptcy=7d` → { debtor: 2592000000, bankruptcy: 604800000 }. Empty or `none`: no reuse.
 * `0s` for a check is no reuse for it. A check named twice, an unknown check or a bad duration is
 * KYC_ERR_MAX_AGE naming the source and the item, never a silent skip.
 */
export function parseMaxAge(text: string, source = '--max-age'): AnswerPolicy {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === 'none') return {};
  const policy: Partial<Record<AnswerCheck, number>> = {};
  for (const item of trimmed.split(',')) {
    const [name = '', value, ...rest] = item.trim().split('=');
    const check = name.trim();
    if (value === undefined || rest.length > 0)
      throw new KycError(
        'KYC_ERR_MAX_AGE',
        `${source}: ${JSON.stringify(item.slice(0, 40))} is not check=age`,
      );
    if (!isAnswerCheck(check))
      throw new KycError(
        'KYC_ERR_MAX_AGE',
        `${source}: unknown check ${JSON.stringify(check.slice(0, 40))} (${ANSWER_CHECKS.join(', ')})`,
      );
    if (policy[check] !== undefined) throw new KycError('KYC_ERR_MAX_AGE', `${source}: ${check} given twice`);
    const ms = durationMs(value.trim(), `${source} ${check}`);
    if (ms > 0) policy[check] = ms;
  }
  return policy;
}

function formatDuration(ms: number): string {
  for (const unit of ['d', 'h', 'm'] as const) {
    const size = UNIT_MS[unit] ?? 1;
    if (ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${Math.round(ms / 1_000)}s`;
}

/** The policy as the flag gives it, checks in a fixed order; `none` when nothing is reused. */
export function formatMaxAge(policy: AnswerPolicy | undefined): string {
  const items = ANSWER_CHECKS.filter((check) => policy?.[check] !== undefined).map(
    (check) => `${check}=${formatDuration(policy?.[check] ?? 0)}`,
  );
  return items.length > 0 ? items.join(',') : 'none';
}

export function hasReuse(policy: AnswerPolicy | undefined): boolean {
  return policy !== undefined && ANSWER_CHECKS.some((check) => (policy[check] ?? 0) > 0);
}

/**
 * The check whose max age governs an operation's answers. The Banks dictionary only enriches the
 * foreign-agent evidence, so it follows that check. Operations of the optional checks are never reused.
 */
const OPERATION_CHECK: Readonly<Record<string, AnswerCheck>> = {
  'client.debt': 'debtor',
  'search.bankruptcy': 'bankruptcy',
  'search.sanctions': 'sanctions',
  'search.foreign_agent': 'foreign_agent',
  'dictionary.values': 'foreign_agent',
};

export function checkOfOperation(operation: string): AnswerCheck | undefined {
  return OPERATION_CHECK[operation];
}

/** The max age in force for an operation's answers, or 0 (ask fresh, keep nothing). */
export function maxAgeOf(policy: AnswerPolicy | undefined, operation: string): number {
  const check = checkOfOperation(operation);
  return check === undefined ? 0 : (policy?.[check] ?? 0);
}
