import type { UpstreamProfile } from '../settings/upstream-profile.js';
import type { Finding } from './findings.js';
import type { Prober } from './prober.js';

const SANCTIONS = '/lists/search/sanctions';
/** An answer shorter than this is never taken for a cut page (page-size.ts). */
const MIN_PAGE = 5;
const LATIN = /^[A-Za-z]+$/;
const CYRILLIC = /[\u0400-\u04ff]/;

/** A sanctions record written in Latin with a Cyrillic `name_local` and a birth date to narrow by. */
export interface ProbeRecord {
  readonly name: string;
  readonly birthDate: string;
  /** The longest Latin word of `name`: the word every probe query is built from. */
  readonly word: string;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** The first record fit to probe with, or undefined. */
export function pickProbeRecord(records: readonly unknown[]): ProbeRecord | undefined {
  for (const record of records) {
    const data = field(record, 'data');
    const name = field(data, 'name');
    const local = field(data, 'name_local');
    const birthDate = field(data, 'birth_date');
    if (typeof name !== 'string' || typeof local !== 'string' || typeof birthDate !== 'string') continue;
    if (!CYRILLIC.test(local)) continue;
    const word = name
      .split(/[^A-Za-z]+/)
      .filter((w) => LATIN.test(w) && w.length >= 5)
      .sort((a, b) => b.length - a.length)[0];
    if (word !== undefined) return { name, birthDate, word };
  }
  return undefined;
}

/** Common surnames as sanctions lists write them in Latin, and the script the local name is in. */
const NAME_QUERIES = [{ name: 'IVANOV' }, { name: 'PETROV' }] as const;
/** Dates to try at most: each is one call. */
const DATE_QUERIES = 2;

function birthDatesOf(records: readonly unknown[]): string[] {
  const dates = records
    .map((r) => field(field(r, 'data'), 'birth_date'))
    .filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/u.test(d));
  return [...new Set(dates)].slice(0, DATE_QUERIES);
}

async function sanctionsRecords(prober: Prober, query: Readonly<Record<string, string>>): Promise<unknown[]> {
  const response = await prober.answer(SANCTIONS, query);
  if (response.status !== 200) return [];
  try {
    const json: unknown = JSON.parse(response.body);
    return Array.isArray(json) ? (json as unknown[]) : [];
  } catch {
    return [];
  }
}

/**
 * A record to probe with: from the broad search, else from searches by real values — the birth dates of
 * foreign agents (a date search is spelling-free) and common surnames — so that a service that answers a
 * filter-only search with nothing is still measured.
 */
export async function findProbeRecord(
  prober: Prober,
  broad: { readonly sanctions: readonly unknown[]; readonly foreignAgents: readonly unknown[] },
): Promise<{ record: ProbeRecord | undefined; tried: string }> {
  const direct = pickProbeRecord(broad.sanctions);
  if (direct) return { record: direct, tried: 'the broad search' };
  const queries = [
    ...birthDatesOf(broad.foreignAgents).map((birth_date) => ({ birth_date })),
    ...NAME_QUERIES,
  ];
  for (const query of queries) {
    const record = pickProbeRecord(await sanctionsRecords(prober, query));
    if (record) return { record, tried: `a search by ${Object.keys(query)[0] ?? ''}` };
  }
  return {
    record: undefined,
    tried: `the broad search, ${queries.length} searches by birth date and common surnames`,
  };
}

/** The same letters in the other case: `TSVETKOVA` → `tsvetkova`, `Tsvetkova` → `TSVETKOVA`. */
export function otherCase(word: string): string {
  return word === word.toUpperCase() ? word.toLowerCase() : word.toUpperCase();
}

/**
 * Whether a search by the name alone finds the record; undefined when the answer cannot tell. The query
 * carries no birth date: a service that answers a date with every record born that day, whatever the name,
 * would make every name probe look like a find. An answer as long as the longest one seen (`page`) tells
 * nothing either way: it may have cut the record off, and a service that ignores the parameter answers a
 * full page of everything, which holds the record (it came from the first page of the broad search).
 */
async function findsRecord(
  prober: Prober,
  record: { readonly name: string },
  query: Record<string, string>,
  page: number,
): Promise<boolean | undefined> {
  const response = await prober.answer(SANCTIONS, query);
  if (response.status !== 200) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    return undefined;
  }
  if (!Array.isArray(json)) return undefined;
  if (json.length >= page) return undefined;
  return json.some((r) => field(field(r, 'data'), 'name') === record.name);
}

type NameSearchReading = {
  findings: Finding[];
  crossScript: boolean | undefined;
  caseInsensitive: boolean | undefined;
};

function notMeasured(why: string): NameSearchReading {
  return {
    crossScript: undefined,
    caseInsensitive: undefined,
    findings: [
      {
        point: 'name search',
        found: `not measured: ${why}`,
        assumed: 'whole words, case-insensitive',
        holds: undefined,
        unmeasured: true,
      },
    ],
  };
}

/**
 * How name search matches, from queries built from one record, each by the name alone: the word as
 * written, in the other case, cut by two letters, and — across scripts — the Latin word asked of
 * `name_local`, which holds only the Cyrillic spelling (a record found that way holds the word in its Latin
 * `name`). A probe whose answer cannot tell leaves the profile's safe assumption.
 */
export async function probeNameSearch(
  prober: Prober,
  broad: { readonly sanctions: readonly unknown[]; readonly foreignAgents: readonly unknown[] },
  assumed: UpstreamProfile,
): Promise<NameSearchReading> {
  const { record, tried } = await findProbeRecord(prober, broad);
  if (record === undefined)
    return notMeasured(
      `no Latin sanctions record with a Cyrillic name_local and a birth date in ${tried}; ` +
        'the profile keeps the safe assumptions (names also sent in both scripts and in capitals)',
    );
  // The longest answer so far: one as long may be a cut page (page-size.ts).
  const page = Math.max(MIN_PAGE, ...prober.listLengths.map((l) => l.length));
  const finds = (query: Record<string, string>) => findsRecord(prober, record, query, page);
  const asWritten = await finds({ name: record.word });
  if (asWritten === undefined)
    return notMeasured(
      'the search by a word of a record’s name alone answered a full page, which may have cut the ' +
        'record off; the profile keeps the safe assumptions',
    );
  if (!asWritten) {
    return {
      crossScript: undefined,
      caseInsensitive: undefined,
      findings: [
        {
          point: 'name search',
          found: 'a record is not found by a word of its own name',
          assumed: 'whole words, case-insensitive',
          holds: false,
        },
      ],
    };
  }
  const caseless = await finds({ name: otherCase(record.word) });
  const prefix = await finds({ name: record.word.slice(0, -2) });
  const crossScript = await finds({ name_local: record.word });
  const said = (value: boolean | undefined, yes: string, no: string) =>
    value === undefined ? 'could not tell' : value ? yes : no;
  return {
    crossScript,
    caseInsensitive: caseless,
    findings: [
      {
        point: 'name search: case',
        found: said(caseless, 'case-insensitive', 'case-sensitive'),
        assumed: assumed.caseInsensitiveSearch ? 'case-insensitive' : 'none: names are also sent in capitals',
        // As across scripts: assuming case matters is always safe.
        holds: caseless === undefined ? undefined : caseless || !assumed.caseInsensitiveSearch,
      },
      {
        point: 'name search: part of a word',
        found: said(prefix, 'a word cut by two letters still finds the record', 'whole words only'),
        assumed: 'whole words (a looser match only returns more)',
        holds: undefined,
      },
      {
        point: 'name search: across scripts',
        found: said(
          crossScript,
          'a Latin query finds the Cyrillic spelling',
          'a Latin query does not find the Cyrillic spelling',
        ),
        assumed: assumed.crossScriptSearch
          ? 'a query finds the other script’s spellings'
          : 'none: names are also sent in Latin spellings',
        // Assuming none is always safe; assuming it when the service does not is a silent miss.
        holds: crossScript === undefined ? undefined : crossScript || !assumed.crossScriptSearch,
      },
    ],
  };
}
