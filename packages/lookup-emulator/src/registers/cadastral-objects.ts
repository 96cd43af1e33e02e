/**
 * Real-estate objects behind the cadastral report: flats, buildings and land plots with their rights and
 * encumbrances. Three numbers are fixed for every seed (documented in packages/lookup-emulator/README.md) so that tests
 * and demos can rely on one object with encumbrances, one clean object and one the reference service
 * does not know; the rest come from the seed.
 */
import { REFERENCE_DAY, dayOf, isoDate } from '../dates.js';
import { REGIONS, STREETS, pickRegion, type Region } from '../geography.js';
import type { Random } from '../random.js';
import { SBERBANK } from './banks.js';
import type { GeneratorContext } from './context.js';

export type CadastralKind = 'flat' | 'building' | 'land';

export interface Encumbrance {
  readonly type: string;
  readonly number: string;
  readonly date: string;
  readonly holder: string | null;
  readonly period_end: string | null;
}

export interface Right {
  readonly type: string;
  readonly number: string;
  readonly date: string;
  readonly share: string | null;
}

export interface CadastralObject {
  readonly number: string;
  readonly kind: CadastralKind;
  readonly region: string;
  readonly address: string;
  readonly addressParts: {
    readonly region: string;
    readonly city: string;
    readonly street: string;
    readonly house: string;
    readonly flat: string | null;
  };
  readonly status: string;
  readonly objectType: string;
  readonly category: string;
  readonly permittedUse: string | null;
  readonly area: number;
  readonly cadastralCost: number;
  readonly costDate: string | null;
  readonly registrationDate: string;
  readonly infoUpdateDate: string;
  readonly floors: number;
  readonly floorNumber: number;
  readonly undergroundFloors: number;
  readonly wallMaterial: string;
  readonly builtYear: number;
  readonly name: string;
  readonly purpose: string;
  readonly parentCadNumber: string;
  readonly childCadNumbers: readonly string[];
  readonly oldNumbers: readonly string[];
  readonly cadEngineer: string;
  readonly encumbrances: readonly Encumbrance[];
  readonly rights: readonly Right[];
  readonly lat: number;
  readonly lon: number;
  /** False for objects the reference service (rosreestr_sprav) has no data on. */
  readonly knownToReference: boolean;
}

/** Numbers documented for every seed. */
export const KNOWN_CADASTRAL = {
  withEncumbrances: '77:01:0001057:1024',
  clean: '77:01:0001057:1025',
  unknownToReference: '50:21:0140105:2277',
} as const;

/** `NN:NN:NNNNNN(N):N…` — district, area, quarter (6 or 7 digits), object number. */
export const CADASTRAL_NUMBER = /^\d{2}:\d{2}:\d{6,7}:\d{1,5}$/;

const WALLS: readonly string[] = [
  'Панельные',
  'Кирпичные',
  'Монолитные',
  'Блочные',
  'Деревянные',
  'Смешанные',
];
const LAND_CATEGORIES: readonly string[] = [
  'Земли населенных пунктов',
  'Земли сельскохозяйственного назначения',
  'Земли промышленности, энергетики, транспорта, связи и иного специального назначения',
];
const LAND_USES: readonly string[] = [
  'Для индивидуального жилищного строительства',
  'Для ведения личного подсобного хозяйства',
  'Для ведения садоводства',
  'Для размещения объектов торговли',
];

function registryNumber(number: string, region: string, day: number, serial: number): string {
  return `${number}-${region}/${String(50 + (serial % 50)).padStart(3, '0')}/${isoDate(day).slice(0, 4)}-${serial}`;
}

function jitter(rng: Random, centre: number, spread: number): number {
  return Math.round((centre + (rng.next() - 0.5) * spread) * 1e6) / 1e6;
}

interface Draft {
  readonly number: string;
  readonly kind: CadastralKind;
  readonly region: Region;
  readonly encumbered: boolean;
  readonly knownToReference: boolean;
}

/** The owner's right and, for an encumbered object, its mortgage (and at times a registration ban). */
function rightsOf(
  { rng }: GeneratorContext,
  { number, region, encumbered }: Draft,
  registrationDay: number,
): { rightDay: number; rights: Right[]; encumbrances: Encumbrance[] } {
  const rightDay = rng.int(registrationDay, REFERENCE_DAY - 60);
  const shared = rng.chance(0.25);
  const rights: Right[] = [
    {
      type: shared ? 'Общая долевая собственность' : 'Собственность',
      number: registryNumber(number, region.code, rightDay, rng.int(1, 9)),
      date: isoDate(rightDay),
      share: shared ? rng.pick(['1/2', '1/3', '2/3', '1/4']) : null,
    },
  ];
  const encumbrances: Encumbrance[] = [];
  if (encumbered) {
    encumbrances.push({
      type: 'Ипотека в силу закона',
      number: registryNumber(number, region.code, rightDay, rng.int(10, 19)),
      date: isoDate(rightDay),
      holder: SBERBANK.name,
      period_end: isoDate(rightDay + 365 * rng.int(10, 25)),
    });
    if (rng.chance(0.3)) {
      const day = rng.int(rightDay, REFERENCE_DAY);
      encumbrances.push({
        type: 'Запрещение регистрации',
        number: registryNumber(number, region.code, day, rng.int(20, 29)),
        date: isoDate(day),
        holder: null,
        period_end: null,
      });
    }
  }
  return { rightDay, rights, encumbrances };
}

function build(ctx: GeneratorContext, draft: Draft): CadastralObject {
  const { rng } = ctx;
  const { number, kind, region } = draft;
  const city = rng.pick(region.cities);
  const street = rng.pick(STREETS);
  const house = String(rng.int(1, 150));
  const flat = kind === 'flat' ? String(rng.int(1, 400)) : null;
  const regionPrefix = region.code === '77' || region.code === '78' ? '' : `${region.name}, `;
  const address = `${regionPrefix}г. ${city}, ${street}, д. ${house}${flat === null ? '' : `, кв. ${flat}`}`;
  const registrationDay = rng.int(dayOf('2005-01-01'), REFERENCE_DAY - 400);
  const area =
    kind === 'land'
      ? rng.int(400, 3000)
      : kind === 'flat'
        ? rng.int(250, 1500) / 10
        : rng.int(800, 40000) / 10;
  const perSqm = kind === 'land' ? rng.int(500, 30_000) : rng.int(60_000, 320_000);
  const builtYear = rng.int(1955, 2022);
  const floors = kind === 'land' ? 0 : rng.int(2, 25);
  // A flat lies in a building of the same cadastral quarter: same first three parts, another object number.
  const quarter = number.slice(0, number.lastIndexOf(':'));
  const parent = kind === 'flat' ? `${quarter}:${rng.int(1, 999)}` : '';

  const { rightDay, rights, encumbrances } = rightsOf(ctx, draft, registrationDay);

  return {
    number,
    kind,
    region: region.code,
    address,
    addressParts: { region: region.name, city, street, house, flat },
    status: rng.chance(0.7) ? 'Учтенный' : 'Ранее учтенный',
    objectType: kind === 'land' ? 'Земельный участок' : kind === 'flat' ? 'Помещение' : 'Здание',
    category:
      kind === 'land' ? rng.pick(LAND_CATEGORIES) : kind === 'flat' ? 'Жилое помещение' : 'Нежилое здание',
    permittedUse: kind === 'land' ? rng.pick(LAND_USES) : null,
    area,
    cadastralCost: Math.round(area * perSqm * 100) / 100,
    costDate: rng.chance(0.9) ? '2023-01-01' : null,
    registrationDate: isoDate(registrationDay),
    infoUpdateDate: isoDate(rng.int(rightDay, REFERENCE_DAY)),
    floors,
    floorNumber: kind === 'flat' ? rng.int(1, floors) : 0,
    undergroundFloors: kind === 'land' ? 0 : rng.int(0, 2),
    wallMaterial: kind === 'land' ? '' : rng.pick(WALLS),
    builtYear: kind === 'land' ? 0 : builtYear,
    name:
      kind === 'flat'
        ? 'Квартира'
        : kind === 'building'
          ? rng.pick(['Административное здание', 'Склад', 'Магазин'])
          : '',
    purpose: kind === 'flat' ? 'Жилое' : kind === 'building' ? 'Нежилое' : '',
    parentCadNumber: parent,
    childCadNumbers: [],
    oldNumbers: rng.chance(0.2)
      ? [`${region.code}:${rng.int(10, 99)}:${rng.int(10000, 99999)}:${rng.int(1, 999)}`]
      : [],
    cadEngineer: `${rng.pick(['Кадастровый инженер', 'ООО «Геодезия»,'])} аттестат № ${region.code}-${rng.int(10, 16)}-${rng.int(100, 999)}`,
    encumbrances,
    rights,
    lat: jitter(rng, region.lat, 0.3),
    lon: jitter(rng, region.lon, 0.5),
    knownToReference: draft.knownToReference,
  };
}

function regionByCode(code: string): Region {
  const region = REGIONS.find((r) => r.code === code);
  if (region === undefined) throw new Error(`region ${code} is not in the geography table`);
  return region;
}

export function generateCadastralObjects(ctx: GeneratorContext, count: number): CadastralObject[] {
  const { rng } = ctx;
  const moscow = regionByCode('77');
  const drafts: Draft[] = [
    {
      number: KNOWN_CADASTRAL.withEncumbrances,
      kind: 'flat',
      region: moscow,
      encumbered: true,
      knownToReference: true,
    },
    {
      number: KNOWN_CADASTRAL.clean,
      kind: 'flat',
      region: moscow,
      encumbered: false,
      knownToReference: true,
    },
    {
      number: KNOWN_CADASTRAL.unknownToReference,
      kind: 'land',
      region: regionByCode('50'),
      encumbered: false,
      knownToReference: false,
    },
  ];
  const taken = new Set(drafts.map((d) => d.number));
  while (drafts.length < count + 3) {
    const region = pickRegion(rng);
    const kind = rng.weighted<CadastralKind>([
      ['flat', 60],
      ['building', 15],
      ['land', 25],
    ]);
    const number = `${region.code}:${String(rng.int(1, 60)).padStart(2, '0')}:${rng.digits(7)}:${rng.int(1, 9999)}`;
    if (taken.has(number)) continue;
    taken.add(number);
    drafts.push({ number, kind, region, encumbered: rng.chance(0.3), knownToReference: rng.chance(0.9) });
  }
  return drafts.map((draft) => build(ctx, draft));
}
