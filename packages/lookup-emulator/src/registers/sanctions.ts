/**
 * A sanctions list: persons and organizations, Latin `name` in several transliteration systems with a
 * Cyrillic `name_local` for most, some Latin-only and some Cyrillic-only entries, `SURNAME, Given
 * Patronymic` among the word orders, and `null` for every absent value.
 */
import type { SanctionsData, SanctionsRecord } from '@kyc-screen/lookup-contract';
import { REFERENCE_DAY, dayOf, isoDate, officeSecond, randomDay, utcStamp } from '../dates.js';
import { fullName, type PersonName } from '../names.js';
import { LATIN_FORMS, brandStem, organizationName, type LegalForm } from '../organizations.js';
import type { Random } from '../random.js';
import { TRANSLIT_SYSTEMS, transliterate, type TranslitSystem } from '../transliterate.js';
import { allowedName, allowedPerson, type GeneratorContext } from './context.js';
import type { Planted } from './planted.js';

const BIRTH_PLACES: readonly string[] = [
  'г. Москва',
  'Ленинград',
  'г. Свердловск',
  'г. Куйбышев',
  'г. Горький',
  'г. Новосибирск',
  'г. Казань',
  'г. Ростов-на-Дону',
  'Moscow, Russia',
  'Leningrad, USSR',
  'Sverdlovsk, Russia',
  'Krasnodar, Russia',
];

const ADDRESSES: readonly string[] = [
  'Россия, г. Москва',
  'Russia, Moscow',
  'Russian Federation, Saint Petersburg',
  'Россия, г. Екатеринбург',
  'Russia, Novosibirsk',
  'Russia, Kazan',
  'Россия, Московская область, г. Химки',
];

const UKRAINIAN_FORMS: readonly string[] = ['ТОВ', 'ПрАТ', 'ПАТ'];

/** Ukrainian EDRPOU check digit (8-digit codes of legal entities). */
export function edrpouCheckDigit(first7: string): number {
  const value = Number(first7) * 10;
  const low = value < 30_000_000 || value > 60_000_000;
  const weightsA = low ? [1, 2, 3, 4, 5, 6, 7] : [7, 1, 2, 3, 4, 5, 6];
  const sum = (weights: readonly number[]) =>
    weights.reduce((acc, w, i) => acc + w * (first7.charCodeAt(i) - 48), 0) % 11;
  const first = sum(weightsA);
  if (first < 10) return first;
  const second = sum(weightsA.map((w) => w + 2));
  return second === 10 ? 0 : second;
}

/** Latin spellings often simplify the -ий ending: Dmitrii / Dmitriy → Dmitry. */
function latinWord(word: string, system: TranslitSystem, rng: Random): string {
  const latin = transliterate(word, system);
  return /ий$/.test(word) && rng.chance(0.25) ? latin.replace(/(ii|iy)$/, 'y') : latin;
}

function latinPersonName(person: PersonName, rng: Random): string {
  const system = rng.pick(TRANSLIT_SYSTEMS);
  const surname = latinWord(person.surname, system, rng);
  const given = latinWord(person.given, system, rng);
  const patronymic = latinWord(person.patronymic, system, rng);
  switch (rng.int(0, 3)) {
    case 0:
      return `${surname.toUpperCase()}, ${given} ${patronymic}`;
    case 1:
      return `${surname.toUpperCase()} ${given} ${patronymic}`;
    case 2:
      return `${given} ${patronymic} ${surname.toUpperCase()}`;
    default:
      return `${surname} ${given} ${patronymic}`;
  }
}

function person(ctx: GeneratorContext): SanctionsData {
  const { rng } = ctx;
  const who = allowedPerson(ctx);
  const cyrillic = fullName(who);
  const style = rng.weighted([
    ['latin+local', 55],
    ['latin', 25],
    ['cyrillic', 20],
  ] as const);
  const name =
    style === 'cyrillic'
      ? rng.chance(0.3)
        ? `${who.surname.toUpperCase()} ${who.given} ${who.patronymic}`
        : cyrillic
      : latinPersonName(who, rng);
  return {
    name,
    name_local: style === 'latin+local' ? cyrillic : null,
    edrpou: null,
    address: rng.chance(0.15) ? rng.pick(ADDRESSES) : null,
    birth_date: rng.chance(0.7) ? isoDate(randomDay(rng, '1940-01-01', dayOf('2000-12-31'))) : null,
    birth_place: rng.chance(0.5) ? rng.pick(BIRTH_PLACES) : null,
    entity_type: 'person',
  };
}

function russianOrganization(ctx: GeneratorContext): SanctionsData {
  const { rng } = ctx;
  const form = rng.pick<LegalForm>(['ООО', 'АО', 'ПАО']);
  const [local, latin] = allowedName(
    ctx,
    () => {
      const stem = brandStem(rng);
      const translit = transliterate(stem, rng.pick(TRANSLIT_SYSTEMS));
      const latinName = rng.chance(0.5)
        ? `${translit.toUpperCase()} ${LATIN_FORMS[form]}`
        : `${LATIN_FORMS[form]} "${translit}"`;
      return [organizationName(form, stem, false), latinName] as const;
    },
    ([l, t]) => `${l} ${t}`,
  );
  return {
    name: latin,
    name_local: rng.chance(0.7) ? local : null,
    edrpou: null,
    address: rng.chance(0.4) ? rng.pick(ADDRESSES) : null,
    birth_date: null,
    birth_place: null,
    entity_type: 'organization',
  };
}

function ukrainianRegisteredOrganization(ctx: GeneratorContext): SanctionsData {
  const { rng } = ctx;
  const [local, latin] = allowedName(
    ctx,
    () => {
      const stem = brandStem(rng);
      return [
        `${rng.pick(UKRAINIAN_FORMS)} «${stem}»`,
        `${transliterate(stem, 'icao').toUpperCase()} LLC`,
      ] as const;
    },
    ([l, t]) => `${l} ${t}`,
  );
  const edrpou = ctx.ids.unique(() => {
    const first7 = rng.digits(7);
    return first7 + String(edrpouCheckDigit(first7));
  });
  return {
    name: latin,
    name_local: local,
    edrpou,
    address: rng.chance(0.5) ? 'Україна' : null,
    birth_date: null,
    birth_place: null,
    entity_type: 'organization',
  };
}

function envelope(ctx: GeneratorContext, data: SanctionsData): SanctionsRecord {
  const day = randomDay(ctx.rng, '2014-03-17');
  const updated = ctx.rng.chance(0.4) ? Math.min(day + ctx.rng.int(1, 700), REFERENCE_DAY) : day;
  const addedMs = officeSecond(ctx.rng) * 1000 + ctx.rng.int(0, 999);
  return {
    source: 'sanctions',
    data,
    added_at: utcStamp(day, addedMs),
    updated_at:
      updated === day
        ? utcStamp(day, addedMs)
        : utcStamp(updated, officeSecond(ctx.rng) * 1000 + ctx.rng.int(0, 999)),
  };
}

export function generateSanctions(
  ctx: GeneratorContext,
  planted: readonly Planted<SanctionsData>[],
  count: number,
): SanctionsRecord[] {
  const generated = Array.from({ length: count }, () => {
    const roll = ctx.rng.next();
    if (roll < 0.75) return person(ctx);
    return roll < 0.93 ? russianOrganization(ctx) : ukrainianRegisteredOrganization(ctx);
  });
  return [...planted.map((p) => envelope(ctx, p.data)), ...generated.map((data) => envelope(ctx, data))];
}
