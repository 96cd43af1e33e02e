import type { Redis } from 'ioredis';
import { z } from 'zod';
import { parseStoredJson } from '../run/state/stored-json.js';
import { runKeys } from '../run/state/topology.js';
import type { WhitelistEntry } from '../verdict/whitelist-entry.js';
import type { WhitelistFile } from './file.js';

/**
 * The whitelist of a run, loaded into Redis under the run's keys when the run is submitted: every merge on
 * every machine reads the entries of its one client (a hash field per client key), and the file's bytes
 * stay with the run for the audit export. A later edit of the file never changes a run already submitted.
 */
export function whitelistKeys(prefix: string, runId: string) {
  const keys = runKeys(prefix, runId);
  const base = keys.meta.slice(0, -':meta'.length);
  return { entries: keys.whitelistEntries, source: `${base}:whitelist-source` };
}

const storedEntriesSchema: z.ZodType<WhitelistEntry[]> = z.array(
  z.looseObject({
    clientKey: z.string(),
    register: z.string(),
    recordId: z.string(),
    recordHash: z.string(),
    reviewer: z.string(),
    date: z.string(),
    comment: z.string(),
  }),
);

export class WhitelistStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async load(runId: string, file: WhitelistFile): Promise<void> {
    const keys = whitelistKeys(this.prefix, runId);
    const byClient = new Map<string, WhitelistEntry[]>();
    for (const entry of file.entries) {
      const list = byClient.get(entry.clientKey) ?? [];
      list.push(entry);
      byClient.set(entry.clientKey, list);
    }
    const tx = this.redis.multi().del(keys.entries, keys.source).set(keys.source, file.bytes);
    const fields: string[] = [];
    for (const [clientKey, entries] of byClient) fields.push(clientKey, JSON.stringify(entries));
    if (fields.length > 0) tx.hset(keys.entries, ...fields);
    await tx.exec();
  }

  /** The client's entries; damaged ones are KYC_ERR_REDIS_CORRUPT, never a whitelist silently lost. */
  async entriesFor(runId: string, clientKey: string): Promise<WhitelistEntry[]> {
    const raw = await this.redis.hget(whitelistKeys(this.prefix, runId).entries, clientKey);
    return raw === null ? [] : parseStoredJson(storedEntriesSchema, raw, `whitelist entries of run ${runId}`);
  }

  /** The whitelist file's bytes as the run read them; undefined when the run had none. */
  async source(runId: string): Promise<Buffer | undefined> {
    return (await this.redis.getBuffer(whitelistKeys(this.prefix, runId).source)) ?? undefined;
  }
}
