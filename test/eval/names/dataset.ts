/**
 * The end-to-end names evaluation set: listed persons and organizations written the way Ukrainian,
 * Belarusian, EU/US-style and Russian lists write them, noise records that share common surnames, and the
 * bank's clients (listed and unlisted). Seeded: the same seed gives the same set. Built from the oracle's
 * own name tables (scripts/samples/matching), never from the matcher's.
 */
import {
  FEMALE_NAMES,
  MALE_NAMES,
  ORG_WORDS,
  SURNAMES,
} from '../../../packages/lookup-emulator/scripts/samples/matching/name-data.js';
import {
  BELARUSIAN_FEMALE,
  BELARUSIAN_MALE,
  BELARUSIAN_SURNAMES,
  DOUBLE_SURNAMES,
  LATIN_TWIN,
  LATIN_WITHOUT_TWIN,
  NUMBERED_ORGS,
  OTHER_SCRIPT_CONFUSABLES,
  TURKIC,
  UKRAINIAN_FEMALE,
  UKRAINIAN_MALE,
  UKRAINIAN_SURNAMES,
} from '../../../packages/lookup-emulator/scripts/samples/matching/name-forms.js';
import {
  LATIN_CLIENT_SURNAMES,
  STYLE_SURNAMES,
} from '../../../packages/lookup-emulator/scripts/samples/matching/phenomena-pairs.js';
import {
  draw,
  innFrom,
  type Draw,
} from '../../../packages/lookup-emulator/scripts/samples/matching/random.js';
import {
  listSpelling,
  transliterateWord,
  ukrainianLatin,
  type ListStyle,
} from '../../../packages/lookup-emulator/scripts/samples/matching/translit-systems.js';

export type ClientType = 'ФЛ' | 'ЮЛ' | 'ИП';

export interface EvalClient {
  readonly id: string;
  readonly name: string;
  readonly type: ClientType;
  readonly birthDate?: string;
  readonly inn?: string;
  readonly listed: boolean;
  readonly phenomenon: string;
}

export type FaRecord = {
  source: 'minjust_foreign_agent';
  data: Record<string, string>;
  added_at: string;
  updated_at: string;
};
export interface SanctionsRecord {
  source: 'sanctions';
  data: {
    name: string;
    name_local: string | null;
    edrpou: string | null;
    address: string | null;
    birth_date: string | null;
    birth_place: string | null;
    entity_type: 'person' | 'organization';
  };
  added_at: string;
  updated_at: string;
}
export type BankruptcyRecord = Record<string, unknown> & { name: string; inn: string };

export interface Dataset {
  readonly clients: EvalClient[];
  readonly foreignAgents: FaRecord[];
  readonly sanctions: SanctionsRecord[];
  readonly bankruptcy: BankruptcyRecord[];
}

export const PERSON_PHENOMENA = [
  'control_exact',
  'confusable_register',
  'confusable_client',
  'ukrainian',
  'belarusian',
  'turkic_patronymic',
  'double_surname',
  'entrepreneur',
  'common_surname',
  'list_spelling',
  'latin_client',
  'initials',
] as const;
export const ORG_PHENOMENA = ['org_number', 'org_full_legal_name', 'org_sanctions'] as const;

const STAMP = '2025-06-06T09:00:00.000Z';
const FA_FIELDS = [
  'bik',
  'inn',
  'name',
  'ogrn',
  'added',
  'snils',
  'address',
  'bank_name',
  'agent_type',
  'birth_date',
  'violated_act',
  'source_domen_names',
  'registration_number',
  'date_of_bank_agreement',
  'participants_full_name',
  'special_account_number',
  'decision_publication_date',
  'special_account_open_date',
  'correspondent_account_number',
] as const;

interface Person {
  surname: string;
  given: string;
  patronymic: string;
  birthDate: string;
  female: boolean;
}

const full = (p: Pick<Person, 'surname' | 'given' | 'patronymic'>): string =>
  `${p.surname} ${p.given} ${p.patronymic}`.trim();

/** Generates the set. Counts are the brief's: 280 listed persons, 80 listed organizations, 300 unlisted. */
export function generateDataset(seed = 20261125): Dataset {
  const d = draw(seed);
  const g = new Builder(d);
  g.listedPersons();
  g.listedOrganizations();
  g.unlisted();
  g.noise();
  return g.result();
}

class Builder {
  readonly clients: EvalClient[] = [];
  readonly fa: FaRecord[] = [];
  readonly faTail: FaRecord[] = [];
  readonly sanctions: SanctionsRecord[] = [];
  readonly bankruptcy: BankruptcyRecord[] = [];
  readonly listedPeople: { person: Person; phenomenon: string }[] = [];
  readonly usedNumbers = new Map<string, number[]>();
  readonly usedCores = new Set<string>();
  #registration = 0;

  constructor(readonly d: Draw) {}

  result(): Dataset {
    return {
      clients: this.d.shuffle(this.clients).map((c, i) => ({ ...c, id: String(100001 + i) })),
      foreignAgents: [...this.d.shuffle(this.fa), ...this.faTail],
      sanctions: this.d.shuffle(this.sanctions),
      bankruptcy: this.bankruptcy,
    };
  }

  // --- helpers

  date(): string {
    const int = (a: number, b: number): number => this.d.int(a, b);
    return `${int(1955, 2000)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`;
  }

  otherDate(date: string): string {
    for (;;) {
      const other = this.date();
      if (other.slice(0, 4) !== date.slice(0, 4)) return other;
    }
  }

  russian(female = this.d.chance(0.5), surnames: readonly (readonly [string, string])[] = SURNAMES): Person {
    const father = this.d.pick(MALE_NAMES);
    const s = this.d.pick(surnames);
    return {
      female,
      surname: female ? s[1] : s[0],
      given: female ? this.d.pick(FEMALE_NAMES) : this.d.pick(MALE_NAMES)[0],
      patronymic: female ? father[2] : father[1],
      birthDate: this.date(),
    };
  }

  personInn(): string | undefined {
    return this.d.chance(0.5) ? innFrom(String(this.d.int(1, 9)) + this.d.digits(9)) : undefined;
  }

  client(name: string, phenomenon: string, listed: boolean, extra: Partial<EvalClient> = {}): void {
    const type = extra.type ?? 'ФЛ';
    const written = type === 'ФЛ' && this.d.chance(0.15) ? name.toUpperCase() : name;
    this.clients.push({ id: '', name: written, type, listed, phenomenon, ...extra });
  }

  personClient(
    p: Person,
    phenomenon: string,
    listed: boolean,
    name = full(p),
    extra: Partial<EvalClient> = {},
  ): void {
    const inn = this.personInn();
    this.client(name, phenomenon, listed, { birthDate: p.birthDate, ...(inn ? { inn } : {}), ...extra });
  }

  faRecord(fields: Partial<Record<(typeof FA_FIELDS)[number], string>>, tail = false): void {
    this.#registration += 1;
    const data = Object.fromEntries(FA_FIELDS.map((f) => [f, ''])) as Record<string, string>;
    Object.assign(data, {
      added: `${this.d.int(2022, 2025)}-${String(this.d.int(1, 12)).padStart(2, '0')}-${String(this.d.int(1, 28)).padStart(2, '0')}`,
      violated_act: 'ст. 4 Федерального закона от 14.07.2022 № 255-ФЗ',
      registration_number: `${this.#registration}`,
      ...fields,
    });
    (tail ? this.faTail : this.fa).push({
      source: 'minjust_foreign_agent',
      data,
      added_at: STAMP,
      updated_at: STAMP,
    });
  }

  faPerson(name: string, birthDate: string, tail = false): void {
    this.faRecord({ name, birth_date: birthDate, agent_type: 'Физическое лицо' }, tail);
  }

  sanction(
    data: Partial<SanctionsRecord['data']> & { name: string; entity_type: 'person' | 'organization' },
  ): void {
    this.sanctions.push({
      source: 'sanctions',
      data: {
        name_local: null,
        edrpou: null,
        address: null,
        birth_date: null,
        birth_place: null,
        ...data,
      },
      added_at: STAMP,
      updated_at: STAMP,
    });
  }

  listed(p: Person, phenomenon: string): void {
    this.listedPeople.push({ person: p, phenomenon });
  }

  // --- listed persons

  listedPersons(): void {
    for (let i = 0; i < 15; i++) this.controlExact();
    for (let i = 0; i < 20; i++) this.confusableRegister();
    for (let i = 0; i < 15; i++) this.confusableClient();
    for (let i = 0; i < 40; i++) this.ukrainian();
    for (let i = 0; i < 20; i++) this.belarusian();
    for (let i = 0; i < 30; i++) this.turkic(i);
    for (let i = 0; i < 20; i++) this.doubleSurname(i);
    for (let i = 0; i < 20; i++) this.entrepreneur(i);
    for (let i = 0; i < 20; i++) this.commonSurname();
    for (let i = 0; i < 40; i++) this.listSpelling(i);
    for (let i = 0; i < 15; i++) this.latinClient();
    for (let i = 0; i < 25; i++) this.initials();
  }

  controlExact(): void {
    const p = this.russian();
    this.faPerson(full(p), p.birthDate);
    this.personClient(p, 'control_exact', true);
    this.listed(p, 'control_exact');
  }

  /** One letter of the register's given name or patronymic in another script (Greek, Armenian, …). */
  confusableRegister(): void {
    for (;;) {
      const p = this.russian();
      const part = this.d.chance(0.5) ? 'given' : 'patronymic';
      const word = p[part];
      const spots = [...word].flatMap((ch, i) => (OTHER_SCRIPT_CONFUSABLES[ch] ? [i] : []));
      if (spots.length === 0) continue;
      const at = this.d.pick(spots);
      const chars = [...word];
      chars[at] = this.d.pick(OTHER_SCRIPT_CONFUSABLES[chars[at] ?? ''] ?? []).ch;
      this.faPerson(full({ ...p, [part]: chars.join('') }), p.birthDate);
      this.personClient(p, 'confusable_register', true);
      this.listed(p, 'confusable_register');
      return;
    }
  }

  /** The client's surname typed with a Latin letter that has no Cyrillic twin (v for в), often with twins too. */
  confusableClient(): void {
    for (;;) {
      const p = this.russian();
      const chars = [...p.surname];
      const spots = chars.flatMap((ch, i) => (LATIN_WITHOUT_TWIN[ch] ? [i] : []));
      if (spots.length === 0) continue;
      const at = this.d.pick(spots);
      chars[at] = LATIN_WITHOUT_TWIN[chars[at] ?? ''] ?? '';
      if (this.d.chance(0.5)) {
        const twins = chars.flatMap((ch, i) => (LATIN_TWIN[ch] ? [i] : []));
        if (twins.length > 0) {
          const t = this.d.pick(twins);
          chars[t] = LATIN_TWIN[chars[t] ?? ''] ?? '';
        }
      }
      this.faPerson(full(p), p.birthDate);
      this.personClient(p, 'confusable_client', true, full({ ...p, surname: chars.join('') }));
      this.listed(p, 'confusable_client');
      return;
    }
  }

  /** A Ukrainian list: edrpou (a taxpayer number), name_local in Ukrainian Cyrillic, name in national Latin. */
  ukrainian(): void {
    const female = this.d.chance(0.4);
    const father = this.d.pick(UKRAINIAN_MALE);
    const s = this.d.pick(UKRAINIAN_SURNAMES);
    const [ruGiven, ukGiven] = female
      ? this.d.pick(UKRAINIAN_FEMALE)
      : ((g) => [g.ru, g.uk] as const)(this.d.pick(UKRAINIAN_MALE));
    const ru: Person = {
      female,
      surname: female ? s[1] : s[0],
      given: ruGiven,
      patronymic: female ? father.ruDaughter : father.ruSon,
      birthDate: this.date(),
    };
    const uk = {
      surname: female ? s[3] : s[2],
      given: ukGiven,
      patronymic: female ? father.ukDaughter : father.ukSon,
    };
    const latin = `${ukrainianLatin(uk.surname, 'upper')} ${ukrainianLatin(uk.given, 'title')} ${ukrainianLatin(uk.patronymic, 'title')}`;
    this.sanction({
      name: latin,
      name_local: full(uk),
      edrpou: this.d.digits(10),
      birth_date: ru.birthDate,
      entity_type: 'person',
    });
    this.personClient(ru, 'ukrainian', true);
    this.listed(ru, 'ukrainian');
  }

  /** An EU-style list of Belarusians: Belarusian Latin, Belarusian Cyrillic beside it half the time. */
  belarusian(): void {
    const female = this.d.chance(0.35);
    const father = this.d.pick(BELARUSIAN_MALE);
    const s = this.d.pick(BELARUSIAN_SURNAMES);
    const given = female
      ? this.d.pick(BELARUSIAN_FEMALE)
      : ((x) => [x.ru, x.by, x.lat] as const)(this.d.pick(BELARUSIAN_MALE));
    const ru: Person = {
      female,
      surname: female ? s[1] : s[0],
      given: given[0],
      patronymic: female ? father.ruDaughter : father.ruSon,
      birthDate: this.date(),
    };
    const by = {
      surname: female ? s[3] : s[2],
      given: given[1],
      patronymic: female ? father.byDaughter : father.bySon,
    };
    const latin = `${female ? s[5] : s[4]} ${given[2]} ${female ? father.latDaughter : father.latSon}`;
    this.sanction({
      name: latin,
      name_local: this.d.chance(0.5) ? full(by) : null,
      birth_date: ru.birthDate,
      entity_type: 'person',
    });
    this.personClient(ru, 'belarusian', true);
    this.listed(ru, 'belarusian');
  }

  /** оглы/кызы, улы/қызы, угли/қизи on one side, -ович/-овна on the other; Latin particles on sanctions lists. */
  turkic(i: number): void {
    const people = this.d.pick(TURKIC);
    const female = this.d.chance(0.35);
    const s = this.d.pick(people.surnames);
    const given = this.d.pick(female ? people.daughters : people.sons);
    const father = this.d.pick(people.fathers);
    const particle = this.d.pick(female ? people.daughter : people.son);
    const surname = female ? s[1] : s[0];
    const birthDate = this.date();
    const russian = `${surname} ${given[0]} ${female ? father[3] : father[2]}`;
    const turkic = `${surname} ${given[0]} ${father[0]} ${particle[0]}`;
    // A bank's Windows-1251 export has no қ: it writes кызы, кизи.
    const forBank = (name: string): string => name.replaceAll('қ', 'к');
    const p: Person = {
      female,
      surname,
      given: given[0],
      patronymic: female ? father[3] : father[2],
      birthDate,
    };
    if (i % 3 === 2) {
      const latinSurname = female ? `${s[2]}A` : s[2];
      this.sanction({
        name: `${latinSurname} ${given[1]} ${father[1]} ${particle[1]}`,
        birth_date: birthDate,
        entity_type: 'person',
      });
      this.personClient(p, 'turkic_patronymic', true, forBank(this.d.chance(0.5) ? russian : turkic));
    } else {
      const [record, mine] = i % 3 === 0 ? [turkic, russian] : [russian, turkic];
      this.faPerson(record, birthDate);
      this.personClient(p, 'turkic_patronymic', true, forBank(mine));
    }
    this.listed(p, 'turkic_patronymic');
  }

  /** Hyphen on one side, a space or one part only on the other. */
  doubleSurname(i: number): void {
    const base = this.russian();
    const pair = this.d.pick(DOUBLE_SURNAMES);
    const double = base.female ? pair[1] : pair[0];
    const [first, second] = double.split('-') as [string, string];
    const p = { ...base, surname: double };
    const variants = [`${first} ${second}`, first, second];
    const other = variants[i % 3] ?? first;
    const [record, mine] = i % 2 === 0 ? [double, other] : [other, double];
    this.faPerson(full({ ...p, surname: record }), p.birthDate);
    this.personClient(p, 'double_surname', true, full({ ...p, surname: mine }));
    this.listed(p, 'double_surname');
  }

  /** `ИП …` or `Индивидуальный предприниматель …` in the bank's file; the register lists the person. */
  entrepreneur(i: number): void {
    const p = this.russian();
    const prefix = i % 2 === 0 ? 'ИП' : 'Индивидуальный предприниматель';
    this.faPerson(full(p), p.birthDate);
    this.personClient(p, 'entrepreneur', true, `${prefix} ${full(p)}`, { type: 'ИП' });
    this.listed(p, 'entrepreneur');
  }

  /** A listed person whose surname the register shares with dozens of others (written after them). */
  commonSurname(): void {
    const p = this.russian(undefined, COMMON_SURNAMES);
    this.faPerson(full(p), p.birthDate, true);
    this.personClient(p, 'common_surname', true);
    this.listed(p, 'common_surname');
  }

  /** EU/US-style Latin-only `SURNAME Given Patronymic` in one of the spellings lists use. */
  listSpelling(i: number): void {
    const style = LIST_STYLE_ORDER[i % LIST_STYLE_ORDER.length] ?? 'tz';
    const pool = STYLE_SURNAMES[style];
    const p = this.russian(undefined, pool);
    const name = `${listSpelling(p.surname, style, 'upper')} ${listSpelling(p.given, style, 'title')} ${listSpelling(p.patronymic, style, 'title')}`;
    this.sanction({ name, birth_date: p.birthDate, entity_type: 'person' });
    this.personClient(p, 'list_spelling', true);
    this.listed(p, 'list_spelling');
  }

  /** A client written in Latin by the bank (a foreign passport), the register in Cyrillic. */
  latinClient(): void {
    const p = this.russian(undefined, LATIN_CLIENT_SURNAMES);
    const style = this.d.pick(['yo', 'j', 'apostrophe'] as const);
    const latin =
      style === 'yo'
        ? `${listSpelling(p.surname, 'yo', 'title')} ${transliterateWord('legacy', p.given, 'title')} ${transliterateWord('legacy', p.patronymic, 'title')}`
        : `${listSpelling(p.surname, style, 'title')} ${listSpelling(p.given, style, 'title')} ${listSpelling(p.patronymic, style, 'title')}`;
    this.faPerson(full(p), p.birthDate);
    this.personClient(p, 'latin_client', true, latin);
    this.listed(p, 'latin_client');
  }

  /** The register writes initials (`Ефимова К. О.`), the bank the full name; same birth date. */
  initials(): void {
    const p = this.russian();
    const record = this.d.chance(0.5)
      ? `${p.surname} ${p.given[0] ?? ''}. ${p.patronymic[0] ?? ''}.`
      : `${p.surname} ${p.given[0] ?? ''}.${p.patronymic[0] ?? ''}.`;
    this.faPerson(record, p.birthDate);
    this.personClient(p, 'initials', true);
    this.listed(p, 'initials');
  }

  // --- listed organizations

  orgCore(): string {
    for (;;) {
      const words = this.d.shuffle(ORG_WORDS).slice(0, 2);
      const core = words.join(' ');
      if (!this.usedCores.has(core)) {
        this.usedCores.add(core);
        return core;
      }
    }
  }

  numbered(): { kind: string; n: number } {
    const kind = this.d.pick(NUMBERED_ORGS);
    const used = this.usedNumbers.get(kind) ?? [];
    let n = this.d.int(2, 400);
    while (used.some((u) => Math.abs(u - n) <= 1)) n = this.d.int(2, 400);
    used.push(n);
    this.usedNumbers.set(kind, used);
    return { kind, n };
  }

  listedOrganizations(): void {
    for (let i = 0; i < 30; i++) {
      const { kind, n } = this.numbered();
      const form = this.d.pick(['АО', 'ООО', 'ФГУП', 'ОАО']);
      this.faRecord({ name: `${form} «${kind} № ${n}»`, agent_type: 'Юридическое лицо' });
      const notation = [`№${n}`, `N ${n}`, `No. ${n}`, `№ ${n}`, `N${n}`][i % 5] ?? `№ ${n}`;
      this.client(`${form} «${kind} ${notation}»`, 'org_number', true, { type: 'ЮЛ' });
      // The neighbouring number is another body: an unlisted client of the same kind.
      if (i % 2 === 0) this.client(`${form} «${kind} № ${n + 1}»`, 'org_number', false, { type: 'ЮЛ' });
    }
    for (let i = 0; i < 30; i++) {
      const core = this.orgCore();
      const [short, long] = this.d.pick(LEGAL_FORMS);
      this.faRecord({ name: `${short} «${core}»`, agent_type: 'Юридическое лицо' });
      this.client(`${long} «${core}»`, 'org_full_legal_name', true, { type: 'ЮЛ' });
    }
    for (let i = 0; i < 20; i++) {
      const core = this.orgCore();
      const latin = core
        .split(' ')
        .map((w) => transliterateWord('legacy', w, 'upper'))
        .join(' ');
      this.sanction({ name: `${latin} LLC`, name_local: `ООО «${core}»`, entity_type: 'organization' });
      this.client(`ООО «${core}»`, 'org_sanctions', true, { type: 'ЮЛ' });
    }
  }

  // --- unlisted clients (precision)

  unlisted(): void {
    const listedNames = new Set(this.listedPeople.map((l) => full(l.person).toLowerCase()));
    const fresh = (surnames: readonly (readonly [string, string])[] = SURNAMES): Person => {
      for (;;) {
        const p = this.russian(undefined, surnames);
        if (!listedNames.has(full(p).toLowerCase())) return p;
      }
    };
    for (let i = 0; i < 156; i++) this.personClient(fresh(), 'unlisted', false);
    for (let i = 0; i < 40; i++) this.personClient(fresh(COMMON_SURNAMES), 'common_surname', false);
    // The surname of a listed person, another given name and patronymic.
    for (let i = 0; i < 30; i++) {
      const l = this.d.pick(this.listedPeople);
      const q = this.russian(l.person.female);
      const p = { ...q, surname: l.person.surname };
      if (listedNames.has(full(p).toLowerCase()) || p.given === l.person.given) continue;
      this.personClient(p, l.phenomenon, false);
    }
    // Namesakes: the full name of a listed person (as a Russian document writes it), another birth date;
    // two for every phenomenon, so that each one's precision is tested where its matches are equated.
    for (const phenomenon of PERSON_PHENOMENA) {
      const own = this.listedPeople.filter((x) => x.phenomenon === phenomenon);
      for (let i = 0; i < 2; i++) {
        const l = this.d.pick(own);
        this.personClient({ ...l.person, birthDate: this.otherDate(l.person.birthDate) }, phenomenon, false);
      }
    }
    for (let i = 0; i < 20; i++) {
      const p = fresh();
      this.personClient(
        p,
        'entrepreneur',
        false,
        `${i % 2 === 0 ? 'ИП' : 'Индивидуальный предприниматель'} ${full(p)}`,
        {
          type: 'ИП',
        },
      );
    }
    for (let i = 0; i < 15; i++) {
      const core = this.orgCore();
      this.client(`${this.d.pick(['ООО', 'АО'])} «${core}»`, 'org_full_legal_name', false, { type: 'ЮЛ' });
    }
  }

  // --- noise in the registers

  noise(): void {
    const counts: readonly [number, number][] = [
      [0, 70],
      [1, 40],
      [2, 40],
      [3, 30],
    ];
    const clientNames = new Set(this.clients.map((c) => c.name.toLowerCase()));
    for (const [index, n] of counts) {
      const pair = COMMON_SURNAMES[index] ?? ['Смирнов', 'Смирнова'];
      for (let k = 0; k < n; k++) {
        const p = this.russian(undefined, [pair]);
        if (clientNames.has(full(p).toLowerCase())) continue;
        this.faPerson(full(p), p.birthDate);
      }
    }
    for (let k = 0; k < 100; k++) {
      const p = this.russian();
      if (clientNames.has(full(p).toLowerCase())) continue;
      if (k % 2 === 0) this.faPerson(full(p), p.birthDate);
      else
        this.sanction({
          name: `${transliterateWord('icao', p.surname, 'upper')} ${transliterateWord('icao', p.given, 'title')} ${transliterateWord('icao', p.patronymic, 'title')}`,
          birth_date: p.birthDate,
          entity_type: 'person',
        });
    }
    for (let k = 0; k < 40; k++) {
      const p = this.russian();
      if (clientNames.has(full(p).toLowerCase())) continue;
      this.bankruptcy.push(bankruptcyEntry(full(p), innFrom(String(this.d.int(1, 9)) + this.d.digits(9)), k));
    }
  }
}

function bankruptcyEntry(name: string, inn: string, k: number): BankruptcyRecord {
  return {
    category: 'Гражданин',
    region: 'Москва',
    address: 'г. Москва',
    lastLegalCase: {
      number: `А40-${10000 + k}/2024`,
      arbitrManagerFio: 'Орлов Денис Игоревич',
      status: { code: 'active', description: 'Реализация имущества гражданина', date: '2025-03-11T10:20:00' },
    },
    guid: `names-eval-${String(k).padStart(6, '0')}`,
    name,
    ogrn: '',
    inn,
    statusUpdateDate: '2025-03-11T10:20:00',
    status: 'Реализация имущества гражданина',
    isActive: true,
  };
}

const COMMON_SURNAMES: readonly (readonly [string, string])[] = [
  ['Смирнов', 'Смирнова'],
  ['Иванов', 'Иванова'],
  ['Кузнецов', 'Кузнецова'],
  ['Попов', 'Попова'],
];

const LEGAL_FORMS: readonly (readonly [string, string])[] = [
  ['ООО', 'Общество с ограниченной ответственностью'],
  ['АО', 'Акционерное общество'],
  ['ПАО', 'Публичное акционерное общество'],
  ['АНО', 'Автономная некоммерческая организация'],
];

const LIST_STYLE_ORDER: readonly ListStyle[] = ['tz', 'c', 'sch', 'j', 'h', 'french', 'apostrophe', 'yo'];
