import { createHash } from 'node:crypto';

/**
 * Canonical JSON: object keys sorted at every level, no whitespace, `undefined` members left out (as
 * JSON.stringify does). Two records with the same content give the same text whatever the key order the
 * service used.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedCopy(value)) ?? 'null';
}

/**
 * A copy with the keys of every object inserted in sorted order, so that one native JSON.stringify
 * writes the canonical text (it keeps insertion order for string keys; integer-like keys, which no
 * register record has, would come first in numeric order). Arrays keep their order.
 */
function sortedCopy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(sortedCopy);
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  // Default sort compares UTF-16 code units: the same order on every machine.
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    copy[key] = item !== null && typeof item === 'object' ? sortedCopy(item) : item;
  }
  return copy;
}

/**
 * Hashes already computed for a record object. A search answer is scored against every client that
 * asked the same question (the run's cache hands out the same objects), so each record is hashed once.
 */
const hashes = new WeakMap<object, string>();

/** sha256 (hex) of the canonical JSON of a record's `data`: a whitelist entry reopens when it changes. */
export function recordHash(data: unknown): string {
  if (data === null || typeof data !== 'object') return sha256Hex(canonicalJson(data));
  let hash = hashes.get(data);
  if (hash === undefined) {
    hash = sha256Hex(canonicalJson(data));
    hashes.set(data, hash);
  }
  return hash;
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * A stable id for a foreign agent without a registration number: a hash of the fields that identify the
 * party only, so that a changed address or a new bank account keeps the id while the recordHash moves.
 */
export function contentId(prefix: string, identity: Readonly<Record<string, string | null>>): string {
  return `${prefix}:${recordHash(identity).slice(0, 16)}`;
}
