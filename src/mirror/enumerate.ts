import type { Looked } from '../checks/run-check.js';
import { FOREIGN_AGENT_TYPES, type ForeignAgentRecord } from '../domain/records.js';
import { recordHash } from '../matching/record-hash.js';
import { daysBetween, inRange } from '../domain/day-range.js';

/**
 * Enumerating the foreign-agent register through its exact-parameter search: the service has no paging and
 * no total count, so completeness is only ever shown by answers shorter than the result cap.
 *
 * 1. One search per `agent_type` value (the kinds the register knows): it finds the records whose `added`
 *    is empty or outside the range, which no day search reaches. An answer shorter than the cap lists every
 *    record of that type; a capped one leaves a gap that only the profile may accept
 *    (`foreignAgentMirror.acceptUndatedGap`), since any record of that type without a date could be beyond
 *    the cap. Done first: a gap that is not accepted costs a handful of calls, not a whole enumeration.
 * 2. One search per day (`added=YYYY-MM-DD`). A capped day is split by `agent_type`: the known values and
 *    any other seen in any answer of the run; a capped part, or a record of the day without a type, makes
 *    the mirror incomplete. The one thing no answer can show: a record of a capped day whose type is
 *    neither known nor written on any record returned (docs/foreign-agent-mirror.md).
 * Any call that finally fails makes the mirror incomplete too: the run then searches per client.
 */

/** One foreign-agent search, through the run's rate limiter; throws when the call finally failed. */
export type ForeignAgentSearch = (
  params: Readonly<Record<string, string>>,
) => Promise<Looked<readonly ForeignAgentRecord[]>>;

export interface EnumerationOptions {
  /** First day searched, `YYYY-MM-DD`. */
  readonly since: string;
  /** Last day searched (the run's day, UTC). */
  readonly until: string;
  /** An answer this long may have been cut off (the profile's `resultCap`). */
  readonly resultCap: number;
  /** Whether a capped `agent_type` search (records without a date could be missed) still counts as complete. */
  readonly acceptUndatedGap: boolean;
  /** Day searches in flight at once; the rate limiter paces them. */
  readonly concurrency?: number;
}

/** Calls by `<status>` of their answers: the run's counters add them to `calls:search.foreign_agent:*`. */
export type CallsByStatus = Readonly<Record<string, number>>;

export interface EnumerationCost {
  /** Searches made, failed ones included. */
  readonly calls: number;
  readonly callsByStatus: CallsByStatus;
}

export type Enumeration =
  | (EnumerationCost & {
      readonly complete: true;
      readonly records: readonly ForeignAgentRecord[];
      /** Days whose answer reached the cap and were split by agent_type. */
      readonly splitDays: readonly string[];
      /** Types whose undated records may be missing (accepted by the profile); usually none. */
      readonly undatedGaps: readonly string[];
      /** Records whose `added` is empty or outside the range (reached by the agent_type searches). */
      readonly undated: number;
    })
  | (EnumerationCost & { readonly complete: false; readonly reason: string });

/** Reached the result cap: the answer may have been cut off. */
export function isCapped(length: number, resultCap: number): boolean {
  return length >= resultCap;
}

/** The agent_type values a capped answer is split by: the known ones, then any other seen in the answer. */
export function splitTypes(answer: readonly ForeignAgentRecord[]): string[] {
  const out: string[] = [...FOREIGN_AGENT_TYPES];
  for (const record of answer) {
    const type = record.data.agent_type.trim();
    if (type !== '' && !out.includes(type)) out.push(type);
  }
  return out;
}

/** Raised inside the enumeration to end it as incomplete with a reason. */
class Incomplete extends Error {}

/** Error code of a failed call, never its message (which could quote an answer). */
function codeOf(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
  return error instanceof Error ? error.name : 'unknown error';
}

export async function enumerateForeignAgents(
  search: ForeignAgentSearch,
  options: EnumerationOptions,
): Promise<Enumeration> {
  const { since, until, resultCap } = options;
  const byHash = new Map<string, ForeignAgentRecord>();
  const byStatus: Record<string, number> = {};
  let calls = 0;
  const ask = async (params: Readonly<Record<string, string>>, what: string) => {
    calls++;
    try {
      const answer = await search(params);
      const status = String(answer.record.status);
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      return answer.data;
    } catch (error) {
      throw new Incomplete(`the search of ${what} failed (${codeOf(error)})`);
    }
  };
  const take = (records: readonly ForeignAgentRecord[]) => {
    for (const record of records) byHash.set(recordHash(record.data), record);
  };
  const cost = () => ({ calls, callsByStatus: { ...byStatus } });

  try {
    const undatedGaps: string[] = [];
    for (const type of FOREIGN_AGENT_TYPES) {
      const answer = await ask({ agent_type: type }, `agent_type «${type}»`);
      take(answer);
      if (!isCapped(answer.length, resultCap)) continue;
      // The capped answer still proves nothing about records without a date of this type.
      if (!options.acceptUndatedGap)
        throw new Incomplete(
          `the search of agent_type «${type}» reached the result cap (${resultCap}): records of that type ` +
            `without a date in ${since}..${until} could be missed`,
        );
      undatedGaps.push(type);
    }

    const days = daysBetween(since, until);
    // Every agent_type value seen in any answer: a capped day is split by those seen after it too.
    const seenTypes = new Set<string>(FOREIGN_AGENT_TYPES);
    const splitBy = new Map<string, Set<string>>();
    const splitDay = async (day: string, types: readonly string[]) => {
      const done = splitBy.get(day) ?? new Set<string>();
      splitBy.set(day, done);
      for (const type of types) {
        if (done.has(type)) continue;
        done.add(type);
        const part = await ask({ added: day, agent_type: type }, `added=${day} agent_type «${type}»`);
        take(part);
        if (isCapped(part.length, resultCap))
          throw new Incomplete(`added=${day} agent_type «${type}» reached the result cap (${resultCap})`);
      }
    };
    let next = 0;
    let stop: Incomplete | undefined;
    const worker = async () => {
      while (stop === undefined && next < days.length) {
        const day = days[next++] as string;
        try {
          const answer = await ask({ added: day }, `added=${day}`);
          take(answer);
          for (const record of answer)
            if (record.data.agent_type.trim() !== '') seenTypes.add(record.data.agent_type.trim());
          if (!isCapped(answer.length, resultCap)) continue;
          if (answer.some((r) => r.data.agent_type.trim() === ''))
            throw new Incomplete(`added=${day} reached the result cap and has records without agent_type`);
          await splitDay(day, splitTypes(answer));
        } catch (error) {
          if (!(error instanceof Incomplete)) throw error;
          stop ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
    if (stop) throw stop;
    // Types first seen on a later day (or in a type search) split the capped days once more.
    for (const day of splitBy.keys()) await splitDay(day, [...seenTypes]);
    const splitDays = [...splitBy.keys()];

    const records = [...byHash.values()].sort(mirrorOrder);
    // Records without a date in the range were found by the type searches only: the manifest counts them.
    const undated = records.filter((r) => !inRange(r.data.added, since, until)).length;
    return { complete: true, records, splitDays: splitDays.sort(), undatedGaps, undated, ...cost() };
  } catch (error) {
    if (error instanceof Incomplete) return { complete: false, reason: error.message, ...cost() };
    throw error;
  }
}

/** The mirror's order: by inclusion day, registration number, then content, so every run lists it alike. */
export function mirrorOrder(a: ForeignAgentRecord, b: ForeignAgentRecord): number {
  const keyA = `${a.data.added}\u0000${a.data.registration_number}`;
  const keyB = `${b.data.added}\u0000${b.data.registration_number}`;
  if (keyA !== keyB) return keyA < keyB ? -1 : 1;
  const hashA = recordHash(a.data);
  const hashB = recordHash(b.data);
  return hashA < hashB ? -1 : hashA > hashB ? 1 : 0;
}
