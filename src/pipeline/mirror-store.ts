import type { Redis } from 'ioredis';
import type { ForeignAgentRecord } from '../domain/records.js';
import { KycError } from '../errors.js';
import { MirrorIndex } from '../mirror/local-index.js';
import { mirrorDigest, type ForeignAgentStrategyNote, type MirrorNote } from '../mirror/snapshot.js';
import { ABANDONED_RUN_DATA_MS } from './retention.js';
import { runKeys } from './topology.js';

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

  async note(runId: string): Promise<ForeignAgentStrategyNote | undefined> {
    const text = await this.redis.get(runKeys(this.prefix, runId).foreignAgentStrategy);
    return text === null ? undefined : (JSON.parse(text) as ForeignAgentStrategyNote);
  }

  async load(runId: string): Promise<StoredMirror | undefined> {
    const text = await this.redis.get(runKeys(this.prefix, runId).foreignAgentMirror);
    return text === null ? undefined : (JSON.parse(text) as StoredMirror);
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
