import type { RequestRecord } from '../domain/check.js';
import { recordHash } from '../matching/record-hash.js';
import type { Narrowing, PlannedRequest, SearchParams } from './plan.js';
import type { Looked } from './looked.js';

/** What the searches of one check found, and how many of their answers stayed cut however narrowed. */
export interface Searched<T> {
  readonly records: readonly T[];
  readonly requests: RequestRecord[];
  readonly answers: Looked<readonly T[]>[];
  /** Searches whose answer filled the cap and had no narrower, or one of whose narrowings stayed cut. */
  readonly cut: number;
}

type Search<T> = (params: SearchParams) => Promise<Looked<readonly T[]>>;

/** The words of a name as written: whitespace and punctuation split, case and letters kept. */
function wordsOf(text: string): Set<string> {
  return new Set(text.split(/[\s«»"“”„'`.,;:()]+/u).filter((w) => w.length > 0));
}

/** Whether a record holds every word of the query's name fields and equals its other fields. */
function carries(data: unknown, params: SearchParams): boolean {
  const fields = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return Object.entries(params).every(([key, value]) => {
    const field = fields[key];
    if (typeof field !== 'string') return false;
    if (key !== 'name' && key !== 'name_local') return field === value;
    const have = wordsOf(field);
    return [...wordsOf(value)].every((w) => have.has(w));
  });
}

/**
 * Whether a narrowed answer below the cap can be taken as complete. The contract does not say how a name
 * search matches (words in any order, a phrase, a prefix), so the cut answer it narrows is the evidence:
 * a record of that answer holding every word of the narrower query, as written, must be in the narrowed
 * answer too. One that is missing shows that the service does not search the way the narrowing assumes,
 * and the narrowed answer proves nothing.
 */
function consistent<T extends { readonly data: unknown }>(
  cut: readonly T[],
  narrowed: readonly T[],
  params: SearchParams,
): boolean {
  const found = new Set(narrowed.map((record) => recordHash(record.data)));
  return cut.every((record) => !carries(record.data, params) || found.has(recordHash(record.data)));
}

/**
 * Runs every planned search of one check and returns the union of the records, each once: the spellings
 * of one name often find the same record, and a record found twice must be scored once. A search whose
 * answer is as long as the result cap (the profile's, or the smaller page size the run learned) may have
 * been cut off, so each of its narrowings is asked, finer and finer, until an answer is no longer cut and
 * agrees with the cut one (`consistent`). A search with no narrowing, or one of whose narrowings ends cut,
 * is counted as cut. An answer that is not cut costs nothing more.
 */
export async function searchAll<T extends { readonly data: unknown }>(
  planned: readonly PlannedRequest[],
  resultCap: number,
  search: Search<T>,
): Promise<Searched<T>> {
  const requests: RequestRecord[] = [];
  const records: T[] = [];
  const answers: Looked<readonly T[]>[] = [];
  const seen = new Set<string>();
  const ask = async (params: SearchParams): Promise<readonly T[]> => {
    const answer = await search(params);
    requests.push(answer.record);
    answers.push(answer);
    for (const record of answer.data) {
      const id = recordHash(record.data);
      if (seen.has(id)) continue;
      seen.add(id);
      records.push(record);
    }
    return answer.data;
  };
  const resolves = async (narrowing: Narrowing, cutAnswer: readonly T[]): Promise<boolean> => {
    for (const params of narrowing) {
      const data = await ask(params);
      if (data.length < resultCap) return consistent(cutAnswer, data, params);
    }
    return false;
  };
  let cut = 0;
  for (const request of planned) {
    const data = await ask(request.params);
    if (data.length < resultCap) continue;
    const narrowers = 'narrowers' in request ? request.narrowers : [];
    let resolved = narrowers.length > 0;
    // Every narrowing is asked even once one stays cut: the records each finds are scored.
    for (const narrowing of narrowers) if (!(await resolves(narrowing, data))) resolved = false;
    if (!resolved) cut++;
  }
  return { records, requests, answers, cut };
}
