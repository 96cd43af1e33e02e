import type { Finding } from './findings.js';
import type { Prober } from './prober.js';

const SANCTIONS = '/lists/search/sanctions';
const DATE = /^\d{4}-\d{2}-\d{2}$/u;

/**
 * Whether the sanctions list could be kept as a mirror enumerated by birth date (one search per day): the
 * contract names `birth_date` among the search parameters but says nothing of how a date alone is answered
 * or where an answer is cut. Measured from one day of a person the broad search returned:
 * - every person of the broad answers born that day must come back, and nothing born another day (a
 *   service that ignores the parameter answers a page of anything);
 * - the answer must be shorter than the page: an answer as long as the page may have been cut;
 * - the same with `entity_type=person`, which must keep exactly the persons.
 * And what no date search can reach: the share of persons in the broad answers that carry no birth date.
 */
export interface BirthDateReading {
  /** true: a search by birth date alone answered that day whole; false: it did not; undefined: untold. */
  readonly partition: boolean | undefined;
  /** Persons without a birth date among the broad answers, and persons seen. */
  readonly undated: { readonly persons: number; readonly withoutDate: number };
  readonly findings: readonly Finding[];
}

interface ListedPerson {
  readonly name: string;
  readonly birthDate: string | null;
  readonly entityType: string;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function listed(record: unknown): ListedPerson | undefined {
  const data = field(record, 'data');
  const name = field(data, 'name');
  const birthDate = field(data, 'birth_date');
  const entityType = field(data, 'entity_type');
  if (typeof name !== 'string' || typeof entityType !== 'string') return undefined;
  return { name, birthDate: typeof birthDate === 'string' ? birthDate : null, entityType };
}

function recordsOf(body: string): ListedPerson[] | undefined {
  try {
    const json: unknown = JSON.parse(body);
    if (!Array.isArray(json)) return undefined;
    return json.map(listed).filter((r): r is ListedPerson => r !== undefined);
  } catch {
    return undefined;
  }
}

/** The key two answers are compared by: name, birth date and entity type (no id in the contract). */
const keyOf = (r: ListedPerson) => `${r.name}\u0000${r.birthDate ?? ''}\u0000${r.entityType}`;

/** What one date search showed, in words without any record's data. */
type DayAnswer =
  | { readonly kind: 'whole'; readonly length: number }
  | { readonly kind: 'cut'; readonly length: number }
  | { readonly kind: 'wrong'; readonly why: string };

async function askDay(
  prober: Prober,
  query: Readonly<Record<string, string>>,
  expected: readonly ListedPerson[],
  page: number,
  personsOnly: boolean,
): Promise<DayAnswer> {
  const response = await prober.answer(SANCTIONS, query);
  if (response.status !== 200) return { kind: 'wrong', why: `HTTP ${response.status}` };
  const records = recordsOf(response.body);
  if (records === undefined) return { kind: 'wrong', why: 'not a list of records' };
  const day = query.birth_date;
  const strangers = records.filter(
    (r) => r.birthDate !== day || (personsOnly && r.entityType !== 'person'),
  ).length;
  if (strangers > 0)
    return { kind: 'wrong', why: `${strangers} of ${records.length} records are of another day or kind` };
  const got = new Set(records.map(keyOf));
  const missing = expected.filter((r) => !got.has(keyOf(r))).length;
  // A cut answer may miss anything: it is reported as cut before any record is called missing.
  if (records.length >= page) return { kind: 'cut', length: records.length };
  if (missing > 0)
    return { kind: 'wrong', why: `${missing} of ${expected.length} persons known born that day are missing` };
  return { kind: 'whole', length: records.length };
}

function said(answer: DayAnswer, page: number): string {
  if (answer.kind === 'whole') return `${answer.length} record(s), below the page of ${page}`;
  if (answer.kind === 'cut') return `cut: ${answer.length} records, as long as the page of ${page}`;
  return answer.why;
}

/**
 * Two calls: the day alone and the day with `entity_type=person`. `broad` are the broad searches' sanctions
 * answers; `page` is the longest answer seen so far, at which an answer may have been cut.
 */
export async function probeBirthDateSearch(
  prober: Prober,
  broad: readonly unknown[],
  page: number,
): Promise<BirthDateReading> {
  const persons = broad.map(listed).filter((r): r is ListedPerson => r?.entityType === 'person');
  const undated = {
    persons: persons.length,
    withoutDate: persons.filter((r) => r.birthDate === null || !DATE.test(r.birthDate)).length,
  };
  const undatedFinding: Finding = {
    point: 'sanctions: persons without a birth date',
    found:
      persons.length === 0
        ? 'not measured: the broad search returned no person'
        : `${undated.withoutDate} of ${undated.persons} persons of the broad answers: no search by date ` +
          'reaches them, so they are only found by searches per client',
    assumed: 'none: every client is searched by name',
    holds: undefined,
    ...(persons.length === 0 ? { unmeasured: true as const } : {}),
  };
  const day = persons.find((r) => r.birthDate !== null && DATE.test(r.birthDate))?.birthDate;
  if (day === null || day === undefined)
    return {
      partition: undefined,
      undated,
      findings: [
        {
          point: 'sanctions: search by birth date',
          found: 'not measured: no person with a birth date in the broad answers',
          assumed: 'none: every client is searched by name',
          holds: undefined,
          unmeasured: true,
        },
        undatedFinding,
      ],
    };
  const expected = persons.filter((r) => r.birthDate === day);
  const alone = await askDay(prober, { birth_date: day }, expected, page, false);
  const typed = await askDay(prober, { birth_date: day, entity_type: 'person' }, expected, page, true);
  const partition =
    alone.kind === 'whole' || typed.kind === 'whole'
      ? true
      : alone.kind === 'wrong' && typed.kind === 'wrong'
        ? false
        : undefined;
  return {
    partition,
    undated,
    findings: [
      {
        point: 'sanctions: search by birth date',
        found:
          `birth_date alone: ${said(alone, page)}; with entity_type=person: ${said(typed, page)}` +
          (partition === true ? ' (a day can be enumerated whole)' : ''),
        assumed: 'none: every client is searched by name',
        holds: undefined,
        ...(partition === undefined ? { unmeasured: true as const } : {}),
      },
      undatedFinding,
    ],
  };
}
