import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { ForeignAgentRecord } from '../domain/records.js';
import { KycError } from '../errors.js';
import { MirrorIndex } from './local-index.js';
import {
  mirrorDigest,
  type ForeignAgentStrategyNote,
  type MirrorNote,
  type SearchNote,
} from '../export/mirror-snapshot.js';
import { foreignAgentRecordSchema } from '../upstream/client/schemas.js';
import { ABANDONED_RUN_DATA_MS } from '../run/state/retention.js';
import { parseStoredJson } from '../run/state/stored-json.js';
import { runKeys } from '../run/state/topology.js';

/**
 * Where a run's mirror of the foreign-agent register lives: one Redis value under the run's keys, written
 * once by the coordinator and read once per run by each worker process. The register's records name
 * people, so the value expires like the run's other working data (ABANDONED_RUN_DATA_MS) and is deleted
 * with it when the run is done (RunStore.releaseWorkingData). The strategy note stays with the run's meta:
 * it carries no personal data and the manifest of a resumed run needs it.
 */
interface StoredMirror {
  readonly note: MirrorNote;
  readonly records: readonly ForeignAgentRecord[];
}

// The notes are read back into manifests and evidence lines: their fields keep the order they were written in.
const mirrorNoteSchema = z.looseObject({
  strategy: z.literal('mirror'),
  records: z.number(),
  sha256: z.string(),
  taken_at: z.string(),
  range: z.looseObject({ since: z.string(), until: z.string() }),
  calls: z.number(),
  split_days: z.number(),
  undated_records: z.number(),
  undated_gaps: z.array(z.string()),
  kept: z
    .looseObject({
      built_at: z.string(),
      synced: z.looseObject({ since: z.string(), until: z.string(), days: z.number() }),
      new_records: z.number(),
      new_record_ids: z.array(z.string()),
    })
    .exactOptional(),
});

const searchNoteSchema = z.looseObject({
  strategy: z.literal('search'),
  reason: z.string(),
  mirror_calls: z.number().exactOptional(),
});

// Declared against the notes' types: a field added there and forgotten here fails the type check.
const strategyNoteSchema: z.ZodType<ForeignAgentStrategyNote> = z.discriminatedUnion('strategy', [
  mirrorNoteSchema satisfies z.ZodType<MirrorNote>,
  searchNoteSchema satisfies z.ZodType<SearchNote>,
]);

/** Records as the registry client validated them before they were stored (src/upstream/client/schemas.ts). */
const storedMirrorSchema: z.ZodType<StoredMirror> = z.looseObject({
  note: mirrorNoteSchema,
  records: z.array(foreignAgentRecordSchema),
});

export class MirrorStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async saveMirror(runId: string, note: MirrorNote, records: readonly ForeignAgentRecord[]): Promise<void> {
    const keys = runKeys(this.prefix, runId);
    const value: StoredMirror = { note, records };
    await this.redis.set(keys.foreignAgentMirror, JSON.stringify(value), 'PX', ABANDONED_RUN_DATA_MS);
  }

  /** Whether the mirror with this digest is still stored (a resumed run reuses it). */
  async hasMirror(runId: string, sha256: string): Promise<boolean> {
    const stored = await this.load(runId);
    return stored?.note.sha256 === sha256;
  }

  async saveNote(runId: string, note: ForeignAgentStrategyNote): Promise<void> {
    await this.redis.set(runKeys(this.prefix, runId).foreignAgentStrategy, JSON.stringify(note));
  }

  /** The run's strategy note; a damaged one is KYC_ERR_REDIS_CORRUPT. */
  async note(runId: string): Promise<ForeignAgentStrategyNote | undefined> {
    const text = await this.redis.get(runKeys(this.prefix, runId).foreignAgentStrategy);
    return text === null
      ? undefined
      : parseStoredJson(strategyNoteSchema, text, `foreign-agent strategy of run ${runId}`);
  }

  /** The run's mirror; one that does not read is KYC_ERR_REDIS_CORRUPT, naming fields, never records. */
  async load(runId: string): Promise<StoredMirror | undefined> {
    const text = await this.redis.get(runKeys(this.prefix, runId).foreignAgentMirror);
    return text === null
      ? undefined
      : parseStoredJson(storedMirrorSchema, text, `foreign-agent mirror of run ${runId}`);
  }
}

/** Runs whose mirror one worker process keeps indexed at once. */
const KEPT_RUNS = 4;

/**
 * The mirrors a worker process has loaded, indexed, by run: each is read from Redis once per run (and
 * checked against the digest the job names), however many of the run's checks the process serves.
 */
export class LoadedMirrors {
  private readonly loaded = new Map<string, Promise<MirrorIndex>>();

  constructor(private readonly store: MirrorStore) {}

  index(runId: string, sha256: string): Promise<MirrorIndex> {
    const key = `${runId}\u0000${sha256}`;
    let found = this.loaded.get(key);
    if (found === undefined) {
      found = this.read(runId, sha256);
      // A failed read is not kept: the next job asks Redis again.
      found.catch(() => this.loaded.delete(key));
      if (this.loaded.size >= KEPT_RUNS) {
        const oldest = this.loaded.keys().next().value;
        if (oldest !== undefined) this.loaded.delete(oldest);
      }
      this.loaded.set(key, found);
    }
    return found;
  }

  private async read(runId: string, sha256: string): Promise<MirrorIndex> {
    const stored = await this.store.load(runId);
    if (stored === undefined || stored.note.sha256 !== sha256)
      throw new KycError('KYC_ERR_FA_MIRROR_MISSING', `run ${runId}`);
    // The digest is recomputed: a value changed in Redis must not be matched against silently.
    if (mirrorDigest(stored.records) !== sha256)
      throw new KycError(
        'KYC_ERR_FA_MIRROR_MISSING',
        `run ${runId}: the stored records do not match their digest`,
      );
    return new MirrorIndex(stored.records);
  }
}
