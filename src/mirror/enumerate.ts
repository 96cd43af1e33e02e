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

/** The searches of one enumeration: what they found (once per content hash) and what they cost. */
class Collector {
  private readonly byHash = new Map<string, ForeignAgentRecord>();
  private readonly byStatus: Record<string, number> = {};
  private calls = 0;

  constructor(private readonly search: ForeignAgentSearch) {}

  /** One search; its records are kept. A call that finally fails ends the enumeration as incomplete. */
  async ask(params: Readonly<Record<string, string>>, what: string): Promise<readonly ForeignAgentRecord[]> {
    this.calls++;
    let answer: Looked<readonly ForeignAgentRecord[]>;
    try {
      answer = await this.search(params);
    } catch (error) {
      throw new Incomplete(`the search of ${what} failed (${codeOf(error)})`);
    }
    const status = String(answer.record.status);
    this.byStatus[status] = (this.byStatus[status] ?? 0) + 1;
    for (const record of answer.data) this.byHash.set(recordHash(record.data), record);
    return answer.data;
  }

  records(): ForeignAgentRecord[] {
    return [...this.byHash.values()].sort(mirrorOrder);
  }

  cost(): EnumerationCost {
    return { calls: this.calls, callsByStatus: { ...this.byStatus } };
  }
}

/**
 * One search per agent_type: the records no day search reaches. Returns the types whose answer reached the
 * cap, which the profile accepted (else the enumeration ends incomplete).
 */
async function searchTypes(collector: Collector, options: EnumerationOptions): Promise<string[]> {
  const { since, until, resultCap } = options;
  const undatedGaps: string[] = [];
  for (const type of FOREIGN_AGENT_TYPES) {
    const answer = await collector.ask({ agent_type: type }, `agent_type «${type}»`);
    if (!isCapped(answer.length, resultCap)) continue;
    // The capped answer still proves nothing about records without a date of this type.
    if (!options.acceptUndatedGap)
      throw new Incomplete(
        `the search of agent_type «${type}» reached the result cap (${resultCap}): records of that type ` +
          `without a date in ${since}..${until} could be missed`,
      );
    undatedGaps.push(type);
  }
  return undatedGaps;
}

/** The day searches of an enumeration or of a sync: which days were split by agent_type. */
class DaySearches {
  /** Every agent_type value seen in any answer: a capped day is split by those seen after it too. */
  private readonly seenTypes = new Set<string>(FOREIGN_AGENT_TYPES);
  private readonly splitBy = new Map<string, Set<string>>();

  constructor(
    private readonly collector: Collector,
    private readonly resultCap: number,
  ) {}

  /** Searches every day, `concurrency` at a time; returns the days split by agent_type, sorted. */
  async run(days: readonly string[], concurrency: number): Promise<string[]> {
    let next = 0;
    let stop: Incomplete | undefined;
    const worker = async () => {
      while (stop === undefined && next < days.length) {
        try {
          await this.day(days[next++] as string);
        } catch (error) {
          if (!(error instanceof Incomplete)) throw error;
          stop ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    if (stop) throw stop;
    // Types first seen on a later day (or in a type search) split the capped days once more.
    for (const day of this.splitBy.keys()) await this.split(day, [...this.seenTypes]);
    return [...this.splitBy.keys()].sort();
  }

  private async day(day: string): Promise<void> {
    const answer = await this.collector.ask({ added: day }, `added=${day}`);
    for (const record of answer)
      if (record.data.agent_type.trim() !== '') this.seenTypes.add(record.data.agent_type.trim());
    if (!isCapped(answer.length, this.resultCap)) return;
    if (answer.some((r) => r.data.agent_type.trim() === ''))
      throw new Incomplete(`added=${day} reached the result cap and has records without agent_type`);
    await this.split(day, splitTypes(answer));
  }

  private async split(day: string, types: readonly string[]): Promise<void> {
    const done = this.splitBy.get(day) ?? new Set<string>();
    this.splitBy.set(day, done);
    for (const type of types) {
      if (done.has(type)) continue;
      done.add(type);
      const what = `added=${day} agent_type «${type}»`;
      const part = await this.collector.ask({ added: day, agent_type: type }, what);
      if (isCapped(part.length, this.resultCap))
        throw new Incomplete(`${what} reached the result cap (${this.resultCap})`);
    }
  }
}

export async function enumerateForeignAgents(
  search: ForeignAgentSearch,
  options: EnumerationOptions,
): Promise<Enumeration> {
  const { since, until, resultCap } = options;
  const collector = new Collector(search);
  try {
    const undatedGaps = await searchTypes(collector, options);
    const days = new DaySearches(collector, resultCap);
    const splitDays = await days.run(daysBetween(since, until), options.concurrency ?? 4);
    const records = collector.records();
    // Records without a date in the range were found by the type searches only: the manifest counts them.
    const undated = records.filter((r) => !inRange(r.data.added, since, until)).length;
    return { complete: true, records, splitDays, undatedGaps, undated, ...collector.cost() };
  } catch (error) {
    if (error instanceof Incomplete) return { complete: false, reason: error.message, ...collector.cost() };
    throw error;
  }
}

/** What a sync of a kept mirror finds: the records of the days searched, or why they are not all known. */
export type DayEnumeration =
  | (EnumerationCost & {
      readonly complete: true;
      readonly records: readonly ForeignAgentRecord[];
      readonly splitDays: readonly string[];
    })
  | (EnumerationCost & { readonly complete: false; readonly reason: string });

/**
 * The records added on the given days only (a kept mirror's sync, src/mirror/kept-sync.ts): one `added=`
 * search per day, a capped day split by agent_type exactly as in a full enumeration.
 */
export async function enumerateDays(
  search: ForeignAgentSearch,
  options: { readonly days: readonly string[]; readonly resultCap: number; readonly concurrency?: number },
): Promise<DayEnumeration> {
  const collector = new Collector(search);
  try {
    const splitDays = await new DaySearches(collector, options.resultCap).run(
      options.days,
      options.concurrency ?? 4,
    );
    return { complete: true, records: collector.records(), splitDays, ...collector.cost() };
  } catch (error) {
    if (error instanceof Incomplete) return { complete: false, reason: error.message, ...collector.cost() };
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
