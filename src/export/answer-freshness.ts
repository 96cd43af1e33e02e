import type { RunCounts } from '../domain/run-counters.js';
import type { ForeignAgentStrategyNote } from './mirror-snapshot.js';

/**
 * The regulatory clock per register: the age of the oldest answer any verdict of the run rests on, when the
 * run finished. A list screened against each day's edition within a day shows an age under 24 hours.
 *
 * - An answer kept from an earlier run counts from the hour it was fetched, rounded down (its counter keeps
 *   the hour, not the second): the age shown is never younger than the answer.
 * - An answer this run asked counts from the run's start.
 * - The foreign-agent check against a kept mirror counts from the mirror's last full enumeration: records
 *   of the days the sync did not search (removals and edits among them) are as old as that. A mirror this
 *   run enumerated counts from the run's start.
 */
export interface OldestAnswer {
  /** When the oldest answer was fetched, at the latest (ISO 8601 UTC). */
  readonly fetched_at: string;
  /** Hours from then to the run's finish, one decimal, rounded up. */
  readonly age_hours: number;
  /** Where the oldest answer came from. */
  readonly from: 'kept answer' | 'this run' | 'kept mirror';
}

function ageHours(fetchedAt: number, finishedAt: number): number {
  return Math.ceil(Math.max(0, finishedAt - fetchedAt) / 360_000) / 10;
}

/** The earliest hour (`YYYY-MM-DDTHH`) a reused answer of the check was fetched, as epoch ms. */
function oldestHour(counts: Pick<RunCounts, 'answerHours'>, kind: string): number | undefined {
  const hours = Object.keys(counts.answerHours[kind] ?? {}).sort();
  const first = hours[0];
  if (first === undefined) return undefined;
  const at = Date.parse(`${first}:00:00.000Z`);
  return Number.isFinite(at) ? at : undefined;
}

/** Per check that answered, the oldest answer its verdicts rest on; checks without answers are absent. */
export function oldestAnswers(args: {
  readonly counts: Pick<RunCounts, 'answers' | 'answerHours'>;
  readonly startedAt: string | undefined;
  readonly finishedAt: string;
  readonly foreignAgent?: ForeignAgentStrategyNote | undefined;
}): Record<string, OldestAnswer> {
  const finished = Date.parse(args.finishedAt);
  const started = args.startedAt === undefined ? finished : Date.parse(args.startedAt);
  const out: Record<string, OldestAnswer> = {};
  const put = (kind: string, at: number, from: OldestAnswer['from']) => {
    const known = out[kind];
    if (known !== undefined && Date.parse(known.fetched_at) <= at) return;
    out[kind] = { fetched_at: new Date(at).toISOString(), age_hours: ageHours(at, finished), from };
  };
  for (const [kind, sources] of Object.entries(args.counts.answers)) {
    const reusedAt = oldestHour(args.counts, kind);
    if (reusedAt !== undefined) put(kind, reusedAt, 'kept answer');
    if ((sources.fresh ?? 0) > 0) put(kind, started, 'this run');
  }
  const fa = args.foreignAgent;
  if (fa?.strategy === 'mirror') {
    const builtAt = fa.kept ? Date.parse(fa.kept.built_at) : NaN;
    if (Number.isFinite(builtAt) && builtAt < started) put('foreign_agent', builtAt, 'kept mirror');
    else put('foreign_agent', started, 'this run');
  }
  return out;
}

/** The oldest of them, for the dashboard's one line: `sanctions 25.0 h`. */
export function oldestOverall(
  oldest: Readonly<Record<string, OldestAnswer>>,
): { kind: string; answer: OldestAnswer } | undefined {
  let found: { kind: string; answer: OldestAnswer } | undefined;
  for (const [kind, answer] of Object.entries(oldest))
    if (found === undefined || answer.age_hours > found.answer.age_hours) found = { kind, answer };
  return found;
}
