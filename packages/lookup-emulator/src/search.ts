/**
 * Inverted indexes over register fields. Built once per seed; a query only looks up posting lists and
 * intersects them, so a search costs a few map lookups however large the register is.
 *
 * Posting lists are sorted ascending record positions, so results come out in register order and
 * intersections are a linear merge.
 */
import { phoneticKey, scriptOf, words } from './text.js';

export type Postings = Uint32Array;

export const NO_MATCH: Postings = new Uint32Array(0);

/** Intersection of two sorted posting lists. */
export function intersect(a: Postings, b: Postings): Postings {
  if (a.length === 0 || b.length === 0) return NO_MATCH;
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const out = new Uint32Array(small.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < small.length; i++) {
    const value = small[i] as number;
    while (j < large.length && (large[j] as number) < value) j++;
    if (j === large.length) break;
    if (large[j] === value) out[n++] = value;
  }
  return n === out.length ? out : out.subarray(0, n);
}

/** Union of two sorted posting lists, without duplicates. */
export function union(a: Postings, b: Postings): Postings {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? (a[i] as number) : Infinity;
    const y = j < b.length ? (b[j] as number) : Infinity;
    if (x <= y) {
      out[n++] = x;
      i++;
      if (x === y) j++;
    } else {
      out[n++] = y;
      j++;
    }
  }
  return out.subarray(0, n);
}

function freeze(lists: Map<string, number[]>): Map<string, Postings> {
  const out = new Map<string, Postings>();
  for (const [key, positions] of lists) out.set(key, Uint32Array.from(positions));
  return out;
}

/** How a query value is compared with a field. */
export interface FieldIndex {
  match(query: string): Postings;
}

/**
 * Word search: every word of the query must be a word of the field, in any order. A query without any
 * word matches nothing. With `crossScript` false (the strict variant) a word finds only itself: no
 * phonetic key, so a Cyrillic query never finds a Latin spelling and `Tsvetkova` never finds `TCVETKOVA`.
 */
export class WordIndex implements FieldIndex {
  private readonly postings: Map<string, Postings>;

  constructor(
    values: readonly string[],
    private readonly crossScript = true,
  ) {
    const lists = new Map<string, number[]>();
    const add = (key: string, position: number) => {
      const list = lists.get(key);
      if (list === undefined) lists.set(key, [position]);
      else if (list[list.length - 1] !== position) list.push(position);
    };
    values.forEach((value, position) => {
      for (const word of words(value)) {
        add(word, position);
        if (!crossScript) continue;
        // Cross-script keys (text.ts): `L:` for words written in Latin, `C:` for Cyrillic ones.
        const script = scriptOf(word);
        if (script !== 'other') add(`${script === 'latin' ? 'L' : 'C'}:${phoneticKey(word)}`, position);
      }
    });
    this.postings = freeze(lists);
  }

  /**
   * The records holding a word: the word itself, plus, across scripts, words with the same phonetic key.
   * Cyrillic to Cyrillic stays exact (registers and clients share the script, and `Иванов` must not find
   * `Иванова`); a Cyrillic word also finds its Latin spellings, and a Latin word finds spellings of every
   * system in both scripts.
   */
  private lookup(word: string): Postings {
    const exact = this.postings.get(word) ?? NO_MATCH;
    if (!this.crossScript) return exact;
    const script = scriptOf(word);
    if (script === 'other') return exact;
    const key = phoneticKey(word);
    let result = union(exact, this.postings.get(`L:${key}`) ?? NO_MATCH);
    if (script === 'latin') result = union(result, this.postings.get(`C:${key}`) ?? NO_MATCH);
    return result;
  }

  match(query: string): Postings {
    const queryWords = words(query);
    if (queryWords.length === 0) return NO_MATCH;
    // Look every word up first: one unknown word ends the search without any merging.
    const lists: Postings[] = [];
    for (const word of queryWords) {
      const list = this.lookup(word);
      if (list.length === 0) return NO_MATCH;
      lists.push(list);
    }
    lists.sort((x, y) => x.length - y.length);
    let result = lists[0] as Postings;
    for (let i = 1; i < lists.length && result.length > 0; i++)
      result = intersect(result, lists[i] as Postings);
    return result;
  }
}

/** Identifier, date and enumerated fields: equality after trimming. Empty field values are not indexed. */
export class ExactIndex implements FieldIndex {
  private readonly postings: Map<string, Postings>;

  constructor(values: readonly (string | null)[]) {
    const lists = new Map<string, number[]>();
    values.forEach((value, position) => {
      const key = value?.trim() ?? '';
      if (key === '') return;
      const list = lists.get(key);
      if (list === undefined) lists.set(key, [position]);
      else list.push(position);
    });
    this.postings = freeze(lists);
  }

  match(query: string): Postings {
    return this.postings.get(query.trim()) ?? NO_MATCH;
  }
}

/** A field searched in several record fields at once (sanctions `name` looks at name and name_local). */
export class AnyOfIndex implements FieldIndex {
  constructor(private readonly indexes: readonly FieldIndex[]) {}

  match(query: string): Postings {
    let result = NO_MATCH;
    for (const index of this.indexes) result = union(result, index.match(query));
    return result;
  }
}
