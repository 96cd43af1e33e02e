import type { Client } from '../domain/client.js';
import type { ForeignAgentRecord } from '../domain/records.js';
import { recordIdentifier } from '../matching/compare/identifiers.js';
import { splitWords } from '../matching/text/normalize.js';
import { skeleton } from '../matching/text/skeleton.js';

/**
 * Candidate selection against a mirror of the foreign-agent register, so that a client is scored against
 * the few records that could be it rather than against the whole register. A record is a candidate when
 * - it carries one of the client's identifiers (INN, SNILS, OGRN/OGRNIP) — whatever its name says; or
 * - a word of its name and a word of the client's name have the same phonetic skeleton (skeleton.ts: a
 *   Cyrillic word and its Latin transliterations share one), or skeletons one edit apart (a letter
 *   dropped, added or changed: the symmetric-deletion neighbourhood).
 * The per-client search finds a record only when the surname is one of its words, so this selection is
 * wider than that search; the scorer then decides as it does for searched records.
 */

/** Skeletons shorter than this get no deletion neighbours: `ли` → `л` would join unrelated names. */
const MIN_FUZZY_LENGTH = 4;

function wordKeys(name: string): string[] {
  const keys = new Set<string>();
  for (const word of splitWords(name, true)) {
    if (word.dotted) continue;
    const key = skeleton(word.text);
    if (key.length === 0) continue;
    keys.add(`w:${key}`);
    if (key.length < MIN_FUZZY_LENGTH) continue;
    for (let i = 0; i < key.length; i++) keys.add(`d:${key.slice(0, i)}${key.slice(i + 1)}`);
  }
  return [...keys];
}

/**
 * The keys that find a record from a client's word keys: an equal word or an equal deletion. Client `w:`
 * meets record `w:` (same word) and `d:` (the record's word has one letter more); client `d:` meets record
 * `w:` (one letter less) and `d:` (one letter changed).
 */
function probeKeys(keys: readonly string[]): string[] {
  const out = new Set<string>();
  for (const key of keys) {
    const body = key.slice(2);
    out.add(`w:${body}`);
    out.add(`d:${body}`);
  }
  return [...out];
}

function identifierKeys(values: {
  inn?: string | undefined;
  ogrn?: string | undefined;
  snils?: string | undefined;
}): string[] {
  const out: string[] = [];
  for (const kind of ['inn', 'ogrn', 'snils'] as const) {
    const value = recordIdentifier(kind, values[kind]);
    if (value !== undefined) out.push(`${kind}:${value}`);
  }
  return out;
}

function clientNames(client: Client): string[] {
  const parts = client.nameParts;
  return [client.name, parts?.surname, parts?.given, parts?.patronymic].filter(
    (v): v is string => v !== undefined && v.trim() !== '',
  );
}

export class MirrorIndex {
  private readonly postings = new Map<string, number[]>();

  constructor(readonly records: readonly ForeignAgentRecord[]) {
    records.forEach((record, position) => {
      const { data } = record;
      const keys = [
        ...wordKeys(data.name),
        ...identifierKeys({ inn: data.inn, ogrn: data.ogrn, snils: data.snils }),
      ];
      for (const key of keys) {
        const list = this.postings.get(key);
        if (list === undefined) this.postings.set(key, [position]);
        else if (list[list.length - 1] !== position) list.push(position);
      }
    });
  }

  /** The records that could be the client, in mirror order. */
  candidatesFor(client: Client): ForeignAgentRecord[] {
    const keys = new Set<string>([
      ...identifierKeys({ inn: client.inn, ogrn: client.ogrn, snils: client.snils }),
      ...identifierKeys({ ogrn: client.ogrnip }),
    ]);
    for (const name of clientNames(client)) for (const key of probeKeys(wordKeys(name))) keys.add(key);
    const positions = new Set<number>();
    for (const key of keys) for (const position of this.postings.get(key) ?? []) positions.add(position);
    return [...positions]
      .sort((a, b) => a - b)
      .map((position) => this.records[position] as ForeignAgentRecord);
  }
}
