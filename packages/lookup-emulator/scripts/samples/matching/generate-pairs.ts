/**
 * Generates samples/matching/labelled-pairs.jsonl: labelled (client, record) pairs for the matching
 * evaluation and the CI gate. Deterministic (seeded PRNG): `npx tsx packages/lookup-emulator/scripts/samples/matching/generate-pairs.ts`
 * rewrites the same file byte for byte.
 *
 * Label semantics: `match` = the record is the client (same person or legal entity); `non_match` = it is
 * someone else. Every pair is built from a known truth, never from the engine's answer: the generator
 * has its own transliterators (translit-systems.ts) and imports nothing from src/matching nor the
 * shared transliteration table (src/domain/transliteration-table.ts).
 * Organizations that differ only by legal form (ООО «X» / АО «X») are two legal entities and are labelled
 * non_match; the engine sends them to review, and the evaluation counts that as a false positive.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FOREIGN_AGENT_FIELDS } from '@kyc-screen/lookup-contract';
import { emptyForeignAgentData } from '@kyc-screen/lookup-contract';
import { completeInn, completeOgrn, completeOgrnip, completeSnils } from '../../../src/check-digits.js';
import { FEMALE_NAMES, MALE_NAMES, ORG_WORDS, PAIRED_GIVEN, SIMILAR_GIVEN, SURNAMES } from './name-data.js';
import { appendPhenomena } from './phenomena-pairs.js';
import { mulberry32 } from './random.js';
import { SYSTEM_IDS, transliterateWord, type SystemId } from './translit-systems.js';

// --- deterministic randomness

const random = mulberry32(20250611);
const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
const chance = (p: number): boolean => random() < p;
const digits = (n: number): string => Array.from({ length: n }, () => String(int(0, 9))).join('');

// --- people

type Gender = 'male' | 'female';

interface Person {
  readonly gender: Gender;
  readonly surname: string;
  readonly given: string;
  readonly patronymic: string;
  readonly birthDate: string;
  readonly father: number;
  readonly surnameIndex: number;
}

function date(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function randomDate(): string {
  return date(int(1950, 2002), int(1, 12), int(1, 28));
}

function person(
  gender: Gender,
  opts: { surnameIndex?: number; father?: number; given?: string } = {},
): Person {
  const surnameIndex = opts.surnameIndex ?? int(0, SURNAMES.length - 1);
  const father = opts.father ?? int(0, MALE_NAMES.length - 1);
  const pair = SURNAMES[surnameIndex] ?? ['Иванов', 'Иванова'];
  const fatherNames = MALE_NAMES[father] ?? ['Иван', 'Иванович', 'Ивановна'];
  const given = opts.given ?? (gender === 'male' ? pick(MALE_NAMES)[0] : pick(FEMALE_NAMES));
  return {
    gender,
    surname: gender === 'male' ? pair[0] : pair[1],
    given,
    patronymic: gender === 'male' ? fatherNames[1] : fatherNames[2],
    birthDate: randomDate(),
    father,
    surnameIndex,
  };
}

const randomPerson = (): Person => person(chance(0.5) ? 'male' : 'female');

// --- writing names

type Order = 'sgp' | 'gps' | 'comma';

function cyrillic(p: Person, order: Order = 'sgp'): string {
  if (order === 'gps') return `${p.given} ${p.patronymic} ${p.surname}`;
  if (order === 'comma') return `${p.surname.toUpperCase()}, ${p.given} ${p.patronymic}`;
  return `${p.surname} ${p.given} ${p.patronymic}`;
}

function latin(system: SystemId, p: Person, order: Order = 'sgp', withPatronymic = true): string {
  const s = transliterateWord(system, p.surname, order === 'sgp' ? 'title' : 'upper');
  const g = transliterateWord(system, p.given, 'title');
  const pat = withPatronymic ? ` ${transliterateWord(system, p.patronymic, 'title')}` : '';
  if (order === 'gps') return `${g}${pat} ${s}`;
  if (order === 'comma') return `${s}, ${g}${pat}`;
  return `${s} ${g}${pat}`;
}

/** A one-letter slip in a long word: a letter changed, dropped, doubled or two swapped. Never the ending. */
function typo(word: string): string {
  const letters = 'аеиоунрстлвкмпд';
  const at = int(1, word.length - 3);
  const kind = int(0, 3);
  const ch = word[at] ?? '';
  if (kind === 0) {
    let other = pick([...letters]);
    while (other === ch.toLowerCase()) other = pick([...letters]);
    return word.slice(0, at) + other + word.slice(at + 1);
  }
  if (kind === 1) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 2) return word.slice(0, at) + ch + word.slice(at);
  return word.slice(0, at) + (word[at + 1] ?? '') + ch + word.slice(at + 2);
}

// --- identifiers

const inn12 = (): string => completeInn(String(int(1, 9)) + digits(9));
const inn10 = (): string => completeInn(String(int(1, 9)) + digits(8));
const ogrn = (): string => completeOgrn(String(int(1, 5)) + digits(11));
const ogrnip = (): string => completeOgrnip('3' + digits(13));
const snils = (): string => completeSnils(String(int(1, 9)) + digits(8));

// --- register records as the service returns them

const TIMESTAMP = '2025-05-30T09:00:00.000Z';
let registration = 0;

function foreignAgent(fields: Partial<Record<(typeof FOREIGN_AGENT_FIELDS)[number], string>>): object {
  registration += 1;
  const data: Record<string, string> = { ...emptyForeignAgentData() };
  Object.assign(data, {
    added: date(int(2022, 2025), int(1, 12), int(1, 28)),
    violated_act: 'ст. 4 Федерального закона от 14.07.2022 № 255-ФЗ',
    registration_number: `FA-E${String(registration).padStart(4, '0')}`,
    ...fields,
  });
  return { source: 'minjust_foreign_agent', data, added_at: TIMESTAMP, updated_at: TIMESTAMP };
}

function sanctions(fields: {
  name: string;
  name_local?: string | null;
  edrpou?: string | null;
  birth_date?: string | null;
  entity_type: 'person' | 'organization';
}): object {
  return {
    source: 'sanctions',
    data: {
      name: fields.name,
      name_local: fields.name_local ?? null,
      edrpou: fields.edrpou ?? null,
      address: null,
      birth_date: fields.birth_date ?? null,
      birth_place: null,
      entity_type: fields.entity_type,
    },
    added_at: TIMESTAMP,
    updated_at: TIMESTAMP,
  };
}

let guid = 0;
function bankruptcy(fields: {
  name: string;
  inn: string;
  ogrn?: string;
  person: boolean;
  active: boolean;
}): object {
  guid += 1;
  const status = fields.active
    ? fields.person
      ? 'Реализация имущества гражданина'
      : 'Конкурсное производство'
    : 'Завершено';
  return {
    category: fields.person ? 'Гражданин' : 'Юридическое лицо',
    region: 'Москва',
    address: 'г. Москва',
    lastLegalCase: {
      number: `А40-${int(10000, 99999)}/${int(2019, 2025)}`,
      arbitrManagerFio: 'Орлов Денис Игоревич',
      status: {
        code: fields.active ? 'active' : 'completed',
        description: status,
        date: '2025-03-11T10:20:00',
      },
    },
    guid: `eval-${String(guid).padStart(8, '0')}`,
    name: fields.name,
    ogrn: fields.ogrn ?? '',
    inn: fields.inn,
    statusUpdateDate: '2025-03-11T10:20:00',
    status,
    isActive: fields.active,
  };
}

// --- clients

interface ClientFields {
  name: string;
  entityType: 'person' | 'organization' | 'individual_entrepreneur';
  /** `undefined` in an override removes the person's date. */
  birthDate?: string | undefined;
  inn?: string;
  ogrn?: string;
  ogrnip?: string;
  snils?: string;
}

let row = 0;
function client(fields: ClientFields): object {
  row += 1;
  return { row, entityTypeSource: 'column', warnings: [], ...fields };
}

// --- pairs

type Register = 'minjust_foreign_agent' | 'sanctions' | 'bankruptcy';
interface Pair {
  id: string;
  category: string;
  register: Register;
  client: object;
  record: object;
  label: 'match' | 'non_match';
}

const pairs: Pair[] = [];
const counters = new Map<string, number>();
function add(
  category: string,
  register: Register,
  c: object,
  record: object,
  label: 'match' | 'non_match',
): void {
  const n = (counters.get(category) ?? 0) + 1;
  counters.set(category, n);
  pairs.push({
    id: `${category}-${String(n).padStart(3, '0')}`,
    category,
    register,
    client: c,
    record,
    label,
  });
}

const personClient = (p: Person, extra: Partial<ClientFields> = {}): object =>
  client({ name: cyrillic(p), entityType: 'person', birthDate: p.birthDate, ...extra });

const faPerson = (name: string, birth: string, extra: Record<string, string> = {}): object =>
  foreignAgent({ name, birth_date: birth, agent_type: 'Физическое лицо', ...extra });

/**
 * A namesake's birthday: another year, or the same year with another day and month. Never a day/month
 * swap or a 1 January placeholder of the same year: those are the same person written differently.
 */
function otherDate(d: string): string {
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  for (;;) {
    const other = chance(0.5) ? date(y, int(2, 12), int(2, 28)) : date(int(1950, 2002), m, day);
    const [oy, om, od] = other.split('-').map(Number) as [number, number, number];
    const swap = oy === y && om === day && od === m;
    if (other !== d && !swap) return other;
  }
}

const SYSTEM_NAMES: Record<SystemId, string> = {
  icao: 'icao',
  gost_r_52535: 'gost_r_52535',
  gost_779_b: 'gost_779_b',
  bgn_pcgn: 'bgn_pcgn',
  passport_1997: 'passport_1997',
  legacy: 'legacy',
  western: 'western',
};

/** A slip in a Latin spelling that keeps every digraph intact: one vowel for another. */
function latinTypo(word: string): string {
  const vowels = 'aou';
  const positions = [...word]
    .map((ch, i) => (i > 0 && i < word.length - 2 && vowels.includes(ch.toLowerCase()) ? i : -1))
    .filter((i) => i >= 0);
  const at = positions.length > 0 ? pick(positions) : 1;
  const ch = word[at] ?? 'a';
  let other = pick([...vowels]);
  while (other === ch.toLowerCase()) other = pick([...vowels]);
  const replaced = ch === ch.toUpperCase() ? other.toUpperCase() : other;
  return word.slice(0, at) + replaced + word.slice(at + 1);
}

// ===== true matches

for (let i = 0; i < 8; i++) {
  const p = randomPerson();
  add(
    'exact_cyrillic',
    'minjust_foreign_agent',
    personClient(p),
    faPerson(cyrillic(p), p.birthDate),
    'match',
  );
}

// ё written as е on one side (and the other way round).
for (let i = 0; i < 8; i++) {
  let p = randomPerson();
  while (!cyrillic(p).includes('ё')) p = randomPerson();
  const plain = cyrillic(p).replaceAll('ё', 'е');
  const [mine, theirs] = i % 2 === 0 ? [plain, cyrillic(p)] : [cyrillic(p), plain];
  add(
    'yo_e',
    'minjust_foreign_agent',
    client({ name: mine, entityType: 'person', birthDate: p.birthDate }),
    faPerson(theirs, p.birthDate),
    'match',
  );
}

// Each system in both directions: Cyrillic client ↔ Latin sanctions entry, Latin client ↔ Cyrillic register entry.
for (const system of SYSTEM_IDS) {
  for (let i = 0; i < 8; i++) {
    const p = randomPerson();
    const order: Order = pick(['sgp', 'comma', 'gps']);
    add(
      `translit_${SYSTEM_NAMES[system]}_cyr_to_lat`,
      'sanctions',
      personClient(p),
      sanctions({ name: latin(system, p, order), birth_date: p.birthDate, entity_type: 'person' }),
      'match',
    );
  }
  for (let i = 0; i < 8; i++) {
    const p = randomPerson();
    add(
      `translit_${SYSTEM_NAMES[system]}_lat_to_cyr`,
      'minjust_foreign_agent',
      client({ name: latin(system, p, pick(['sgp', 'gps'])), entityType: 'person', birthDate: p.birthDate }),
      faPerson(cyrillic(p), p.birthDate),
      'match',
    );
  }
}

// Latin on both sides, written by two different systems.
for (let i = 0; i < 16; i++) {
  const p = randomPerson();
  const a = pick([...SYSTEM_IDS, 'legacy' as const]);
  let b = pick(SYSTEM_IDS);
  while (b === a) b = pick(SYSTEM_IDS);
  add(
    'translit_latin_latin',
    'sanctions',
    client({ name: latin(a, p, 'sgp'), entityType: 'person', birthDate: p.birthDate }),
    sanctions({ name: latin(b, p, 'comma'), birth_date: p.birthDate, entity_type: 'person' }),
    'match',
  );
}

// Old passport and card spellings (-ий → y, no marks) against the register's Cyrillic.
for (let i = 0; i < 6; i++) {
  const p = randomPerson();
  add(
    'translit_legacy',
    'sanctions',
    personClient(p),
    sanctions({ name: latin('legacy', p, 'gps'), birth_date: p.birthDate, entity_type: 'person' }),
    'match',
  );
}

// Sanctions entries with the Latin name and the Cyrillic name_local.
for (let i = 0; i < 6; i++) {
  const p = randomPerson();
  add(
    'name_local',
    'sanctions',
    personClient(p),
    sanctions({
      name: latin(pick(SYSTEM_IDS), p, 'comma'),
      name_local: cyrillic(p),
      birth_date: p.birthDate,
      entity_type: 'person',
    }),
    'match',
  );
}

for (let i = 0; i < 8; i++) {
  const p = randomPerson();
  add(
    'word_order',
    'minjust_foreign_agent',
    client({ name: cyrillic(p, 'gps'), entityType: 'person', birthDate: p.birthDate }),
    faPerson(cyrillic(p), p.birthDate),
    'match',
  );
}

for (let i = 0; i < 8; i++) {
  const p = randomPerson();
  add(
    'surname_comma',
    'sanctions',
    personClient(p),
    sanctions({
      name: chance(0.5) ? cyrillic(p, 'comma') : latin(pick(SYSTEM_IDS), p, 'comma'),
      birth_date: p.birthDate,
      entity_type: 'person',
    }),
    'match',
  );
}

// Latin lists without patronymics: `Given SURNAME`.
for (let i = 0; i < 6; i++) {
  const p = randomPerson();
  add(
    'patronymic_absent',
    'sanctions',
    personClient(p),
    sanctions({
      name: latin(pick(SYSTEM_IDS), p, 'gps', false),
      birth_date: p.birthDate,
      entity_type: 'person',
    }),
    'match',
  );
}

// Initials with an equal birth date: compatible but weak evidence (the engine stops at POSSIBLE_MATCH).
for (let i = 0; i < 8; i++) {
  const p = randomPerson();
  const init = (w: string) => `${w[0] ?? ''}.`;
  const forms = [
    `${p.surname} ${init(p.given)} ${init(p.patronymic)}`,
    `${p.surname} ${init(p.given)}${init(p.patronymic)}`,
    `${init(p.given)}${init(p.patronymic)} ${p.surname}`,
  ];
  if (i % 2 === 0) {
    add(
      'initials',
      'minjust_foreign_agent',
      client({ name: pick(forms), entityType: 'person', birthDate: p.birthDate }),
      faPerson(cyrillic(p), p.birthDate),
      'match',
    );
  } else {
    const s = pick(SYSTEM_IDS);
    const g = transliterateWord(s, p.given, 'upper')[0] ?? '';
    const pt = transliterateWord(s, p.patronymic, 'upper')[0] ?? '';
    add(
      'initials',
      'sanctions',
      personClient(p),
      sanctions({
        name: `${transliterateWord(s, p.surname, 'upper')} ${g}.${pt}.`,
        birth_date: p.birthDate,
        entity_type: 'person',
      }),
      'match',
    );
  }
}

// One-letter slips in a long name part (client files typed by hand).
for (let i = 0; i < 12; i++) {
  let p = randomPerson();
  while (p.patronymic.length < 9) p = randomPerson();
  const slipped =
    i % 3 === 0 && p.surname.length >= 7
      ? { ...p, surname: typo(p.surname) }
      : { ...p, patronymic: typo(p.patronymic) };
  add(
    'typo_one_letter',
    'minjust_foreign_agent',
    personClient(slipped),
    faPerson(cyrillic(p), p.birthDate),
    'match',
  );
}

// A slip in the list's Latin surname.
for (let i = 0; i < 6; i++) {
  let p = randomPerson();
  while (p.surname.length < 7) p = randomPerson();
  const system = pick(SYSTEM_IDS);
  const name = `${latinTypo(transliterateWord(system, p.surname, 'upper'))}, ${transliterateWord(system, p.given, 'title')} ${transliterateWord(system, p.patronymic, 'title')}`;
  add(
    'typo_latin',
    'sanctions',
    personClient(p),
    sanctions({ name, birth_date: p.birthDate, entity_type: 'person' }),
    'match',
  );
}

// Double surnames (Петров-Водкин), hyphen kept in every spelling.
for (let i = 0; i < 4; i++) {
  const base = person('male');
  const second = (SURNAMES[int(0, SURNAMES.length - 1)] ?? ['Водкин', 'Водкина'])[0];
  const p = { ...base, surname: `${base.surname}-${second}` };
  add(
    'double_surname',
    'sanctions',
    personClient(p),
    sanctions({ name: latin(pick(SYSTEM_IDS), p, 'comma'), birth_date: p.birthDate, entity_type: 'person' }),
    'match',
  );
}

// English-press spellings (Alexander, Maxim, Xenia): no system writes x for кс, lists still do.
for (let i = 0; i < 6; i++) {
  let p = randomPerson();
  while (!cyrillic(p).toLowerCase().includes('кс')) p = randomPerson();
  if (i % 2 === 0)
    add(
      'translit_western',
      'sanctions',
      personClient(p),
      sanctions({ name: latin('western', p, 'gps'), birth_date: p.birthDate, entity_type: 'person' }),
      'match',
    );
  else
    add(
      'translit_western',
      'minjust_foreign_agent',
      client({ name: latin('western', p, 'sgp'), entityType: 'person', birthDate: p.birthDate }),
      faPerson(cyrillic(p), p.birthDate),
      'match',
    );
}

// Hand-typed names in a file without birth dates: a slip, or initials only. Weak evidence that must still
// reach a reviewer (these set the POSSIBLE threshold).
for (let i = 0; i < 6; i++) {
  let p = randomPerson();
  while (p.patronymic.length < 9) p = randomPerson();
  add(
    'typo_no_birth_date',
    'minjust_foreign_agent',
    client({ name: cyrillic({ ...p, patronymic: typo(p.patronymic) }), entityType: 'person' }),
    faPerson(cyrillic(p), p.birthDate),
    'match',
  );
}
for (let i = 0; i < 4; i++) {
  const p = randomPerson();
  add(
    'initials_no_birth_date',
    'minjust_foreign_agent',
    client({ name: `${p.surname} ${p.given[0] ?? ''}.${p.patronymic[0] ?? ''}.`, entityType: 'person' }),
    faPerson(cyrillic(p), p.birthDate),
    'match',
  );
}

// Name alone: the client file has no birth date (a POSSIBLE_MATCH for a reviewer).
for (let i = 0; i < 6; i++) {
  const p = randomPerson();
  add(
    'name_only_no_birth_date',
    'minjust_foreign_agent',
    client({ name: cyrillic(p), entityType: 'person' }),
    faPerson(cyrillic(p), p.birthDate),
    'match',
  );
}

// The list knows the year only (`YYYY-01-01` placeholder or a bare year).
for (let i = 0; i < 5; i++) {
  const p = randomPerson();
  const year = p.birthDate.slice(0, 4);
  add(
    'birth_year_only',
    'sanctions',
    personClient(p),
    sanctions({
      name: latin(pick(SYSTEM_IDS), p, 'comma'),
      birth_date: i % 2 === 0 ? `${year}-01-01` : year,
      entity_type: 'person',
    }),
    'match',
  );
}

// Day and month swapped by one of the sides.
for (let i = 0; i < 5; i++) {
  const month = int(1, 12);
  let day = int(1, 12);
  while (day === month) day = int(1, 12);
  const year = int(1950, 2002);
  const p = { ...randomPerson(), birthDate: date(year, month, day) };
  add(
    'birth_date_swapped',
    'minjust_foreign_agent',
    personClient(p),
    faPerson(cyrillic(p), date(year, day, month)),
    'match',
  );
}

// Identifiers decide alone, even when the register writes another name (maiden name, old name).
for (let i = 0; i < 10; i++) {
  const p = person('female');
  const inn = inn12();
  let maidenIndex = int(0, SURNAMES.length - 1);
  while (maidenIndex === p.surnameIndex) maidenIndex = int(0, SURNAMES.length - 1);
  const maiden = { ...p, surname: (SURNAMES[maidenIndex] ?? ['', 'Петрова'])[1] };
  add(
    'identifier_inn',
    'minjust_foreign_agent',
    personClient(p, { inn }),
    faPerson(cyrillic(i % 2 === 0 ? maiden : p), i % 3 === 0 ? '' : p.birthDate, { inn }),
    'match',
  );
}
for (let i = 0; i < 8; i++) {
  const p = randomPerson();
  const number = snils();
  add(
    'identifier_snils',
    'minjust_foreign_agent',
    personClient(p, { snils: number }),
    faPerson(cyrillic(p), '', {
      snils: number.slice(0, 3) + '-' + number.slice(3, 6) + '-' + number.slice(6, 9) + ' ' + number.slice(9),
    }),
    'match',
  );
}

// --- organizations

function orgCore(): string {
  const words = [pick(ORG_WORDS), pick(ORG_WORDS)];
  while (words[1] === words[0]) words[1] = pick(ORG_WORDS);
  const style = int(0, 3);
  if (style === 0) return `${words[0]}-${words[1]}`;
  if (style === 1) return `${words[0]} ${words[1]}`;
  if (style === 2) return `${words[0]}${words[1]}`;
  return `${words[0]} ${words[1]} ${pick(ORG_WORDS)}`;
}

const ORG_FORMS: readonly ((core: string) => string)[] = [
  (c) => `ООО «${c}»`,
  (c) => `ООО "${c}"`,
  (c) => `Общество с ограниченной ответственностью «${c}»`,
  (c) => `${c}, ООО`,
  (c) => `ООО ${c}`,
];

function latinCore(system: SystemId, core: string): string {
  return core
    .split(' ')
    .map((w) => transliterateWord(system, w, 'upper'))
    .join(' ');
}

for (let i = 0; i < 14; i++) {
  const core = orgCore();
  add(
    'org_legal_form_quotes',
    'minjust_foreign_agent',
    client({ name: pick(ORG_FORMS)(core), entityType: 'organization' }),
    foreignAgent({ name: pick(ORG_FORMS)(core), agent_type: 'Юридическое лицо' }),
    'match',
  );
}
for (let i = 0; i < 10; i++) {
  const core = orgCore();
  const system = pick(SYSTEM_IDS);
  const name = pick([
    `${latinCore(system, core)} LLC`,
    `LLC ${latinCore(system, core)}`,
    `OOO "${latinCore(system, core)}"`,
    `${latinCore(system, core)} LIMITED LIABILITY COMPANY`,
  ]);
  add(
    'org_translit',
    'sanctions',
    client({ name: pick(ORG_FORMS)(core), entityType: 'organization', inn: inn10() }),
    sanctions({ name, name_local: chance(0.3) ? `ООО «${core}»` : null, entity_type: 'organization' }),
    'match',
  );
}
for (let i = 0; i < 6; i++) {
  const core = orgCore();
  const pjsc = pick([(c: string) => `ПАО «${c}»`, (c: string) => `Публичное акционерное общество «${c}»`]);
  add(
    'org_same_form_family',
    'sanctions',
    client({ name: pjsc(core), entityType: 'organization' }),
    sanctions({
      name: `PJSC ${latinCore('icao', core)}`,
      name_local: chance(0.5) ? `АО «${core}»` : null,
      entity_type: 'organization',
    }),
    'match',
  );
}
// Renamed company, same OGRN / INN.
for (let i = 0; i < 8; i++) {
  const number = ogrn();
  const inn = inn10();
  const useOgrn = i % 2 === 0;
  add(
    useOgrn ? 'identifier_ogrn' : 'identifier_inn_org',
    'minjust_foreign_agent',
    client({
      name: `ООО «${orgCore()}»`,
      entityType: 'organization',
      ...(useOgrn ? { ogrn: number } : { inn }),
    }),
    foreignAgent({
      name: `ООО «${orgCore()}»`,
      agent_type: 'Юридическое лицо',
      ...(useOgrn ? { ogrn: number } : { inn }),
    }),
    'match',
  );
}

// --- bankruptcy register

for (let i = 0; i < 8; i++) {
  const p = randomPerson();
  const inn = inn12();
  add(
    'bankruptcy_inn',
    'bankruptcy',
    personClient(p, { inn }),
    bankruptcy({ name: cyrillic(p), inn, person: true, active: chance(0.7) }),
    'match',
  );
}
for (let i = 0; i < 6; i++) {
  const core = orgCore();
  const inn = inn10();
  add(
    'bankruptcy_org_name',
    'bankruptcy',
    client({ name: pick(ORG_FORMS)(core), entityType: 'organization' }),
    bankruptcy({ name: `ООО «${core}»`, inn, ogrn: ogrn(), person: false, active: true }),
    'match',
  );
}
for (let i = 0; i < 5; i++) {
  const p = randomPerson();
  add(
    'bankruptcy_person_name',
    'bankruptcy',
    personClient(p),
    bankruptcy({ name: cyrillic(p), inn: inn12(), person: true, active: true }),
    'match',
  );
}
for (let i = 0; i < 5; i++) {
  const p = randomPerson();
  const number = ogrnip();
  add(
    'individual_entrepreneur',
    'bankruptcy',
    client({
      name: `ИП ${cyrillic(p)}`,
      entityType: 'individual_entrepreneur',
      ogrnip: number,
      birthDate: p.birthDate,
    }),
    bankruptcy({ name: cyrillic(p), inn: inn12(), ogrn: number, person: true, active: true }),
    'match',
  );
}

// ===== hard non-matches

// Namesakes: the same full name, another birth date (in any script).
for (let i = 0; i < 40; i++) {
  const p = randomPerson();
  const other = otherDate(p.birthDate);
  if (i % 2 === 0)
    add(
      'namesake_other_birth_date',
      'minjust_foreign_agent',
      personClient(p),
      faPerson(cyrillic(p), other),
      'non_match',
    );
  else
    add(
      'namesake_other_birth_date',
      'sanctions',
      personClient(p),
      sanctions({
        name: latin(pick(SYSTEM_IDS), p, pick(['sgp', 'comma', 'gps'])),
        birth_date: other,
        entity_type: 'person',
      }),
      'non_match',
    );
}

// A one-letter slip does not turn a namesake into the client.
for (let i = 0; i < 12; i++) {
  let p = randomPerson();
  while (p.patronymic.length < 9) p = randomPerson();
  add(
    'namesake_typo_other_birth_date',
    'minjust_foreign_agent',
    personClient({ ...p, patronymic: typo(p.patronymic) }),
    faPerson(cyrillic(p), otherDate(p.birthDate)),
    'non_match',
  );
}

// The other gender's forms: a brother and a sister, twins even (same birth date).
for (let i = 0; i < 30; i++) {
  let surnameIndex = int(0, SURNAMES.length - 1);
  while ((SURNAMES[surnameIndex] ?? ['', ''])[0] === (SURNAMES[surnameIndex] ?? ['', ''])[1])
    surnameIndex = int(0, SURNAMES.length - 1);
  const father = int(0, MALE_NAMES.length - 1);
  const [male, female] = i % 2 === 0 ? pick(PAIRED_GIVEN) : [pick(MALE_NAMES)[0], pick(FEMALE_NAMES)];
  const brother = person('male', { surnameIndex, father, given: male });
  const sister = {
    ...person('female', { surnameIndex, father, given: female }),
    birthDate: brother.birthDate,
  };
  const [c, r] = chance(0.5) ? [brother, sister] : [sister, brother];
  if (i % 3 === 2)
    add(
      'gendered_pair',
      'sanctions',
      personClient(c),
      sanctions({
        name: latin(pick(SYSTEM_IDS), r, 'comma'),
        birth_date: r.birthDate,
        entity_type: 'person',
      }),
      'non_match',
    );
  else
    add(
      'gendered_pair',
      'minjust_foreign_agent',
      personClient(c),
      faPerson(cyrillic(r), r.birthDate),
      'non_match',
    );
}

// Only the surname's gendered form differs (Иванов / Иванова), everything else equal.
for (let i = 0; i < 10; i++) {
  let surnameIndex = int(0, SURNAMES.length - 1);
  while ((SURNAMES[surnameIndex] ?? ['', ''])[0] === (SURNAMES[surnameIndex] ?? ['', ''])[1])
    surnameIndex = int(0, SURNAMES.length - 1);
  const p = person('female', { surnameIndex });
  const pair = SURNAMES[surnameIndex] ?? ['', ''];
  add(
    'gendered_surname_only',
    'minjust_foreign_agent',
    personClient(p),
    faPerson(cyrillic({ ...p, surname: pair[0] }), p.birthDate),
    'non_match',
  );
}

// Siblings: surname and patronymic shared, another given name; birth dates differ or are missing.
for (let i = 0; i < 30; i++) {
  const gender: Gender = chance(0.5) ? 'male' : 'female';
  const a = person(gender);
  let b = person(gender, { surnameIndex: a.surnameIndex, father: a.father });
  while (b.given === a.given) b = person(gender, { surnameIndex: a.surnameIndex, father: a.father });
  const withDate = i % 3 !== 0;
  add(
    'relatives_same_surname_patronymic',
    'minjust_foreign_agent',
    personClient(a, withDate ? {} : { birthDate: undefined }),
    faPerson(cyrillic(b), withDate ? b.birthDate : ''),
    'non_match',
  );
}

// Sisters whose names are one letter apart (Алёна / Алина), the client without a birth date.
for (let i = 0; i < 10; i++) {
  const [mine, theirs] = pick(SIMILAR_GIVEN);
  const a = person('female', { given: i % 2 === 0 ? mine : theirs });
  const b = person('female', {
    surnameIndex: a.surnameIndex,
    father: a.father,
    given: i % 2 === 0 ? theirs : mine,
  });
  add(
    'similar_given_siblings',
    'minjust_foreign_agent',
    personClient(a, { birthDate: undefined }),
    faPerson(cyrillic(b), b.birthDate),
    'non_match',
  );
}

// A namesake, and the client file has no birth date: nothing can tell them apart, the engine sends the
// pair to review. Irreducible review load, counted against precision.
for (let i = 0; i < 6; i++) {
  const p = randomPerson();
  add(
    'namesake_no_birth_date',
    'minjust_foreign_agent',
    personClient(p, { birthDate: undefined }),
    faPerson(cyrillic(p), randomDate()),
    'non_match',
  );
}

// Same surname and given name, another patronymic; even with the same birth date.
for (let i = 0; i < 30; i++) {
  const gender: Gender = chance(0.5) ? 'male' : 'female';
  const a = person(gender);
  let father = int(0, MALE_NAMES.length - 1);
  while (father === a.father) father = int(0, MALE_NAMES.length - 1);
  const b = {
    ...person(gender, { surnameIndex: a.surnameIndex, father, given: a.given }),
    birthDate: i % 2 === 0 ? a.birthDate : randomDate(),
  };
  if (i % 3 === 0)
    add(
      'different_patronymic',
      'sanctions',
      personClient(a),
      sanctions({
        name: latin(pick(SYSTEM_IDS), b, 'comma'),
        birth_date: b.birthDate,
        entity_type: 'person',
      }),
      'non_match',
    );
  else
    add(
      'different_patronymic',
      'minjust_foreign_agent',
      personClient(a),
      faPerson(cyrillic(b), b.birthDate),
      'non_match',
    );
}

// Same name and birth date, another valid INN: two people (the identifier wins).
for (let i = 0; i < 20; i++) {
  const p = randomPerson();
  add(
    'identifier_conflict',
    'minjust_foreign_agent',
    personClient(p, { inn: inn12() }),
    faPerson(cyrillic(p), p.birthDate, { inn: inn12() }),
    'non_match',
  );
}
for (let i = 0; i < 10; i++) {
  const core = orgCore();
  add(
    'identifier_conflict_org',
    'bankruptcy',
    client({ name: `ООО «${core}»`, entityType: 'organization', inn: inn10() }),
    bankruptcy({ name: `ООО «${core}»`, inn: inn10(), ogrn: ogrn(), person: false, active: true }),
    'non_match',
  );
}

// Initials that disagree with the full name.
for (let i = 0; i < 10; i++) {
  const p = randomPerson();
  let q = person(p.gender, { surnameIndex: p.surnameIndex });
  while (q.given[0] === p.given[0]) q = person(p.gender, { surnameIndex: p.surnameIndex });
  add(
    'initials_conflict',
    'minjust_foreign_agent',
    client({
      name: `${p.surname} ${p.given[0] ?? ''}.${p.patronymic[0] ?? ''}.`,
      entityType: 'person',
      birthDate: p.birthDate,
    }),
    faPerson(cyrillic(q), q.birthDate),
    'non_match',
  );
}

// A person against an organization's entry that carries the same words.
for (let i = 0; i < 10; i++) {
  const p = randomPerson();
  const record =
    i % 2 === 0
      ? sanctions({ name: latin(pick(SYSTEM_IDS), p, 'sgp'), birth_date: null, entity_type: 'organization' })
      : foreignAgent({
          name: cyrillic(p),
          agent_type: 'Иностранная структура без образования юридического лица',
        });
  add(
    'entity_type_mismatch',
    i % 2 === 0 ? 'sanctions' : 'minjust_foreign_agent',
    personClient(p),
    record,
    'non_match',
  );
}

// Companies whose names differ by one significant word.
for (let i = 0; i < 30; i++) {
  const core = orgCore();
  let extra = pick(ORG_WORDS);
  while (core.includes(extra)) extra = pick(ORG_WORDS);
  const words = core.split(/[ -]/u);
  const other =
    i % 2 === 0
      ? `${core} ${extra}`
      : words.length > 1
        ? [...words.slice(0, -1), extra].join(' ')
        : `${extra} ${core}`;
  if (i % 3 === 0)
    add(
      'org_one_word_differs',
      'sanctions',
      client({ name: pick(ORG_FORMS)(core), entityType: 'organization' }),
      sanctions({ name: `${latinCore(pick(SYSTEM_IDS), other)} LLC`, entity_type: 'organization' }),
      'non_match',
    );
  else
    add(
      'org_one_word_differs',
      'minjust_foreign_agent',
      client({ name: pick(ORG_FORMS)(core), entityType: 'organization' }),
      foreignAgent({ name: pick(ORG_FORMS)(other), agent_type: 'Юридическое лицо' }),
      'non_match',
    );
}

// Same name, a legal form of another family: two legal entities (label non_match; the engine sends
// them to review, which the evaluation counts against precision).
for (let i = 0; i < 10; i++) {
  const core = orgCore();
  const [a, b] = pick([
    [`ООО «${core}»`, `АО «${core}»`],
    [`ООО «${core}»`, `ПАО «${core}»`],
    [`АО «${core}»`, `ООО «${core}»`],
    [`ООО «${core}»`, `АНО «${core}»`],
  ] as const);
  add(
    'org_legal_form_differs',
    'minjust_foreign_agent',
    client({ name: a, entityType: 'organization' }),
    foreignAgent({ name: b, agent_type: 'Юридическое лицо' }),
    'non_match',
  );
}

// Bankruptcy: namesake citizen with another INN.
for (let i = 0; i < 10; i++) {
  const p = randomPerson();
  add(
    'bankruptcy_inn_conflict',
    'bankruptcy',
    personClient(p, { inn: inn12() }),
    bankruptcy({ name: cyrillic(p), inn: inn12(), person: true, active: true }),
    'non_match',
  );
}

// Different people altogether, same register search (a surname search returns them).
for (let i = 0; i < 20; i++) {
  const p = randomPerson();
  const q = person(p.gender, { surnameIndex: p.surnameIndex });
  if (q.given === p.given && q.father === p.father) continue;
  add(
    'same_surname_other_person',
    'minjust_foreign_agent',
    personClient(p),
    faPerson(cyrillic(q), q.birthDate),
    'non_match',
  );
}

// ===== evasion and identifier-only pairs (appended, so that the pairs above keep their draws)
//
// Evasion: the client (or the register) writes a listed name with characters a reader does not see or
// cannot tell apart. Built from a pair that is a MATCH by construction (full name, equal birth date), so
// each must stay a MATCH. The marks and look-alikes are this generator's own lists (Unicode TR 39 and the
// General Categories Cc/Cf), not the engine's.

const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];
const BIDI = [
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u061c',
];
const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0002',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0090',
  '\u009f',
];
const JOINERS = ['\u034f', '\ufe00', '\ufe0f', '\u{e0100}', '\u180b', '\u3164'];
const SOFT_HYPHEN = ['\u00ad'];
const STRESS = ['\u0301', '\u0300'];
const SPACES = ['\u00a0', '\u2009', '\u2003', '\u202f', '\u3000', '\u2002', '\t', '\u2028', '  ', ' \u00a0 '];
/** Cyrillic letters and the Latin letters that pass for them (TR 39 confusables, both cases). */
const LOOKALIKE: Readonly<Record<string, string>> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  у: 'y',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
};
const LATIN_LOOKALIKE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(LOOKALIKE).map(([cyr, lat]) => [lat, cyr]),
);

/** `mark` inserted at 1–2 places strictly inside the word (never at an edge, where it would be trimmed). */
function plant(word: string, marks: readonly string[]): string {
  const chars = [...word];
  const count = chars.length > 5 ? int(1, 2) : 1;
  for (let k = 0; k < count; k++) chars.splice(int(1, chars.length - 1), 0, pick(marks));
  return chars.join('');
}

/** 1–3 letters of the word swapped for their look-alikes from `table`, at least one letter kept. */
function disguise(word: string, table: Readonly<Record<string, string>>): string {
  const chars = [...word];
  const swappable = chars.flatMap((ch, i) => (table[ch] !== undefined ? [i] : []));
  if (swappable.length === 0) return word;
  const count = Math.min(int(1, 3), swappable.length, chars.length - 1);
  for (let k = 0; k < count; k++) {
    const at = pick(swappable);
    chars[at] = table[chars[at] ?? ''] ?? chars[at] ?? '';
  }
  return chars.join('');
}

/** A person whose surname has at least one letter with a look-alike (almost all do). */
function disguisablePerson(): Person {
  let p = randomPerson();
  while (![...p.surname].some((ch) => LOOKALIKE[ch] !== undefined)) p = randomPerson();
  return p;
}

const EVASION_MARKS: readonly [string, readonly string[]][] = [
  ['evasion_zero_width', ZERO_WIDTH],
  ['evasion_bidi_mark', BIDI],
  ['evasion_control', CONTROL],
  ['evasion_joiner_selector', JOINERS],
  ['evasion_soft_hyphen', SOFT_HYPHEN],
  ['evasion_stress_mark', STRESS],
];

// Marks in the client's surname (searched and scored), or in the register's (scored).
for (const [category, marks] of EVASION_MARKS) {
  for (let i = 0; i < 8; i++) {
    const p = randomPerson();
    const dirty = {
      ...p,
      surname: plant(p.surname, marks),
      given: chance(0.3) ? plant(p.given, marks) : p.given,
    };
    const onClient = i % 2 === 0;
    const sanctionsList = i % 4 === 1;
    add(
      category,
      sanctionsList ? 'sanctions' : 'minjust_foreign_agent',
      personClient(onClient ? dirty : p),
      sanctionsList
        ? sanctions({ name: cyrillic(dirty, 'comma'), birth_date: p.birthDate, entity_type: 'person' })
        : faPerson(cyrillic(onClient ? p : dirty), p.birthDate),
      'match',
    );
  }
}

// Latin look-alikes inside a Cyrillic surname (and given name), on the client's side or the register's.
for (let i = 0; i < 10; i++) {
  const p = disguisablePerson();
  const dirty = {
    ...p,
    surname: disguise(p.surname, LOOKALIKE),
    given: chance(0.4) ? disguise(p.given, LOOKALIKE) : p.given,
  };
  add(
    'evasion_latin_in_cyrillic',
    i % 3 === 2 ? 'sanctions' : 'minjust_foreign_agent',
    personClient(i % 2 === 0 ? dirty : p),
    i % 3 === 2
      ? sanctions({
          name: latin('icao', p, 'comma'),
          name_local: cyrillic(i % 2 === 0 ? p : dirty),
          birth_date: p.birthDate,
          entity_type: 'person',
        })
      : faPerson(cyrillic(i % 2 === 0 ? p : dirty), p.birthDate),
    'match',
  );
}

// Cyrillic look-alikes inside a Latin surname: a list's Latin spelling typed with a Cyrillic О or а.
for (let i = 0; i < 10; i++) {
  const p = randomPerson();
  const system = pick(['icao', 'bgn_pcgn', 'passport_1997'] as const);
  const upper = transliterateWord(system, p.surname, 'upper');
  let dirtySurname = disguise(upper, LATIN_LOOKALIKE);
  if (dirtySurname === upper)
    dirtySurname = disguise(upper.toLowerCase(), {
      a: 'а',
      e: 'е',
      o: 'о',
      c: 'с',
      p: 'р',
      x: 'х',
      y: 'у',
    }).toUpperCase();
  const given = transliterateWord(system, p.given, 'title');
  const patronymic = transliterateWord(system, p.patronymic, 'title');
  const dirty = `${dirtySurname}, ${given} ${patronymic}`;
  add(
    'evasion_cyrillic_in_latin',
    'sanctions',
    i % 2 === 0 ? client({ name: dirty, entityType: 'person', birthDate: p.birthDate }) : personClient(p),
    sanctions({
      name: i % 2 === 0 ? `${upper}, ${given} ${patronymic}` : dirty,
      birth_date: p.birthDate,
      entity_type: 'person',
    }),
    'match',
  );
}

// Whitespace of every kind between the words (NBSP, thin, em, ideographic spaces, tabs, line separators).
for (let i = 0; i < 8; i++) {
  const p = randomPerson();
  const name = `${pick(SPACES)}${p.surname}${pick(SPACES)}${p.given}${pick(SPACES)}${p.patronymic}${chance(0.5) ? pick(SPACES) : ''}`;
  add(
    'evasion_whitespace',
    'minjust_foreign_agent',
    client({ name, entityType: 'person', birthDate: p.birthDate }),
    faPerson(cyrillic(p), p.birthDate),
    'match',
  );
}

// Organizations: a mark in a word of the name, or a Latin look-alike.
for (let i = 0; i < 8; i++) {
  const core = orgCore();
  const words = core.split(' ');
  const at = int(0, words.length - 1);
  const word = words[at] ?? core;
  words[at] = i % 2 === 0 ? plant(word, [...ZERO_WIDTH, ...BIDI, ...CONTROL]) : disguise(word, LOOKALIKE);
  add(
    'evasion_organization',
    'minjust_foreign_agent',
    client({ name: pick(ORG_FORMS)(words.join(' ')), entityType: 'organization' }),
    foreignAgent({ name: pick(ORG_FORMS)(core), agent_type: 'Юридическое лицо' }),
    'match',
  );
}

// Hard negatives: cleaning must not make a namesake the client. A disguised name with another birth date,
// and a disguised name with a contradicting INN.
for (let i = 0; i < 10; i++) {
  const p = disguisablePerson();
  const dirty = {
    ...p,
    surname: i % 2 === 0 ? disguise(p.surname, LOOKALIKE) : plant(p.surname, [...ZERO_WIDTH, ...CONTROL]),
  };
  add(
    'evasion_namesake',
    'minjust_foreign_agent',
    personClient(dirty),
    faPerson(cyrillic(p), otherDate(p.birthDate)),
    'non_match',
  );
}
for (let i = 0; i < 6; i++) {
  const p = disguisablePerson();
  const dirty = { ...p, surname: disguise(p.surname, LOOKALIKE) };
  add(
    'evasion_identifier_conflict',
    'minjust_foreign_agent',
    personClient(dirty, { inn: inn12() }),
    faPerson(cyrillic(p), p.birthDate, { inn: inn12() }),
    'non_match',
  );
}

// Identifier-only: the register writes the name differently (a changed or maiden surname, a transliterated
// name, another name altogether after a renaming) but has the same INN, SNILS, OGRN or OGRNIP. The
// identifier decides: each must be a MATCH, whatever the name and birth date say.
const dashedSnils = (n: string): string => `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6, 9)} ${n.slice(9)}`;
for (let i = 0; i < 10; i++) {
  const p = person('female');
  let other = int(0, SURNAMES.length - 1);
  while (other === p.surnameIndex) other = int(0, SURNAMES.length - 1);
  const married = { ...p, surname: (SURNAMES[other] ?? ['', 'Петрова'])[1] };
  const bySnils = i % 2 === 1;
  const id = bySnils ? snils() : inn12();
  add(
    'identifier_changed_surname',
    'minjust_foreign_agent',
    personClient(married, bySnils ? { snils: id } : { inn: id }),
    faPerson(cyrillic(p), i % 3 === 0 ? '' : p.birthDate, bySnils ? { snils: dashedSnils(id) } : { inn: id }),
    'match',
  );
}
for (let i = 0; i < 8; i++) {
  const p = person('female');
  let other = int(0, SURNAMES.length - 1);
  while (other === p.surnameIndex) other = int(0, SURNAMES.length - 1);
  const maiden = (SURNAMES[other] ?? ['', 'Петрова'])[1];
  const inn = inn12();
  // The register keeps the maiden name, or both (`Иванова (Петрова)`, `Иванова-Петрова`).
  const recordName = pick([
    `${maiden} ${p.given} ${p.patronymic}`,
    `${p.surname} (${maiden}) ${p.given} ${p.patronymic}`,
    `${maiden}-${p.surname} ${p.given} ${p.patronymic}`,
  ]);
  add(
    'identifier_maiden_name',
    i % 2 === 0 ? 'minjust_foreign_agent' : 'bankruptcy',
    personClient(p, { inn }),
    i % 2 === 0
      ? faPerson(recordName, p.birthDate, { inn })
      : bankruptcy({ name: recordName, inn, person: true, active: true }),
    'match',
  );
}
for (let i = 0; i < 8; i++) {
  const p = randomPerson();
  const inn = inn12();
  const system = pick(SYSTEM_IDS);
  add(
    'identifier_transliterated',
    'minjust_foreign_agent',
    personClient(p, { inn }),
    // Another spelling and, half the time, a birth date the client's file disagrees with (a typo).
    faPerson(latin(system, p, pick(['sgp', 'comma'])), i % 2 === 0 ? otherDate(p.birthDate) : p.birthDate, {
      inn,
    }),
    'match',
  );
}
for (let i = 0; i < 6; i++) {
  const p = randomPerson();
  const number = ogrnip();
  add(
    'identifier_ogrnip',
    'minjust_foreign_agent',
    client({ name: `ИП ${cyrillic(p)}`, entityType: 'individual_entrepreneur', ogrnip: number }),
    foreignAgent({
      name: cyrillic({ ...p, surname: pick(SURNAMES)[p.gender === 'male' ? 0 : 1] }),
      ogrn: number,
      agent_type: 'Физическое лицо',
    }),
    'match',
  );
}

// Hard negatives: the same name and birth date, a contradicting SNILS or OGRN.
for (let i = 0; i < 8; i++) {
  const p = randomPerson();
  const mine = snils();
  let theirs = snils();
  while (theirs === mine) theirs = snils();
  add(
    'identifier_conflict_snils',
    'minjust_foreign_agent',
    personClient(p, { snils: mine }),
    faPerson(cyrillic(p), p.birthDate, { snils: dashedSnils(theirs) }),
    'non_match',
  );
}
for (let i = 0; i < 6; i++) {
  const core = orgCore();
  add(
    'identifier_conflict_ogrn',
    'minjust_foreign_agent',
    client({ name: `ООО «${core}»`, entityType: 'organization', ogrn: ogrn() }),
    foreignAgent({ name: `ООО «${core}»`, agent_type: 'Юридическое лицо', ogrn: ogrn() }),
    'non_match',
  );
}

// ===== names as other countries' lists and real bank exports write them (phenomena-pairs.ts; appended,
// with a stream of their own, so that every pair above keeps its draws)
appendPhenomena({ add, client, foreignAgent, sanctions });

const out = fileURLToPath(new URL('../../../../../samples/matching/labelled-pairs.jsonl', import.meta.url));
writeFileSync(out, pairs.map((p) => JSON.stringify(p)).join('\n') + '\n');
const matches = pairs.filter((p) => p.label === 'match').length;
console.log(`${pairs.length} pairs (${matches} match, ${pairs.length - matches} non_match) → ${out}`);
