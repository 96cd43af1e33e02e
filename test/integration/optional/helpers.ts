import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Redis } from 'ioredis';
import { CHECK_KINDS } from '../../../src/domain/check.js';

/** A verdicts.csv read back: the header, and each row as a column → cell map, by client_id. */
export interface VerdictFile {
  readonly header: readonly string[];
  readonly rows: readonly Readonly<Record<string, string>>[];
  byId(id: string): Readonly<Record<string, string>>;
}

export function readVerdicts(path: string): VerdictFile {
  const [header = [], ...cells] = parse(readFileSync(path, 'utf8'), { bom: true }) as string[][];
  const rows = cells.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? ''])));
  return {
    header,
    rows,
    byId(id) {
      const row = rows.find((r) => r.client_id === id);
      if (!row) throw new Error(`no row ${id}`);
      return row;
    },
  };
}

/** The reason codes of a verdict row. */
export function reasonsOf(row: Readonly<Record<string, string>>): string[] {
  return (row.kyc_reasons ?? '').split('; ');
}

/** `FLAG: detail` → `FLAG`. */
export function statusOf(cell: string | undefined): string {
  return (cell ?? '').split(':')[0] ?? '';
}

/** The check kinds a verdict file has status columns for. */
export function statusColumns(header: readonly string[]): string[] {
  return CHECK_KINDS.filter((kind) => header.includes(`kyc_${kind}`));
}

/** Every key under the prefix with its value as text, whatever its type: what an attacker with Redis sees. */
export async function dumpKeys(redis: Redis, prefix: string): Promise<string> {
  const parts: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      let value: unknown;
      if (type === 'string') value = await redis.get(key);
      else if (type === 'hash') value = await redis.hgetall(key);
      else if (type === 'list') value = await redis.lrange(key, 0, -1);
      else if (type === 'set') value = await redis.smembers(key);
      else if (type === 'zset') value = await redis.zrange(key, '0', '-1', 'WITHSCORES');
      else if (type === 'stream') value = await redis.xrange(key, '-', '+');
      parts.push(`${key} ${JSON.stringify(value)}`);
    }
  } while (cursor !== '0');
  return parts.join('\n');
}
