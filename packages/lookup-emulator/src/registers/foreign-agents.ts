/**
 * The foreign-agent register (law 255-FZ): about 70 % individuals, identifier columns empty for most
 * entries, additions on Fridays, several resource addresses joined with `;` for many entries.
 */
import type { FOREIGN_AGENT_TYPES } from '@kyc-screen/lookup-contract';
import {
  emptyForeignAgentData,
  type ForeignAgentData,
  type ForeignAgentRecord,
} from '@kyc-screen/lookup-contract';
import { withAccountKey } from '../check-digits.js';
import {
  REFERENCE_DAY,
  dayOf,
  fridayOnOrBefore,
  isoDate,
  officeSecond,
  randomDay,
  utcStamp,
} from '../dates.js';
import { pickRegion, streetAddress, type Region } from '../geography.js';
import { fullName } from '../names.js';
import { brandStem, organizationName } from '../organizations.js';
import { transliterate } from '../transliterate.js';
import { allowedName, allowedPerson, type GeneratorContext } from './context.js';
import type { Planted } from './planted.js';

type AgentType = (typeof FOREIGN_AGENT_TYPES)[number];

const TYPE_WEIGHTS: readonly (readonly [AgentType, number])[] = [
  ['Физическое лицо', 70],
  ['Юридическое лицо', 10],
  ['Иностранная структура без образования юридического лица', 6],
  ['Незарегистрированное общественное объединение', 5],
  ['СМИ', 9],
];

/** The unified register exists since 1 Dec 2022; older entries were carried over under earlier laws. */
const UNIFIED_REGISTER_DAY = dayOf('2022-12-01');
const ACT_255_FZ = 'ст. 4 Федерального закона от 14.07.2022 № 255-ФЗ';
const ACT_NGO = 'п. 6 ст. 2 Федерального закона от 12.01.1996 № 7-ФЗ «О некоммерческих организациях»';
const ACT_MEDIA = 'ст. 6 Закона РФ от 27.12.1991 № 2124-1 «О средствах массовой информации»';

/** Where individuals and media on the register usually declare themselves. */
const ABROAD: readonly string[] = [
  'Латвийская Республика, г. Рига',
  'Грузия, г. Тбилиси',
  'Республика Армения, г. Ереван',
  'Федеративная Республика Германия, г. Берлин',
  'Израиль, г. Тель-Авив',
  'Чешская Республика, г. Прага',
  'Литовская Республика, г. Вильнюс',
  'Республика Казахстан, г. Алматы',
  'Сербия, г. Белград',
  'Нидерланды, г. Амстердам',
];

const EMPTY: ForeignAgentData = emptyForeignAgentData();

function slug(text: string): string {
  return transliterate(text, 'icao')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** 1–3 resource addresses of one entry, `;`-joined as the register writes them. */
function domains(ctx: GeneratorContext, base: string, max: number): string {
  const s = slug(base);
  const all = [`${s}.example`, `t.me/${s.replace(/-/g, '_')}`, `${s}-media.example`, `www.${s}.example`];
  const count = ctx.rng.int(1, max);
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(ctx.rng.pick(all));
  return [...chosen].join(';');
}

function participants(ctx: GeneratorContext, count: number): string {
  return Array.from({ length: count }, () => fullName(allowedPerson(ctx))).join('; ');
}

/** First day each kind of entry could be made under the laws before the unified register. */
const EARLIEST: Readonly<Record<AgentType, string>> = {
  'Физическое лицо': '2019-12-27',
  'Юридическое лицо': '2012-11-21',
  'Иностранная структура без образования юридического лица': '2020-12-30',
  'Незарегистрированное общественное объединение': '2020-12-30',
  СМИ: '2017-11-25',
};

function violatedAct(type: AgentType, day: number): string {
  if (day >= UNIFIED_REGISTER_DAY) return ACT_255_FZ;
  // Individuals and media were listed under the mass-media law before 2022; organizations under the NGO law.
  return type === 'СМИ' || type === 'Физическое лицо' ? ACT_MEDIA : ACT_NGO;
}

function organizationStemName(ctx: GeneratorContext, make: (stem: string) => string): string {
  return allowedName(
    ctx,
    () => make(brandStem(ctx.rng)),
    (name) => name,
  );
}

function bankDetails(ctx: GeneratorContext, addedDay: number): Partial<ForeignAgentData> {
  const bank = ctx.rng.pick(ctx.banks);
  const openDay = addedDay + ctx.rng.int(10, 90);
  // Special accounts of foreign agents are settlement accounts: 40703 for NGOs, 40702 for companies.
  const balance = ctx.rng.chance(0.6) ? '40703810' : '40702810';
  const account = ctx.ids.unique(() =>
    withAccountKey(`${balance}0${ctx.rng.digits(11)}`, bank.bik, 'settlement'),
  );
  return {
    bik: bank.bik,
    bank_name: `${bank.name}, г. ${bank.city}`,
    correspondent_account_number: bank.corrAccount,
    special_account_number: account,
    date_of_bank_agreement: isoDate(Math.min(openDay - ctx.rng.int(0, 5), REFERENCE_DAY)),
    special_account_open_date: isoDate(Math.min(openDay, REFERENCE_DAY)),
  };
}

/** A person of the register: name, birth date, at times an INN, a SNILS, an address and websites. */
function personAgent(
  ctx: GeneratorContext,
  base: ForeignAgentData,
  region: Region,
  addedDay: number,
): ForeignAgentData {
  const { rng } = ctx;
  const person = allowedPerson(ctx);
  const name = fullName(person);
  const birthDay = addedDay - rng.int(25 * 365, 75 * 365);
  return {
    ...base,
    name,
    birth_date: rng.chance(0.85) ? isoDate(birthDay) : '',
    inn: rng.chance(0.15) ? ctx.ids.inn12(region.code) : '',
    snils: rng.chance(0.08) ? ctx.ids.snils() : '',
    address: rng.chance(0.35) ? rng.pick(ABROAD) : rng.chance(0.2) ? streetAddress(rng, region, false) : '',
    source_domen_names: rng.chance(0.55) ? domains(ctx, `${person.surname} ${person.given}`, 3) : '',
  };
}

/** A legal entity of the register: its INN, OGRN and address, at times its special bank account. */
function legalEntityAgent(
  ctx: GeneratorContext,
  base: ForeignAgentData,
  region: Region,
  addedDay: number,
): ForeignAgentData {
  const { rng } = ctx;
  const form = rng.pick(['ООО', 'АНО', 'Фонд'] as const);
  const name = organizationStemName(ctx, (stem) => organizationName(form, stem, rng.chance(0.6)));
  const year = 1995 + rng.int(0, 27);
  return {
    ...base,
    name,
    inn: rng.chance(0.8) ? ctx.ids.inn10(region.code) : '',
    ogrn: rng.chance(0.75) ? ctx.ids.ogrn(region.code, year) : '',
    address: streetAddress(rng, region, false),
    source_domen_names: rng.chance(0.5) ? domains(ctx, name.replace(/.*«|».*/g, ''), 2) : '',
    ...(rng.chance(0.4) ? bankDetails(ctx, addedDay) : {}),
  };
}

function generateOne(ctx: GeneratorContext): ForeignAgentData {
  const { rng } = ctx;
  const type = rng.weighted(TYPE_WEIGHTS);
  const recent = rng.chance(0.75);
  const addedDay = fridayOnOrBefore(
    recent ? randomDay(rng, '2022-12-02') : randomDay(rng, EARLIEST[type], UNIFIED_REGISTER_DAY - 1),
  );
  const base: ForeignAgentData = {
    ...EMPTY,
    agent_type: type,
    added: isoDate(addedDay),
    violated_act: violatedAct(type, addedDay),
    decision_publication_date: rng.chance(0.7) ? isoDate(addedDay) : '',
  };
  const region = pickRegion(rng);

  switch (type) {
    case 'Физическое лицо':
      return personAgent(ctx, base, region, addedDay);
    case 'Юридическое лицо':
      return legalEntityAgent(ctx, base, region, addedDay);
    case 'Иностранная структура без образования юридического лица': {
      const name = organizationStemName(
        ctx,
        (stem) => `${rng.pick(['Проект', 'Медиапроект', 'Инициатива'])} «${stem}»`,
      );
      return {
        ...base,
        name,
        participants_full_name: participants(ctx, rng.int(1, 3)),
        address: rng.chance(0.6) ? rng.pick(ABROAD) : '',
        source_domen_names: rng.chance(0.7) ? domains(ctx, name.replace(/.*«|».*/g, ''), 3) : '',
      };
    }
    case 'Незарегистрированное общественное объединение': {
      const name = organizationStemName(
        ctx,
        (stem) => `${rng.pick(['Движение', 'Объединение', 'Сообщество'])} «${stem}»`,
      );
      return {
        ...base,
        name,
        participants_full_name: participants(ctx, rng.int(2, 4)),
        source_domen_names: rng.chance(0.5) ? domains(ctx, name.replace(/.*«|».*/g, ''), 2) : '',
      };
    }
    case 'СМИ': {
      const name = organizationStemName(
        ctx,
        (stem) => `${rng.pick(['Интернет-издание', 'Телеканал', 'Радио', 'Издание'])} «${stem}»`,
      );
      return {
        ...base,
        name,
        address: rng.chance(0.7) ? rng.pick(ABROAD) : '',
        source_domen_names: domains(ctx, name.replace(/.*«|».*/g, ''), 3),
      };
    }
  }
}

function envelope(ctx: GeneratorContext, data: ForeignAgentData): ForeignAgentRecord {
  const day = Math.max(dayOf(data.added || '2023-01-06'), 0);
  const addedMs = officeSecond(ctx.rng) * 1000 + ctx.rng.int(0, 999);
  const updated = ctx.rng.chance(0.3) ? Math.min(day + ctx.rng.int(1, 400), REFERENCE_DAY) : day;
  const updatedMs = updated === day ? addedMs : officeSecond(ctx.rng) * 1000 + ctx.rng.int(0, 999);
  return {
    source: 'minjust_foreign_agent',
    data,
    added_at: utcStamp(day, addedMs),
    updated_at: utcStamp(updated, updatedMs),
  };
}

/**
 * Planted entries first (so no result cap can hide them), then generated ones in order of inclusion.
 * Generated entries are numbered after sorting by date, skipping numbers the planted entries hold.
 */
export function generateForeignAgents(
  ctx: GeneratorContext,
  planted: readonly Planted<ForeignAgentData>[],
  count: number,
): ForeignAgentRecord[] {
  const generated = Array.from({ length: count }, () => generateOne(ctx));
  generated.sort((a, b) => (a.added < b.added ? -1 : a.added > b.added ? 1 : 0));
  let serial = 0;
  const numbered = generated.map((data) => {
    let registration: string;
    do registration = `FA-${String(++serial).padStart(4, '0')}`;
    while (ctx.ids.isTaken(registration));
    return { ...data, registration_number: registration };
  });
  return [...planted.map((p) => envelope(ctx, p.data)), ...numbered.map((data) => envelope(ctx, data))];
}
