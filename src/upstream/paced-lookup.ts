import { z } from 'zod';
import type { Looked, Lookup } from '../checks/run-check.js';
import type { UnrecognisedAnswer } from '../domain/check.js';
import { COUNTER, answerSizeCounter, callsCounter } from '../domain/run-counters.js';
import type { RegistryClient } from './client/index.js';
import { DEFAULT_PROFILE, isRegistryError } from './client/index.js';
import type { Pacer } from './pacer.js';
import type { Lane } from '../run/state/lanes.js';
import { MIN_PAGE_SIZE } from './preflight.js';
import type { RequestCache } from './request-cache.js';
import type { RunStore } from '../run/state/run-store.js';
import { unrecognisedAnswerSchema } from '../run/state/stored-result-schema.js';
import type { UpstreamGuard } from './guard.js';
import { GaveWay, PacedOut } from './held.js';
import { retryAfterWaitMs } from './outcome-policy.js';
import { whenSent } from './sent.js';
import { answerStoreLayer, type AnswersInForce } from '../answers/answer-layer.js';

/**
 * An answer as the run's cache keeps it: the record's operation, and its parameters when they are the
 * request's own, follow from the request, so only the data, status and digest are stored.
 */
interface CompactAnswer<T> {
  readonly d: T;
  readonly s: number;
  readonly h?: string;
  readonly p?: Readonly<Record<string, string>>;
  /** What the client read tolerantly in this answer: every row that uses the answer reports it. */
  readonly u?: readonly UnrecognisedAnswer[];
  /** When the service gave it (ms), present only on an answer kept from an earlier run (src/answers). */
  readonly t?: number;
}

/**
 * A cached answer as it is read back: its envelope is checked; its data was checked by the registry client's
 * schema of the operation before it was stored, and is taken as that operation's type.
 */
const COMPACT_ANSWER_SCHEMA = z.looseObject({
  d: z.custom<unknown>((value) => value !== undefined, { error: 'expected the answer data' }),
  s: z.number(),
  h: z.string().exactOptional(),
  p: z.record(z.string(), z.string()).exactOptional(),
  u: z.array(unrecognisedAnswerSchema).exactOptional(),
  t: z.number().exactOptional(),
});

/**
 * Built once: a zod schema compiles itself on first use, and one built per call cost a fifth of the
 * checks' CPU. The data's type is only a claim of the type system (see above), so one schema serves all.
 */
function compactAnswerSchema<T>(): z.ZodType<CompactAnswer<T>> {
  return COMPACT_ANSWER_SCHEMA as unknown as z.ZodType<CompactAnswer<T>>;
}

function sameParams(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

function compact<T>(params: Readonly<Record<string, string>>, looked: Looked<T>): CompactAnswer<T> {
  const { record } = looked;
  return {
    d: looked.data,
    s: record.status,
    ...(record.digest === undefined ? {} : { h: record.digest }),
    ...(sameParams(params, record.params) ? {} : { p: record.params }),
    ...(looked.unrecognised?.length ? { u: looked.unrecognised } : {}),
  };
}

function expand<T>(
  operation: string,
  params: Readonly<Record<string, string>>,
  answer: CompactAnswer<T>,
  cached: boolean,
): Looked<T> {
  return {
    data: answer.d,
    record: {
      operation,
      params: answer.p ?? params,
      status: answer.s,
      ...(answer.h === undefined ? {} : { digest: answer.h }),
      ...(cached ? { cached: true } : {}),
      // A kept answer of an earlier run says when it was fetched (evidence.jsonl, the report's oldest answer).
      ...(answer.t === undefined ? {} : { reused: true, fetchedAt: new Date(answer.t).toISOString() }),
    },
    ...(answer.u ? { unrecognised: answer.u } : {}),
  };
}

export { PacedOut } from './held.js';

/**
 * Binds the lookups of every check (core, optional, the Banks evidence) to the HTTP client, behind the
 * run's request cache (identical requests are made once) and the shared pacer (every call takes a slot of
 * the one quota). Every call and its outcome is counted under the run for the manifest.
 */
/** The lookups of one job, with the job's counts, written in one round trip when the job ends. */
export interface JobLookup extends Lookup {
  flush(): Promise<void>;
}

export interface PacedLookupOptions {
  /** Circuit breaker, Retry-After records and logs shared with every machine (absent: none). */
  readonly guard?: UpstreamGuard;
  /** The longest Retry-After honoured (the run's upstream profile). */
  readonly maxRetryAfterMs?: number;
  /** The run's lane of the quota (src/run/state/lanes.ts): its calls go ahead of the lanes below. */
  readonly lane?: Lane;
  /** How long a call waits in its worker for a slot before its job goes back to the queue (SLOT_PATIENCE_MS). */
  readonly patienceMs?: number;
  /** Answers kept across runs and the run's max ages (absent: every answer fresh, nothing kept). */
  readonly answers?: AnswersInForce;
}

/**
 * How long a call waits in its worker for a slot of the quota. A job sent back to the queue spends one of
 * its started attempts (BullMQ's `maxStartedAttempts`) and gives its place to whichever job starts next,
 * so at a low rate a check that needs a dozen calls was sent back at nearly every one of them while the
 * lighter checks took the slots, until its attempts ran out: INCOMPLETE on a healthy service. Waiting here
 * instead books nothing ahead (the quota and its one-second horizon are the pacer's as before); a job goes
 * back only for a pause longer than this (a long Retry-After) or to make room for a lane above.
 */
export const SLOT_PATIENCE_MS = 60_000;

/** How long a job that gave its worker up to a lane above stays back: barely, see quotaSlots. */
const GIVE_WAY_HOLD_MS = 1;

type PacedCall = <T>(
  operation: string,
  params: Readonly<Record<string, string>>,
  send: () => Promise<Looked<T>>,
) => Promise<Looked<T>>;

/** The bank of a BIK from the Banks dictionary, for the evidence of the foreign-agent check. */
async function bankByBik(call: PacedCall, registry: RegistryClient, bik: string) {
  try {
    const { data, record } = await call(
      'dictionary.values',
      { name: 'Banks', search: bik, limit: '20' },
      () => registry.dictionaryValues('Banks', { search: bik, limit: 20 }),
    );
    const bank = data.items.find((item) => item.bik === bik);
    return {
      data: bank ? { bank: { bik, name: bank.name, city: bank.city, corrAccount: bank.corrAccount } } : {},
      record,
    };
  } catch (error) {
    // Evidence only: a failed Banks lookup must not fail the foreign-agent check it enriches. A 429 and
    // an exhausted pacer still send the job back, so the quota holds.
    if (!isRegistryError(error) || error.kind === 'rate_limited') throw error;
    return { data: { error: error.code }, record: error.toRecord() };
  }
}

/** How a call waits for its slot of the quota (quotaSlots). */
export interface SlotWaitOptions {
  /** Asked before every wait: a key known to be refused, or a service out of reach, gets no call at all. */
  readonly guard?: UpstreamGuard | undefined;
  /** The call's lane of the quota: it goes ahead of the slots the lanes below booked (Pacer.acquire). */
  readonly lane?: Lane | undefined;
  /** Longer waits give up with PacedOut (SLOT_PATIENCE_MS); Infinity never gives up. */
  readonly patienceMs?: number | undefined;
  /** Whether a call held back for a lane above gives its worker up to that work (a check job's calls do). */
  readonly giveWay?: boolean;
}

/**
 * A slot of the shared quota for the call about to leave: waited for in the worker while the quota is
 * merely booked up (every worker asks the same GCRA, so the rate holds), given up (PacedOut, the job goes
 * back) when the wait would outlast the patience or when a lane above needs this worker's place. Every call
 * to the service waits here: the checks', the mirror's, the preflight's, the page-size search's and the
 * breaker's probe, so that none leaves in a 429's pause or beside the paced calls.
 */
export function quotaSlots(pacer: Pacer, options: SlotWaitOptions = {}): () => Promise<void> {
  const { guard, lane = 'normal', patienceMs = SLOT_PATIENCE_MS, giveWay = true } = options;
  return async () => {
    const deadline = performance.now() + patienceMs;
    for (;;) {
      await guard?.assertClosed();
      const slot = await pacer.acquire({ lane });
      if (slot.granted) {
        // Looked at again (this process's last reading, no round trip): the wait for the slot may have
        // seen this process start probing after failures in a row, and the calls behind it must not leave.
        await guard?.assertClosed();
        return;
      }
      if (performance.now() + slot.retryInMs > deadline) throw new PacedOut(slot.retryInMs);
      // Its worker goes to the lane above at once: holding the queue until this call's far slot (as the
      // wait above does) would hold that lane's jobs too, which the next free worker is for.
      if (giveWay && (await pacer.urgentWorkGoingOn(lane))) throw new GaveWay(GIVE_WAY_HOLD_MS);
      // Spread, so that the calls waiting do not all ask again at once.
      await sleep(slot.retryInMs + Math.random() * 50);
    }
  };
}

/**
 * Counts a long search answer's length, so that a page size the preflight did not learn is still noticed
 * (learnedPageSize); once per job, since the spellings of one name often find the same records.
 */
function answerSizes(count: (field: string) => void): (operation: string, records: number) => void {
  const seen = new Set<string>();
  return (operation, records) => {
    const field = answerSizeCounter(operation, records);
    if (records < MIN_PAGE_SIZE || !operation.startsWith('search.') || seen.has(field)) return;
    seen.add(field);
    count(field);
  };
}

/**
 * Sends a request and counts it under the run: every request the service receives, whoever sends it
 * (a check, a retry, the mirror's enumeration, the breaker's probe of a failed call), once, so that the
 * manifest reconciles with the service's own log. The total is counted as the request leaves (whenSent:
 * written on the run's Redis connection just before the request is written on its own, so a worker killed
 * while waiting for the answer has still counted it), the operation and status once answered. A request
 * that never left (no connection, or refused by the client before sending) is not counted at all. An
 * answered call's operation and status go to the job's own tally (`countAnswered`, written once when the
 * job ends, even when it fails): a round trip per call for a breakdown cost a tenth of the pipeline's CPU,
 * while the total that reconciles with the bill stays counted as each request leaves. A call answered
 * after its job wrote its tally (the breaker's probe) writes its own at once (`countAnswered` awaited).
 */
function sentCalls(
  runId: string,
  store: Pick<RunStore, 'incr'>,
  countAnswered: (field: string) => void | Promise<void>,
  pacer: Pick<Pacer, 'left'>,
) {
  return async <T>(operation: string, send: () => Promise<Looked<T>>): Promise<Looked<T>> => {
    const leaving: Promise<void>[] = [];
    const onSent = () => {
      pacer.left();
      leaving.push(store.incr(runId, { [COUNTER.calls]: 1 }));
    };
    try {
      const looked = await whenSent(onSent, send);
      await countAnswered(callsCounter(operation, looked.record.status));
      return looked;
    } catch (error) {
      // Once it left, in the breakdown too, whatever the client made of it: the two views agree.
      const status = isRegistryError(error) ? error.status || error.kind : 'error';
      if (leaving.length > 0) await store.incr(runId, { [callsCounter(operation, status)]: 1 });
      throw error;
    } finally {
      await Promise.all(leaving);
    }
  };
}

/** The store as the job uses it: a damaged entry it refuses is counted under the run too. */
function countingDamage(
  answers: AnswersInForce | undefined,
  count: (field: string) => void,
): AnswersInForce | undefined {
  if (!answers) return undefined;
  return {
    ...answers,
    damaged: (operation, damage) => {
      count(COUNTER.answersDiscarded);
      answers.damaged?.(operation, damage);
    },
  };
}

/** What one call of a job needs on its way to the service and back. */
interface Calling {
  readonly runId: string;
  readonly pacer: Pacer;
  readonly guard: UpstreamGuard | undefined;
  readonly maxRetryAfterMs: number;
  readonly count: (field: string) => void;
  readonly sent: ReturnType<typeof sentCalls>;
  /** The breaker's probe: answered in the background, after the held job wrote its tally. */
  readonly probeSent: ReturnType<typeof sentCalls>;
  readonly slotOfQuota: () => Promise<void>;
  readonly noteAnswerSize: (operation: string, records: number) => void;
}

/** One request through the quota: its slot, the call, and what a failure leads to. */
async function fetchPaced<T>(
  calling: Calling,
  operation: string,
  params: Readonly<Record<string, string>>,
  send: () => Promise<Looked<T>>,
): Promise<CompactAnswer<T>> {
  const { pacer, guard, runId, sent } = calling;
  for (let misses = 0, again = false; ; misses++) {
    if (!again) await calling.slotOfQuota();
    try {
      const answer = compact(params, await sent(operation, send));
      if (Array.isArray(answer.d)) calling.noteAnswerSize(operation, answer.d.length);
      await guard?.succeeded(operation);
      return answer;
    } catch (error) {
      // A strict bucket's lone 429: this call again at once, nobody paused (Pacer.loneMiss, Pacer.again).
      if (misses < LONE_MISS_RETRIES && isRateLimited(error) && (await pacer.loneMiss())) {
        calling.count(COUNTER.rateLimited);
        // A tenth of a slot later, marked at the gate; in a 429's pause, in its slot as any call.
        again = (await pacer.again()).granted;
        continue;
      }
      if (isRegistryError(error)) {
        if (error.kind === 'rate_limited') {
          // Nobody may call before the service's Retry-After, on any machine; but never longer than the
          // profile's cap, or one answer could stall every run on this Redis for a day.
          // The pause first, before the calls booked behind this one leave; the records and logs after.
          await pacer.penalize(retryAfterWaitMs(error.retryAfterMs, calling.maxRetryAfterMs));
          await guard?.rateLimited(runId, error.retryAfterMs, calling.maxRetryAfterMs);
        } else await guard?.failed(error, runId, operation, () => calling.probeSent(operation, send));
      }
      throw error;
    }
  }
}

export function pacedLookup(
  runId: string,
  registry: RegistryClient,
  pacer: Pacer,
  runCache: Pick<RequestCache, 'getOrFetch'>,
  store: RunStore,
  options: PacedLookupOptions = {},
): JobLookup {
  const { guard } = options;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_PROFILE.maxRetryAfterMs;
  const counts: Record<string, number> = {};
  const count = (field: string) => {
    counts[field] = (counts[field] ?? 0) + 1;
  };
  // The answers kept across runs sit between the run's cache and the quota: a young one takes no call.
  const cache = answerStoreLayer(runCache, countingDamage(options.answers, count));
  const calling: Calling = {
    runId,
    pacer,
    guard,
    maxRetryAfterMs,
    count,
    sent: sentCalls(runId, store, count, pacer),
    probeSent: sentCalls(runId, store, (field) => store.incr(runId, { [field]: 1 }), pacer),
    slotOfQuota: quotaSlots(pacer, { guard, lane: options.lane, patienceMs: options.patienceMs }),
    noteAnswerSize: answerSizes(count),
  };
  async function call<T>(
    operation: string,
    params: Readonly<Record<string, string>>,
    send: () => Promise<Looked<T>>,
  ): Promise<Looked<T>> {
    const { value, cached } = await cache.getOrFetch(
      operation,
      params,
      () => fetchPaced(calling, operation, params, send),
      compactAnswerSchema<T>(),
    );
    return expand(operation, params, value, cached);
  }

  return {
    async flush() {
      const pending = { ...counts };
      for (const field of Object.keys(counts)) delete counts[field];
      await store.incr(runId, pending);
    },
    searchForeignAgents: (params) =>
      call('search.foreign_agent', params, () => registry.searchForeignAgents(params)),
    searchSanctions: (params) => call('search.sanctions', params, () => registry.searchSanctions(params)),
    searchBankruptcy: (searchString) =>
      call('search.bankruptcy', { search_string: searchString }, () =>
        registry.searchBankruptcy(searchString),
      ),
    debtorByInn: (inn) => call('client.debt', { inn }, () => registry.debtorByInn(inn)),
    // The smtp parameter is sent only when asked, so that the evidence and the cache key show the request.
    validateEmail: (email, smtp) =>
      call('validation.email', smtp ? { email, smtp: 'true' } : { email }, () =>
        registry.validateEmail(email, smtp ? { smtp } : {}),
      ),
    cardData: (card) => call('validation.bin', { card }, () => registry.cardData(card)),
    cadastralReport: (cadastralNumber, owner) =>
      call(
        'cadastral.report',
        owner
          ? { cadastral_number: cadastralNumber, owner_full_name: owner }
          : { cadastral_number: cadastralNumber },
        () => registry.cadastralReport(cadastralNumber, owner ? { ownerFullName: owner } : {}),
      ),
    bankByBik: (bik) => bankByBik(call, registry, bik),
  };
}

/** How often one call goes again in place after a strict bucket's lone 429, before it pauses like any. */
const LONE_MISS_RETRIES = 2;

function isRateLimited(error: unknown): boolean {
  return isRegistryError(error) && error.kind === 'rate_limited';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.ceil(ms)));
}
