/**
 * Writes the sample client files and their README deterministically:
 *
 *   npx tsx packages/lookup-emulator/scripts/samples/generate-samples.ts
 *
 * clients.csv         UTF-8, `,`, LF, English headers; every planted client, clean clients, a few
 *                     warnings and INVALID rows, an unknown `branch` column (passed through).
 * clients-cp1251.csv  the same kind of content as a Russian Excel export: Windows-1251, `;`, CRLF,
 *                     Russian headers, DD.MM.YYYY dates, ФЛ/ЮЛ/ИП types.
 * clients-bad.csv     one row for every kind of bad row the reader knows.
 * README.md           which row hits which planted record, expected verdicts and codes.
 *
 * Clean persons take surnames only from `reservedSurnames` (in the right gender form), clean
 * organizations are named only with `reservedOrganizationWords`, and clean identifiers come from
 * `cleanIdentifiers` or are generated valid from a fixed seed, so nothing clean can hit a register.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import { mulberry32 } from '../../src/random.js';
import { completeInn, completeOgrn, completeOgrnip, completeSnils } from '../../src/check-digits.js';
import { buildOptionalSample } from './optional-samples.js';

interface PlantedClient {
  readonly name: string;
  readonly birthDate?: string;
  readonly inn?: string;
  readonly entityType: 'person' | 'organization' | 'individual_entrepreneur';
}
interface Planted {
  readonly id: string;
  readonly register: string;
  readonly client: PlantedClient;
  readonly expect: { readonly check: string; readonly verdict: string; readonly why: string };
}
interface PlantedFile {
  readonly reservedSurnames: readonly (readonly [string, string])[];
  readonly reservedOrganizationWords: readonly string[];
  readonly planted: readonly Planted[];
  readonly cleanIdentifiers: Readonly<
    Record<'inn10' | 'inn12' | 'ogrn' | 'ogrnip' | 'snils', readonly string[]>
  >;
}

const planted = JSON.parse(
  readFileSync(new URL('../../data/planted.json', import.meta.url), 'utf8'),
) as PlantedFile;

/** Everything any planted record or client carries: generated identifiers must avoid all of it. */
const plantedText = readFileSync(new URL('../../data/planted.json', import.meta.url), 'utf8');

class Source {
  private readonly random: () => number;
  private readonly used = new Set<string>();
  constructor(seed: number) {
    this.random = mulberry32(seed);
  }
  int(n: number): number {
    return Math.floor(this.random() * n);
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
  pick<T>(list: readonly T[]): T {
    const value = list[this.int(list.length)];
    if (value === undefined) throw new Error('empty list');
    return value;
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(10));
    return s;
  }
  /** A generated identifier no planted record or earlier sample row uses. */
  fresh(make: () => string): string {
    for (;;) {
      const value = make();
      if (!this.used.has(value) && !plantedText.includes(value.slice(0, 9))) {
        this.used.add(value);
        return value;
      }
    }
  }
  inn12(): string {
    return this.fresh(() =>
      completeInn(this.pick(['77', '78', '50', '52', '66', '16', '02', '54']) + this.digits(8)),
    );
  }
  inn10(): string {
    return this.fresh(() => completeInn(this.pick(['77', '78', '50', '54', '66']) + this.digits(7)));
  }
  ogrn(): string {
    return this.fresh(() =>
      completeOgrn(
        '1' + this.pick(['03', '07', '12', '17', '21']) + this.pick(['77', '78', '50']) + this.digits(7),
      ),
    );
  }
  ogrnip(): string {
    return this.fresh(() =>
      completeOgrnip(
        '3' + this.pick(['04', '10', '18', '22']) + this.pick(['77', '78', '50']) + this.digits(9),
      ),
    );
  }
  snils(): string {
    // Numbers above 001-001-998 carry a real check number.
    return this.fresh(() => completeSnils(String(100 + this.int(899)) + this.digits(6)));
  }
  birthDate(): string {
    const year = 1945 + this.int(60);
    const month = 1 + this.int(12);
    const day = 1 + this.int(28);
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
}

const GIVEN_M = [
  'Александр',
  'Дмитрий',
  'Сергей',
  'Андрей',
  'Алексей',
  'Михаил',
  'Иван',
  'Николай',
  'Павел',
  'Владимир',
  'Евгений',
  'Константин',
  'Юрий',
  'Максим',
];
const GIVEN_F = [
  'Анна',
  'Елена',
  'Мария',
  'Наталья',
  'Ирина',
  'Татьяна',
  'Светлана',
  'Екатерина',
  'Юлия',
  'Марина',
  'Ксения',
  'Дарья',
];
const PATRONYMIC_ROOTS = [
  'Александров',
  'Дмитриев',
  'Сергеев',
  'Андреев',
  'Алексеев',
  'Михайлов',
  'Иванов',
  'Николаев',
  'Павлов',
  'Владимиров',
  'Петров',
  'Юрьев',
];
const FORMS = ['ООО', 'АО', 'ПАО', 'АНО', 'ЗАО'];
const CITIES = [
  'г. Москва',
  'г. Санкт-Петербург',
  'г. Казань',
  'г. Новосибирск',
  'г. Екатеринбург',
  'г. Нижний Новгород',
];
const STREETS = [
  'ул. Ленина',
  'пр-т Мира',
  'ул. Садовая',
  'наб. реки Мойки',
  'ш. Энтузиастов',
  'ул. Гагарина',
];
const BRANCHES = ['MSK-01', 'MSK-02', 'SPB-01', 'KZN-01', 'NSK-01', 'EKB-01'];
const BRANCHES_RU = ['Москва-1', 'Москва-2', 'Санкт-Петербург', 'Казань', 'Новосибирск'];

/** Patronymics from a stem in -ов/-ев: Петров → Петрович / Петровна. */
function patronymic(root: string, female: boolean): string {
  return root + (female ? 'на' : 'ич');
}

interface Person {
  readonly surname: string;
  readonly given: string;
  readonly patronymic: string;
  readonly female: boolean;
}

function person(src: Source): Person {
  const female = src.chance(0.5);
  const pair = src.pick(planted.reservedSurnames);
  return {
    surname: female ? pair[1] : pair[0],
    given: src.pick(female ? GIVEN_F : GIVEN_M),
    patronymic: patronymic(src.pick(PATRONYMIC_ROOTS), female),
    female,
  };
}

const fullName = (p: Person): string => `${p.surname} ${p.given} ${p.patronymic}`;

function organizationName(src: Source, russianStyle: boolean): string {
  const words = planted.reservedOrganizationWords;
  const word = src.chance(0.25) ? `${src.pick(words)} ${src.pick(words)}` : src.pick(words);
  const form = src.pick(FORMS);
  const style = src.int(4);
  if (style === 0) return `${form} «${word}»`;
  if (style === 1) return `${form} "${word}"`;
  if (style === 2 && !russianStyle) return `${word}, ${form}`;
  return `${form} ${word}`;
}

function address(src: Source): string {
  return `${src.pick(CITIES)}, ${src.pick(STREETS)}, д. ${1 + src.int(150)}${src.chance(0.4) ? `, кв. ${1 + src.int(300)}` : ''}`;
}

function dashedSnils(snils: string): string {
  return `${snils.slice(0, 3)}-${snils.slice(3, 6)}-${snils.slice(6, 9)} ${snils.slice(9)}`;
}

/** A row of a sample and what the README says about it. */
interface SampleRow {
  readonly cells: readonly string[];
  /** Expected verdict (CLEAR, HIT, REVIEW, INVALID) and the codes or planted id behind it. */
  readonly expect: string;
  readonly note: string;
  /** An ordinary clean client: counted in the README, not listed. */
  readonly plain?: true;
}

// ---------------------------------------------------------------- clients.csv

const MAIN_HEADER = [
  'client_id',
  'full_name',
  'birth_date',
  'inn',
  'ogrn',
  'snils',
  'entity_type',
  'address',
  'email',
  'branch',
];
const MAIN_ROWS = 200;

function mainSample(): SampleRow[] {
  const src = new Source(20250101);
  const clean = planted.cleanIdentifiers;
  const rows: SampleRow[] = [];
  const plantedAt = new Map<number, Planted>();
  planted.planted.forEach((p, i) => plantedAt.set(7 + i * 16, p));
  let clientNo = 0;
  const id = (): string => `CL-${String(++clientNo).padStart(4, '0')}`;
  const special: ((n: string) => SampleRow)[] = [
    (n) => {
      const p = person(src);
      const inn = src.inn12();
      const bad = inn.slice(0, 11) + String((Number(inn[11]) + 1) % 10);
      return {
        cells: [n, fullName(p), src.birthDate(), bad, '', '', 'person', address(src), '', src.pick(BRANCHES)],
        expect: 'CLEAR, warning KYC_ERR_ROW_INN_CHECKSUM',
        note: 'INN check digit wrong: screened by name, INN dropped',
      };
    },
    (n) => {
      const inn = src.fresh(() => completeInn('02' + src.digits(7)));
      return {
        cells: [
          n,
          `ООО «${planted.reservedOrganizationWords[0]}»`,
          '',
          inn.slice(1),
          '',
          '',
          'organization',
          address(src),
          '',
          src.pick(BRANCHES),
        ],
        expect: 'CLEAR, warning KYC_ERR_ROW_INN_REPAIRED',
        note: `9-digit INN: Excel stripped the leading zero of ${inn}, which is put back and used`,
      };
    },
    (n) => {
      const p = person(src);
      return {
        cells: [
          n,
          fullName(p),
          '31.02.1985',
          src.inn12(),
          '',
          '',
          'person',
          address(src),
          '',
          src.pick(BRANCHES),
        ],
        expect: 'CLEAR, warning KYC_ERR_ROW_BIRTH_DATE',
        note: '31 February: birth date dropped, screened by name and INN',
      };
    },
    (n) => {
      const p = person(src);
      const snils = src.snils();
      const bad = snils.slice(0, 9) + String((Number(snils.slice(9)) + 1) % 100).padStart(2, '0');
      return {
        cells: [
          n,
          fullName(p),
          src.birthDate(),
          '',
          '',
          dashedSnils(bad),
          '',
          address(src),
          '',
          src.pick(BRANCHES),
        ],
        expect: 'CLEAR, warning KYC_ERR_ROW_SNILS_CHECKSUM',
        note: 'SNILS check number wrong; entity type inferred (birth date → person)',
      };
    },
    (n) => {
      const ogrn = src.ogrn();
      const bad = ogrn.slice(0, 12) + String((Number(ogrn[12]) + 1) % 10);
      return {
        cells: [
          n,
          `АО "${planted.reservedOrganizationWords[3]}"`,
          '',
          src.inn10(),
          bad,
          '',
          'organization',
          address(src),
          '',
          src.pick(BRANCHES),
        ],
        expect: 'CLEAR, warning KYC_ERR_ROW_OGRN_CHECKSUM',
        note: 'OGRN check digit wrong: screened by name and INN',
      };
    },
    (n) => ({
      cells: [n, '', '', clean.inn10[0] ?? '', '', '', '', '', '', src.pick(BRANCHES)],
      expect: 'PARTIAL (SANCTIONS_SKIPPED_NO_NAME)',
      note: 'no name, valid INN: foreign agents and bankruptcy searched by INN, the sanctions list (searched by name) not; type inferred (10-digit INN → organization)',
    }),
    (n) => {
      const inn = src.inn12();
      return {
        cells: [
          n,
          '',
          '',
          inn.slice(0, 11) + String((Number(inn[11]) + 1) % 10),
          '',
          '',
          '',
          '',
          '',
          src.pick(BRANCHES),
        ],
        expect: 'INVALID KYC_ERR_ROW_NO_NAME_OR_ID',
        note: 'no name, and the only identifier fails its checksum',
      };
    },
    (n) => ({
      cells: [n, '-', '', '', '', '', 'person', '', '', src.pick(BRANCHES)],
      expect: 'INVALID KYC_ERR_ROW_NO_NAME_OR_ID',
      note: 'a dash for a name, no identifier',
    }),
    (n) => ({
      cells: [n, fullName(person(src)), src.birthDate(), src.inn12()],
      expect: 'INVALID KYC_ERR_ROW_COLUMN_COUNT',
      note: '4 cells where the header has 10; the cells are kept for the output',
    }),
  ];
  const specialAt = new Map<number, (n: string) => SampleRow>();
  special.forEach((make, i) => specialAt.set(12 + i * 21, make));

  for (let row = 1; row <= MAIN_ROWS; row++) {
    const n = id();
    const p = plantedAt.get(row);
    const make = specialAt.get(row);
    if (p !== undefined) {
      const c = p.client;
      rows.push({
        cells: [n, c.name, c.birthDate ?? '', c.inn ?? '', '', '', c.entityType, '', '', src.pick(BRANCHES)],
        expect: `${p.expect.verdict} (${p.id}: ${p.expect.check})`,
        note: `planted ${p.register} record: ${p.expect.why}`,
      });
    } else if (make !== undefined) {
      rows.push(make(n));
    } else if (row === 100) {
      const p2 = person(src);
      rows.push({
        cells: [
          n,
          fullName(p2),
          src.birthDate(),
          src.inn12(),
          '',
          '',
          'person',
          `${src.pick(CITIES)},\n${src.pick(STREETS)}, д. 5`,
          '',
          src.pick(BRANCHES),
        ],
        expect: 'CLEAR',
        note: 'the address holds a line break inside quotes: still one row',
      });
    } else {
      const kind = src.int(100);
      const branch = src.pick(BRANCHES);
      const typed = src.chance(0.75);
      if (kind < 70) {
        const p2 = person(src);
        const inn = src.chance(0.6) ? src.inn12() : '';
        const snils = src.chance(0.35) ? src.snils() : '';
        const email = src.chance(0.3) ? `client${row}@example.ru` : '';
        rows.push({
          cells: [
            n,
            fullName(p2),
            src.chance(0.85) ? src.birthDate() : '',
            inn,
            '',
            snils === '' ? '' : src.chance(0.5) ? dashedSnils(snils) : snils,
            typed ? 'person' : '',
            address(src),
            email,
            branch,
          ],
          expect: 'CLEAR',
          note: 'clean person',
          plain: true,
        });
      } else if (kind < 92) {
        rows.push({
          cells: [
            n,
            organizationName(src, false),
            '',
            src.inn10(),
            src.chance(0.7) ? src.ogrn() : '',
            '',
            typed ? 'organization' : '',
            address(src),
            src.chance(0.5) ? `office${row}@example.com` : '',
            branch,
          ],
          expect: 'CLEAR',
          note: 'clean organization',
          plain: true,
        });
      } else {
        const p2 = person(src);
        rows.push({
          cells: [
            n,
            `ИП ${fullName(p2)}`,
            '',
            src.inn12(),
            src.ogrnip(),
            '',
            typed ? 'individual_entrepreneur' : '',
            address(src),
            '',
            branch,
          ],
          expect: 'CLEAR',
          note: 'clean individual entrepreneur (OGRNIP in the ogrn column)',
          plain: true,
        });
      }
    }
  }
  return rows;
}

// ---------------------------------------------------------------- clients-cp1251.csv

const CP1251_HEADER = [
  'Код клиента',
  'ФИО',
  'Дата рождения',
  'ИНН',
  'ОГРН',
  'СНИЛС',
  'Тип клиента',
  'Адрес',
  'Филиал',
];
const CP1251_ROWS = 120;
const RU_TYPE = { person: 'ФЛ', organization: 'ЮЛ', individual_entrepreneur: 'ИП' } as const;

function dotted(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

function cp1251Sample(): SampleRow[] {
  const src = new Source(19970501);
  const rows: SampleRow[] = [];
  const plantedAt = new Map<number, Planted>();
  planted.planted.forEach((p, i) => plantedAt.set(3 + i * 9, p));
  for (let row = 1; row <= CP1251_ROWS; row++) {
    const n = String(100000 + row * 7);
    const p = plantedAt.get(row);
    if (p !== undefined) {
      const c = p.client;
      rows.push({
        cells: [
          n,
          c.name,
          c.birthDate === undefined ? '' : dotted(c.birthDate),
          c.inn ?? '',
          '',
          '',
          RU_TYPE[c.entityType],
          '',
          src.pick(BRANCHES_RU),
        ],
        expect: `${p.expect.verdict} (${p.id}: ${p.expect.check})`,
        note: `planted ${p.register} record`,
      });
      continue;
    }
    if (row === 60) {
      rows.push({
        cells: [
          n,
          fullName(person(src)),
          '05.13.1980',
          src.inn12(),
          '',
          '',
          'ФЛ',
          address(src),
          src.pick(BRANCHES_RU),
        ],
        expect: 'CLEAR, warning KYC_ERR_ROW_BIRTH_DATE',
        note: 'month 13',
      });
      continue;
    }
    if (row === 90) {
      rows.push({
        cells: [n, '#Н/Д', '', '', '', '', 'ФЛ', '', src.pick(BRANCHES_RU)],
        expect: 'INVALID KYC_ERR_ROW_NO_NAME_OR_ID',
        note: 'an Excel error value (#Н/Д) for a name and no identifier',
      });
      continue;
    }
    const kind = src.int(100);
    // Some exports leave the type column blank: the reader infers it.
    const typed = src.chance(0.8);
    if (kind < 72) {
      const p2 = person(src);
      const snils = src.chance(0.4) ? dashedSnils(src.snils()) : '';
      rows.push({
        cells: [
          n,
          fullName(p2),
          src.chance(0.9) ? dotted(src.birthDate()) : '',
          src.chance(0.7) ? src.inn12() : '',
          '',
          snils,
          typed ? 'ФЛ' : '',
          row === 45 ? `${src.pick(CITIES)}; ${src.pick(STREETS)}, д. 7` : address(src),
          src.pick(BRANCHES_RU),
        ],
        expect: 'CLEAR',
        note: row === 45 ? 'clean person; the address holds a `;` inside quotes' : 'clean person',
        ...(row === 45 ? {} : { plain: true as const }),
      });
    } else if (kind < 92) {
      rows.push({
        cells: [
          n,
          organizationName(src, true),
          '',
          src.inn10(),
          src.ogrn(),
          '',
          typed ? 'ЮЛ' : '',
          address(src),
          src.pick(BRANCHES_RU),
        ],
        expect: 'CLEAR',
        note: 'clean organization',
        plain: true,
      });
    } else {
      const p2 = person(src);
      rows.push({
        cells: [
          n,
          `ИП ${fullName(p2)}`,
          '',
          src.inn12(),
          src.ogrnip(),
          '',
          typed ? 'ИП' : '',
          address(src),
          src.pick(BRANCHES_RU),
        ],
        expect: 'CLEAR',
        note: 'clean individual entrepreneur',
        plain: true,
      });
    }
  }
  return rows;
}

// ---------------------------------------------------------------- clients-bad.csv

const BAD_HEADER = [
  'client_id',
  'full_name',
  'birth_date',
  'inn',
  'ogrn',
  'ogrnip',
  'snils',
  'entity_type',
  'email',
  'card',
  'cadastral_number',
  'owner_name',
  'bik',
];

/** One bad row: its id, the code the reader must give, and the cells that differ from a clean row. */
interface BadCase {
  readonly id: string;
  readonly code: string;
  readonly invalid: boolean;
  readonly note: string;
  readonly cells: Partial<Record<(typeof BAD_HEADER)[number], string>>;
  /** Replaces the whole row (for the column-count cases). */
  readonly raw?: readonly string[];
  /** Rewrites the generated full name (for the obfuscated-name case). */
  readonly name?: (name: string) => string;
}

function badCases(src: Source): BadCase[] {
  const innOrg0 = src.fresh(() => completeInn('02' + src.digits(7)));
  const innPerson0 = src.fresh(() => completeInn('0' + src.digits(9)));
  const inn12 = src.inn12();
  const ogrn = src.ogrn();
  const ogrnip = src.ogrnip();
  const snils = src.snils();
  const bump = (value: string): string => value.slice(0, -1) + String((Number(value.slice(-1)) + 1) % 10);
  return [
    {
      id: 'BAD-INN-FORMAT',
      code: 'KYC_ERR_ROW_INN_FORMAT',
      invalid: false,
      note: 'letters in the INN',
      cells: { inn: '77070838A3' },
    },
    {
      id: 'BAD-INN-LENGTH',
      code: 'KYC_ERR_ROW_INN_FORMAT',
      invalid: false,
      note: '8 digits',
      cells: { inn: '77070838' },
    },
    {
      id: 'BAD-INN-SCIENTIFIC',
      code: 'KYC_ERR_ROW_INN_FORMAT',
      invalid: false,
      note: 'Excel scientific notation: the digits are lost',
      cells: { inn: '7,70708E+11' },
    },
    {
      id: 'BAD-INN-CHECKSUM',
      code: 'KYC_ERR_ROW_INN_CHECKSUM',
      invalid: false,
      note: 'check digit wrong',
      cells: { inn: bump(inn12) },
    },
    {
      id: 'BAD-INN-LEADING-ZERO-9',
      code: 'KYC_ERR_ROW_INN_LEADING_ZERO',
      invalid: false,
      note: `9 digits; ${innOrg0} is a valid organization INN, but the row is a person's: not used`,
      cells: { inn: innOrg0.slice(1) },
    },
    {
      id: 'BAD-INN-LEADING-ZERO-11',
      code: 'KYC_ERR_ROW_INN_REPAIRED',
      invalid: false,
      note: `11 digits; ${innPerson0} is valid and the only reading, so it is used`,
      cells: { inn: innPerson0.slice(1) },
    },
    {
      id: 'BAD-OGRN-FORMAT',
      code: 'KYC_ERR_ROW_OGRN_FORMAT',
      invalid: false,
      note: '12 digits',
      cells: { ogrn: ogrn.slice(0, 12) },
    },
    {
      id: 'BAD-OGRN-CHECKSUM',
      code: 'KYC_ERR_ROW_OGRN_CHECKSUM',
      invalid: false,
      note: 'check digit wrong',
      cells: { ogrn: bump(ogrn) },
    },
    {
      id: 'BAD-OGRNIP-FORMAT',
      code: 'KYC_ERR_ROW_OGRNIP_FORMAT',
      invalid: false,
      note: '14 digits',
      cells: { ogrnip: ogrnip.slice(0, 14) },
    },
    {
      id: 'BAD-OGRNIP-CHECKSUM',
      code: 'KYC_ERR_ROW_OGRNIP_CHECKSUM',
      invalid: false,
      note: 'check digit wrong',
      cells: { ogrnip: bump(ogrnip) },
    },
    {
      id: 'BAD-SNILS-FORMAT',
      code: 'KYC_ERR_ROW_SNILS_FORMAT',
      invalid: false,
      note: 'wrong grouping and length',
      cells: { snils: '123-45-6789' },
    },
    {
      id: 'BAD-SNILS-CHECKSUM',
      code: 'KYC_ERR_ROW_SNILS_CHECKSUM',
      invalid: false,
      note: 'check number wrong',
      cells: {
        snils: dashedSnils(snils.slice(0, 9) + String((Number(snils.slice(9)) + 1) % 100).padStart(2, '0')),
      },
    },
    {
      id: 'BAD-SNILS-LEADING-ZERO',
      code: 'KYC_ERR_ROW_SNILS_LEADING_ZERO',
      invalid: false,
      note: '10 digits; 08765430300 is valid',
      cells: { snils: '8765430300' },
    },
    {
      id: 'BAD-BIRTH-DATE-FEB-31',
      code: 'KYC_ERR_ROW_BIRTH_DATE',
      invalid: false,
      note: '31.02: no such day',
      cells: { birth_date: '31.02.1980' },
    },
    {
      id: 'BAD-BIRTH-DATE-MONTH-13',
      code: 'KYC_ERR_ROW_BIRTH_DATE',
      invalid: false,
      note: 'month 13',
      cells: { birth_date: '1980-13-01' },
    },
    {
      id: 'BAD-BIRTH-DATE-FUTURE',
      code: 'KYC_ERR_ROW_BIRTH_DATE',
      invalid: false,
      note: 'in the future',
      cells: { birth_date: '2099-01-01' },
    },
    {
      id: 'BAD-BIRTH-DATE-1899',
      code: 'KYC_ERR_ROW_BIRTH_DATE',
      invalid: false,
      note: 'before 1900',
      cells: { birth_date: '31.12.1899' },
    },
    {
      id: 'BAD-BIRTH-DATE-TEXT',
      code: 'KYC_ERR_ROW_BIRTH_DATE',
      invalid: false,
      note: 'not a date',
      cells: { birth_date: 'весна 1980' },
    },
    {
      id: 'BAD-BIRTH-DATE-YEAR-ONLY',
      code: 'KYC_ERR_ROW_BIRTH_DATE',
      invalid: false,
      note: 'a bare year is not a date',
      cells: { birth_date: '1980' },
    },
    {
      id: 'BAD-ENTITY-TYPE',
      code: 'KYC_ERR_ROW_ENTITY_TYPE',
      invalid: false,
      note: 'unknown type value; the type is inferred instead',
      cells: { entity_type: 'инопланетянин' },
    },
    {
      id: 'BAD-EMAIL',
      code: 'KYC_ERR_ROW_EMAIL_FORMAT',
      invalid: false,
      note: 'two @',
      cells: { email: 'client@@example.ru' },
    },
    {
      id: 'BAD-CARD-LUHN',
      code: 'KYC_ERR_ROW_CARD_FORMAT',
      invalid: false,
      note: 'fails the Luhn check',
      cells: { card: '4111 1111 1111 1112' },
    },
    {
      id: 'BAD-CARD-MASKED',
      code: 'KYC_ERR_ROW_CARD_FORMAT',
      invalid: false,
      note: 'masked number',
      cells: { card: '4111 11** **** 1111' },
    },
    {
      id: 'BAD-CADASTRAL',
      code: 'KYC_ERR_ROW_CADASTRAL_FORMAT',
      invalid: false,
      note: 'not NN:NN:NNNNNNN:N',
      cells: { cadastral_number: '77:01:ABC', owner_name: 'Нестерова Анна Павловна' },
    },
    {
      id: 'BAD-BIK',
      code: 'KYC_ERR_ROW_BIK_FORMAT',
      invalid: false,
      note: '8 digits (leading zero lost)',
      cells: { bik: '44525225' },
    },
    {
      id: 'BAD-NO-NAME-NO-ID',
      code: 'KYC_ERR_ROW_NO_NAME_OR_ID',
      invalid: true,
      note: 'no name, no identifier',
      cells: { full_name: '' },
    },
    {
      id: 'BAD-NO-NAME-BAD-ID',
      code: 'KYC_ERR_ROW_NO_NAME_OR_ID',
      invalid: true,
      note: 'placeholder name, INN fails its checksum',
      cells: { full_name: 'н/д', inn: bump(inn12) },
    },
    {
      id: 'BAD-COLUMN-COUNT-SHORT',
      code: 'KYC_ERR_ROW_COLUMN_COUNT',
      invalid: true,
      note: 'fewer cells than the header',
      cells: {},
      raw: ['BAD-COLUMN-COUNT-SHORT', 'Гончаров Сергей Павлович', '1980-01-01'],
    },
    {
      id: 'BAD-COLUMN-COUNT-LONG',
      code: 'KYC_ERR_ROW_COLUMN_COUNT',
      invalid: true,
      note: 'more cells than the header (an unquoted delimiter)',
      cells: {},
      raw: [
        'BAD-COLUMN-COUNT-LONG',
        'Гончаров Сергей Павлович',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        'extra',
      ],
    },
    {
      id: 'BAD-NAME-OBFUSCATED',
      code: 'KYC_ERR_ROW_NAME_OBFUSCATED',
      invalid: false,
      note: 'a right-to-left mark (U+200F) inside the surname: removed before screening',
      cells: {},
      name: (name) => name.slice(0, 3) + '\u200f' + name.slice(3),
    },
    {
      id: 'BAD-INN-PASSPORT',
      code: 'KYC_ERR_ROW_INN_PASSPORT',
      invalid: false,
      note: "10 digits written like a passport in a person's row; they pass the organization INN checksum but are not used as an INN",
      // Series 1969, number 11732x: a fixed value, so that the rows above keep their random draws.
      cells: { inn: `1969-${completeInn('196911732').slice(4)}` },
    },
  ];
}

/** A disguised name is a reason to look (docs/matching.md, Name hygiene); other warnings leave CLEAR. */
function warnedVerdict(code: string): string {
  return code === 'KYC_ERR_ROW_NAME_OBFUSCATED' ? 'REVIEW (NAME_OBFUSCATED)' : 'CLEAR';
}

function badSample(): { rows: SampleRow[]; cases: BadCase[] } {
  const src = new Source(13);
  const cases = badCases(src);
  const rows = cases.map((c): SampleRow => {
    if (c.raw !== undefined) return { cells: c.raw, expect: `INVALID ${c.code}`, note: `${c.id}: ${c.note}` };
    const p = person(src);
    const base: Record<string, string> = {
      client_id: c.id,
      full_name: c.name ? c.name(fullName(p)) : fullName(p),
      birth_date: '',
      inn: '',
      ogrn: '',
      ogrnip: '',
      snils: '',
      entity_type: '',
      email: '',
      card: '',
      cadastral_number: '',
      owner_name: '',
      bik: '',
    };
    const merged: Record<string, string | undefined> = { ...base, ...c.cells };
    return {
      cells: BAD_HEADER.map((h) => merged[h] ?? ''),
      expect: c.invalid ? `INVALID ${c.code}` : `${warnedVerdict(c.code)}, warning ${c.code}`,
      note: `${c.id}: ${c.note}`,
    };
  });
  return { rows, cases };
}

// ---------------------------------------------------------------- output

function csv(
  header: readonly string[],
  rows: readonly SampleRow[],
  delimiter: string,
  crlf: boolean,
): string {
  return stringify([header, ...rows.map((r) => r.cells)], {
    delimiter,
    record_delimiter: crlf ? 'windows' : 'unix',
    // RFC 4180: a field with a line break must be quoted whatever the record delimiter.
    quoted_match: /[\r\n]/,
  });
}

function table(rows: readonly SampleRow[], idColumn: number, nameColumn: number): string {
  const lines = ['| row | id | name | expected | note |', '|---:|---|---|---|---|'];
  rows.forEach((r, i) => {
    if (r.plain === true) return;
    const name = (r.cells[nameColumn] ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
    lines.push(
      `| ${i + 1} | ${r.cells[idColumn] ?? ''} | ${name} | ${r.expect} | ${r.note.replace(/\n/g, ' ')} |`,
    );
  });
  return lines.join('\n');
}

function count(rows: readonly SampleRow[], prefix: string): number {
  return rows.filter((r) => r.expect.startsWith(prefix)).length;
}

function readme(main: SampleRow[], cp: SampleRow[], bad: SampleRow[]): string {
  const summary = (rows: SampleRow[]): string =>
    `${rows.length} data rows: ${count(rows, 'HIT')} HIT, ${count(rows, 'REVIEW')} REVIEW, ` +
    `${count(rows, 'CLEAR')} CLEAR (${rows.filter((r) => r.expect.startsWith('CLEAR, warning')).length} of them with a warning), ` +
    (count(rows, 'PARTIAL') > 0 ? `${count(rows, 'PARTIAL')} PARTIAL, ` : '') +
    `${count(rows, 'INVALID')} INVALID`;
  return `# Sample client files

Generated by \`npm run samples\` (\`packages/lookup-emulator/scripts/samples/\`; deterministic: the same files on every run; edit
the scripts, not the files). Row numbers are data rows, 1-based, header = row 0 — the numbering of the
reader and of the verdict file.

Clean clients cannot hit a register: persons take surnames only from \`reservedSurnames\` of the
emulator's \`packages/lookup-emulator/data/planted.json\` (male or female form to match the given name and
patronymic), organizations are named only with \`reservedOrganizationWords\`, and identifiers are either \`cleanIdentifiers\` or generated
valid from a fixed seed, avoiding every identifier of a planted record. Every planted client is present in
\`clients.csv\` and \`clients-cp1251.csv\` with exactly the name, birth date, INN and entity type of
\`planted[].client\`.

Expected verdicts assume the reference emulator. "warning X" means the row is screened (by name and any
valid identifier) and the verdict row carries the code X; the bad value is not used for matching.

## clients.csv

UTF-8 without BOM, \`,\`, LF, English headers (\`${MAIN_HEADER.join(',')}\`). \`branch\` is a column the
reader does not know: it is passed through unchanged. ${summary(main)}.

Rows not listed are clean clients (persons, organizations, individual entrepreneurs): expected CLEAR.

${table(main, 0, 1)}

## clients-cp1251.csv

What a Russian Excel "CSV (разделители — точки с запятой)" export looks like: Windows-1251, \`;\`, CRLF,
headers \`${CP1251_HEADER.join(';')}\`, dates DD.MM.YYYY, types ФЛ/ЮЛ/ИП (blank on some rows: inferred).
\`Филиал\` is passed through. ${summary(cp)}.

${table(cp, 0, 1)}

## clients-bad.csv

UTF-8, \`,\`, LF. One row for every kind of bad row the reader knows; \`client_id\` names the case. Names are
clean, so rows with a warning are screened and expected CLEAR (the disguised name REVIEW). ${summary(bad)}.

${table(bad, 0, 1)}
`;
}

export interface Samples {
  readonly clientsCsv: string;
  readonly clientsCp1251: Buffer;
  readonly clientsBad: string;
  /** clients-optional.csv (packages/lookup-emulator/scripts/samples/optional-samples.ts), whose README section ends `readme`. */
  readonly clientsOptional: string;
  readonly readme: string;
  readonly badCases: readonly { readonly id: string; readonly code: string; readonly invalid: boolean }[];
}

export function buildSamples(): Samples {
  const main = mainSample();
  const cp = cp1251Sample();
  const { rows: bad, cases } = badSample();
  const optional = buildOptionalSample();
  return {
    clientsCsv: csv(MAIN_HEADER, main, ',', false),
    clientsCp1251: iconv.encode(csv(CP1251_HEADER, cp, ';', true), 'windows-1251'),
    clientsBad: csv(BAD_HEADER, bad, ',', false),
    clientsOptional: optional.csv,
    readme: readme(main, cp, bad) + optional.readme,
    badCases: cases.map(({ id, code, invalid }) => ({ id, code, invalid })),
  };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const samples = buildSamples();
  writeFileSync(new URL('../../../../samples/clients.csv', import.meta.url), samples.clientsCsv);
  writeFileSync(new URL('../../../../samples/clients-cp1251.csv', import.meta.url), samples.clientsCp1251);
  writeFileSync(new URL('../../../../samples/clients-bad.csv', import.meta.url), samples.clientsBad);
  writeFileSync(new URL('../../../../samples/clients-optional.csv', import.meta.url), samples.clientsOptional);
  writeFileSync(new URL('../../../../samples/README.md', import.meta.url), samples.readme);
  console.log('written clients.csv, clients-cp1251.csv, clients-bad.csv, clients-optional.csv, README.md');
}
