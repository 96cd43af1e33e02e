import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { ForeignAgentRecord } from '../domain/records.js';
import { foreignAgentRecordSchema } from '../upstream/client/schemas.js';
import { mirrorDigest } from '../export/mirror-snapshot.js';

/**
 * The mirror of the foreign-agent register kept across runs (docs/foreign-agent-mirror.md, "The kept
 * mirror"). Register data only: no client, no run, no answer about anybody's search.
 *
 * Two keys per source, both under the deployment's hash-tagged prefix (one Cluster slot, like every key):
 * - `<prefix>:fa-register:<source>:records:<sha256>`: the records, gzipped JSON, named by their digest;
 * - `<prefix>:fa-register:<source>:current`: the pointer, a small JSON naming the records' digest, when
 *   the register was last enumerated in full and through which day it was searched since.
 * A new version is written whole under its own name first, then the pointer is switched with one SET: a
 * writer killed in between leaves the old pointer, and the new records expire unread. A pointer whose
 * records are gone, or do not hash to the digest it names (a Redis restart that kept one key and lost the
 * other), reads as no kept mirror: the run enumerates the register again. Both keys expire when the full
 * enumeration is as old as the max age that kept it; nothing older is ever read.
 */
export interface KeptMirror {
  readonly records: readonly ForeignAgentRecord[];
  readonly sha256: string;
  /** When the register was last enumerated in full, ISO 8601 UTC: removals and edits are as old as this. */
  readonly builtAt: string;
  /** The last `added` day searched (the full enumeration's or the last sync's), `YYYY-MM-DD`. */
  readonly syncedThrough: string;
  /** When the last sync ended, ISO 8601 UTC. */
  readonly syncedAt: string;
  /** The full enumeration's agent_types whose undated records may be missing (accepted by the profile). */
  readonly undatedGaps: readonly string[];
}

const pointerSchema = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  built_at: z.string(),
  synced_through: z.string(),
  synced_at: z.string(),
  records: z.number().int().nonnegative(),
  undated_gaps: z.array(z.string()),
});
type Pointer = z.infer<typeof pointerSchema>;

/** What a kept mirror was enumerated from: the service, and the profile settings that shape a mirror. */
export interface KeptMirrorSource {
  /** The Lookup Service's base URL: a mirror of one service is never read for another. */
  readonly origin: string;
  readonly since: string;
  readonly acceptUndatedGap: boolean;
}

/** A short, stable name of the source for the keys: the URL itself is not written into a key name. */
export function sourceId(source: KeptMirrorSource): string {
  const text = JSON.stringify([source.origin, source.since, source.acceptUndatedGap]);
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

export function keptMirrorKeys(prefix: string, source: KeptMirrorSource) {
  const base = `${prefix}:fa-register:${sourceId(source)}`;
  return {
    current: `${base}:current`,
    records: (sha256: string) => `${base}:records:${sha256}`,
  };
}

/** Every kept mirror of a prefix, whatever its source (`purge`, the docs' retention section). */
export function keptMirrorPattern(prefix: string): string {
  return `${prefix}:fa-register:*`;
}

/** A version replaced by a newer one stays readable this long, for a run that read its pointer just before. */
const REPLACED_GRACE_MS = 10 * 60 * 1000;

const recordsSchema = z.array(foreignAgentRecordSchema);

export class KeptMirrorStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** The kept mirror, or undefined when there is none or it does not read whole (then it is rebuilt). */
  async load(source: KeptMirrorSource): Promise<KeptMirror | undefined> {
    const keys = keptMirrorKeys(this.prefix, source);
    const pointer = readPointer(await this.redis.get(keys.current));
    if (pointer === undefined) return undefined;
    const packed = await this.redis.getBuffer(keys.records(pointer.sha256));
    if (packed === null) return undefined;
    const records = unpack(packed);
    // A half-written or replaced value never passes for the version the pointer names.
    if (records === undefined || mirrorDigest(records) !== pointer.sha256) return undefined;
    return {
      records,
      sha256: pointer.sha256,
      builtAt: pointer.built_at,
      syncedThrough: pointer.synced_through,
      syncedAt: pointer.synced_at,
      undatedGaps: pointer.undated_gaps,
    };
  }

  /**
   * Keeps a new version: the records under their digest first, then the pointer, both expiring at
   * `expiresAt` (ms since the epoch: the full enumeration's time plus the max age).
   */
  async save(source: KeptMirrorSource, mirror: KeptMirror, expiresAt: number): Promise<void> {
    const keys = keptMirrorKeys(this.prefix, source);
    const previous = readPointer(await this.redis.get(keys.current));
    const pointer: Pointer = {
      sha256: mirror.sha256,
      built_at: mirror.builtAt,
      synced_through: mirror.syncedThrough,
      synced_at: mirror.syncedAt,
      records: mirror.records.length,
      undated_gaps: [...mirror.undatedGaps],
    };
    await this.redis.set(keys.records(mirror.sha256), pack(mirror.records), 'PXAT', expiresAt);
    await this.redis.set(keys.current, JSON.stringify(pointer), 'PXAT', expiresAt);
    if (previous !== undefined && previous.sha256 !== mirror.sha256)
      await this.redis.pexpire(keys.records(previous.sha256), REPLACED_GRACE_MS);
  }
}

function readPointer(text: string | null): Pointer | undefined {
  if (text === null) return undefined;
  try {
    const parsed = pointerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The records as gzipped JSON: a register of ~1,000 records takes about a tenth of its JSON. */
function pack(records: readonly ForeignAgentRecord[]): Buffer {
  return gzipSync(JSON.stringify(records));
}

function unpack(packed: Buffer): ForeignAgentRecord[] | undefined {
  try {
    const parsed = recordsSchema.safeParse(JSON.parse(gunzipSync(packed).toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
