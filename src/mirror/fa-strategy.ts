import { planCheck } from '../checks/plan.js';
import type { ForeignAgentRecord } from '../domain/records.js';
import { openClientFile } from '../ingest/index.js';
import { inputOptionsOf } from '../run/state/input-options.js';
import type { Logger } from '../log.js';
import { utcDay } from '../domain/day-range.js';
import { enumerateForeignAgents, type ForeignAgentSearch } from './enumerate.js';
import { mirrorDigest, type ForeignAgentStrategyNote, type MirrorNote } from '../export/mirror-snapshot.js';
import { chooseStrategy, estimateRows, mirrorCallEstimate, type StrategyChoice } from './strategy.js';
import { DEFAULT_PROFILE } from '../settings/upstream-profile.js';
import type { MirrorStore } from './store.js';
import type { KeptMirrorSource, KeptMirrorStore } from './kept-store.js';
import { syncForRun, type KeptMirrorUse } from './kept-strategy.js';
import { learnedPageSize } from '../domain/run-counters.js';
import { effectiveProfile } from '../upstream/page-size.js';
import type { RunState, RunStore } from '../run/state/run-store.js';

/** Rows read to estimate the file's foreign-agent searches: enough to cross a few read buffers. */
const SAMPLE_ROWS = 2_000;

/** The enumeration's searches in flight at once; the pacer sets the pace. */
const ENUMERATION_CONCURRENCY = 8;

/** The enumeration's search for one run, through the pacer. */
export interface MirrorSource {
  readonly search: ForeignAgentSearch;
  /** Writes the counts of failed calls under the run. */
  flush(): Promise<void>;
  /** The Lookup Service's base URL: a kept mirror is kept per service (src/mirror/kept-store.ts). */
  readonly origin?: string;
}

/** What the coordinator learns: the note for outputs and, with a mirror, the digest every job names. */
export interface SettledStrategy {
  readonly note: ForeignAgentStrategyNote;
  readonly mirrorSha256?: string;
}

/** The file's row count and foreign-agent requests per client, from its first rows. */
async function sampleCosts(run: RunState): Promise<{ rows: number; exact: boolean; perClient: number }> {
  const file = await openClientFile(run.input, inputOptionsOf(run));
  const profile = run.profile ?? DEFAULT_PROFILE;
  let rows = 0;
  let clients = 0;
  let requests = 0;
  let reachedEnd = true;
  for await (const item of file.rows) {
    if (rows >= SAMPLE_ROWS) {
      reachedEnd = false;
      break;
    }
    rows++;
    if (!('client' in item)) continue;
    clients++;
    const plan = planCheck('foreign_agent', item.client, profile);
    if ('requests' in plan) requests += plan.requests.length;
  }
  const estimate = estimateRows(rows, file.bytesRead?.() ?? 0, run.inputBytes, reachedEnd);
  return { rows: estimate.rows, exact: estimate.exact, perClient: clients === 0 ? 0 : requests / clients };
}

/** Mirror or per-client searches for this run: as asked, or by the sampled cost with `auto`. */
async function chooseFor(run: RunState, canMirror: boolean, mirrorCalls: number): Promise<StrategyChoice> {
  const requested = run.faStrategy ?? 'auto';
  if (!canMirror) return { strategy: 'search', reason: 'no paced search for the mirror in this coordinator' };
  if (requested !== 'auto')
    return chooseStrategy({ requested, rows: 0, rowsExact: false, faRequestsPerClient: 0, mirrorCalls });
  const sample = await sampleCosts(run);
  return chooseStrategy({
    requested,
    rows: sample.rows,
    rowsExact: sample.exact,
    faRequestsPerClient: sample.perClient,
    mirrorCalls,
  });
}

/**
 * The answer length that may have been cut: the profile's resultCap, or the page size the run's preflight
 * learned when it is smaller (src/upstream/page-size.ts). The coordinator preflights before it settles the
 * strategy, so a service that cuts at 50 never has a day of 60 records taken as complete at 50.
 */
async function enumerationCap(store: RunStore, run: RunState): Promise<number> {
  const learned = learnedPageSize(await store.counters(run.id))?.learned;
  return effectiveProfile(run.profile ?? DEFAULT_PROFILE, learned).resultCap;
}

/** What the coordinator settles a run's foreign-agent strategy with. */
export interface SettleArgs {
  readonly run: RunState;
  readonly store: RunStore;
  readonly mirrors: MirrorStore;
  readonly source?: MirrorSource;
  readonly log: Logger;
  readonly now?: () => Date;
  /**
   * Throws when the run cannot go on (interrupted, every call stopped): an enumeration cut short by that is
   * not a reason to search per client, so nothing is decided and the resumed run decides again.
   */
  readonly assertGoing?: () => Promise<void>;
  /**
   * The kept mirror this run may use and keep (src/mirror/kept-strategy.ts); absent (the default policy):
   * the run enumerates its own mirror, or searches per client, and keeps nothing.
   */
  readonly kept?: { readonly store: KeptMirrorStore; readonly maxAgeMs: number };
}

/**
 * Decides, once per run, how its foreign-agent check finds candidates (docs/foreign-agent-mirror.md), and
 * builds the mirror when that is the choice. A resumed run keeps its decision while its mirror is stored;
 * an incomplete mirror falls back to per-client searches and says why. Returns undefined for a run
 * without the foreign-agent check.
 */
export async function settleForeignAgentStrategy(args: SettleArgs): Promise<SettledStrategy | undefined> {
  const { run, store, mirrors, log } = args;
  if (!run.checks.includes('foreign_agent')) return undefined;
  const known = await mirrors.note(run.id);
  if (known?.strategy === 'search') return { note: known };
  if (known?.strategy === 'mirror' && (await mirrors.hasMirror(run.id, known.sha256)))
    return { note: known, mirrorSha256: known.sha256 };

  const profile = run.profile ?? DEFAULT_PROFILE;
  const { since, acceptUndatedGap } = profile.foreignAgentMirror;
  const now = (args.now ?? (() => new Date()))();
  const until = utcDay(now);
  const kept = keptUse(args.kept, args.source, { since, acceptUndatedGap });
  if (kept && args.source && run.faStrategy !== 'search') {
    const synced = await settleFromKept(args, args.source, kept, { since, until, now });
    if (synced) return synced;
  }
  const mirrorCalls = mirrorCallEstimate(since, until);
  const choice = await chooseFor(run, args.source !== undefined, mirrorCalls);
  if (choice.strategy === 'search' || args.source === undefined) {
    const note: ForeignAgentStrategyNote = { strategy: 'search', reason: choice.reason };
    await mirrors.saveNote(run.id, note);
    log.info(
      { runId: run.id, strategy: 'search', reason: choice.reason },
      'foreign-agent check: per-client searches',
    );
    return { note };
  }

  const resultCap = await enumerationCap(store, run);
  log.info(
    { runId: run.id, since, until, estimatedCalls: mirrorCalls, resultCap },
    'enumerating the foreign-agent register',
  );
  // The answered calls' breakdown is tallied in the source: written even when the enumeration fails.
  const source = args.source;
  const enumeration = await enumerateForeignAgents(source.search, {
    since,
    until,
    resultCap,
    acceptUndatedGap,
    concurrency: ENUMERATION_CONCURRENCY,
  }).finally(() => source.flush());
  await args.assertGoing?.();

  if (!enumeration.complete) {
    const note: ForeignAgentStrategyNote = {
      strategy: 'search',
      reason: `mirror incomplete: ${enumeration.reason}`,
      mirror_calls: enumeration.calls,
    };
    await mirrors.saveNote(run.id, note);
    log.warn({ runId: run.id, reason: note.reason }, 'foreign-agent mirror incomplete: per-client searches');
    return { note };
  }
  const note: MirrorNote = {
    strategy: 'mirror',
    records: enumeration.records.length,
    sha256: mirrorDigest(enumeration.records),
    taken_at: new Date().toISOString(),
    range: { since, until },
    calls: enumeration.calls,
    split_days: enumeration.splitDays.length,
    undated_records: enumeration.undated,
    undated_gaps: enumeration.undatedGaps,
  };
  await mirrors.saveMirror(run.id, note, enumeration.records);
  if (kept) await keepBuilt(kept, note, enumeration.records, now);
  await mirrors.saveNote(run.id, note);
  log.info(
    { runId: run.id, records: note.records, calls: note.calls, sha256: note.sha256 },
    'foreign-agent mirror taken',
  );
  return { note, mirrorSha256: note.sha256 };
}

/** The run's mirror from the kept one, synced; undefined when there is none fresh or the sync failed. */
async function settleFromKept(
  args: SettleArgs,
  source: MirrorSource,
  kept: KeptMirrorUse,
  at: { readonly since: string; readonly until: string; readonly now: Date },
): Promise<SettledStrategy | undefined> {
  const { run, store, mirrors, log } = args;
  // Every sync request is counted as it leaves (the paced search); here only the pending counts are flushed.
  const countCalls = async () => {
    await source.flush();
  };
  const synced = await syncForRun({
    ...{ run, store, kept, search: source.search, log, countCalls, ...at },
    resultCap: await enumerationCap(store, run),
    concurrency: ENUMERATION_CONCURRENCY,
  });
  await args.assertGoing?.();
  if (synced === undefined) return undefined;
  await mirrors.saveMirror(run.id, synced.note, synced.mirror.records);
  await mirrors.saveNote(run.id, synced.note);
  await synced.commit();
  return { note: synced.note, mirrorSha256: synced.note.sha256 };
}

/** The kept mirror's store, source and max age, when the run's policy allows one and the source is known. */
function keptUse(
  kept: { readonly store: KeptMirrorStore; readonly maxAgeMs: number } | undefined,
  source: MirrorSource | undefined,
  settings: Omit<KeptMirrorSource, 'origin'>,
): KeptMirrorUse | undefined {
  if (kept === undefined || source?.origin === undefined || !(kept.maxAgeMs > 0)) return undefined;
  return { store: kept.store, maxAgeMs: kept.maxAgeMs, source: { origin: source.origin, ...settings } };
}

/** A complete enumeration becomes the kept mirror, as of now: later runs sync it until the max age. */
async function keepBuilt(
  kept: KeptMirrorUse,
  note: MirrorNote,
  records: readonly ForeignAgentRecord[],
  now: Date,
): Promise<void> {
  const mirror = {
    records,
    sha256: note.sha256,
    builtAt: now.toISOString(),
    syncedThrough: note.range.until,
    syncedAt: now.toISOString(),
    undatedGaps: note.undated_gaps,
  };
  await kept.store.save(kept.source, mirror, now.getTime() + kept.maxAgeMs);
}
