/**
 * The cadastral object report (spec 2.9): three sources combined. The property register (nspd) and the
 * reference service (rosreestr_sprav) are looked up by number; the bailiff check (fssp) needs the owner's
 * full name, which only the POST form carries. A source that fails reports `error` in the summary and its
 * text in its own block, and the report is still 200.
 *
 * The spec does not show the failure shape of `nspd`: here every field of a failed block is `null` apart
 * from `cadastral_number` and `error`, like `rosreestr_sprav`, whose fields the spec declares nullable.
 */
import type { BailiffRecord, Proceeding } from './registers/bailiffs.js';
import type { CadastralObject } from './registers/cadastral-objects.js';
import { nameKey, words } from './text.js';

export type SourceState = 'checked' | 'error' | 'skipped';

export const CADASTRAL_NOTE =
  'has_encumbrances и has_active_fssp: null — ни один источник не вернул данные (проверка не выполнена или ' +
  'завершилась ошибкой); false — проверено, сведений не найдено. Проверка ФССП требует ФИО собственника: ' +
  'отправьте POST /cadastral/full с телом {"cadastral_number": "...", "owner_full_name": "..."}.';

export const CADASTRAL_TEXTS = {
  nspdNotFound: 'Объект с указанным кадастровым номером не найден в ЕГРН (НСПД)',
  spravNotFound:
    'Справочная информация по объекту не найдена (Росреестр: объект отсутствует в базе справочной информации)',
  fsspSkippedGet:
    'Проверка ФССП пропущена: GET-запрос не принимает ФИО собственника; используйте POST /cadastral/full с owner_full_name',
  fsspSkippedNoOwner: 'Проверка ФССП пропущена: owner_full_name не передан',
  fsspNeedsTwoWords: 'ФССП: для поиска нужны как минимум фамилия и имя собственника',
} as const;

const SPRAV_SOURCE = 'rosreestr.gov.ru (справочная информация по объектам недвижимости)';
const FSSP_SOURCE = 'fssp.gov.ru (банк данных исполнительных производств)';

/** What the bailiff check has to go on. */
export type OwnerQuery =
  { readonly kind: 'get' } | { readonly kind: 'post'; readonly owner: string | undefined };

function nspdBlock(number: string, object: CadastralObject | undefined): Record<string, unknown> {
  if (object === undefined) {
    return {
      cadastral_number: number,
      area_type: null,
      address: null,
      status: null,
      object_type: null,
      category: null,
      permitted_use: null,
      area: null,
      cadastral_cost: null,
      cadastral_registration_date: null,
      building: null,
      encumbrances: null,
      rights: null,
      location: null,
      geojson: null,
      error: CADASTRAL_TEXTS.nspdNotFound,
    };
  }
  return {
    cadastral_number: object.number,
    // NSPD area kinds: 1 — уточнённая площадь земельного участка, 2 — общая площадь здания или помещения.
    area_type: object.kind === 'land' ? 1 : 2,
    address: object.address,
    status: object.status,
    object_type: object.objectType,
    category: object.category,
    permitted_use: object.permittedUse,
    area: { value: object.area, unit: 'кв. м' },
    cadastral_cost: {
      value: object.cadastralCost,
      per_sqm: Math.round((object.cadastralCost / object.area) * 100) / 100,
      date: object.costDate,
    },
    cadastral_registration_date: object.registrationDate,
    building: {
      floors: object.floors,
      floor_number: object.floorNumber,
      underground_floors: object.undergroundFloors,
      wall_material: object.wallMaterial,
      built_year: object.builtYear,
      name: object.name,
      purpose: object.purpose,
      parent_cad_number: object.parentCadNumber,
    },
    encumbrances: { has_encumbrances: object.encumbrances.length > 0, list: object.encumbrances },
    rights: object.rights,
    location: { center_lat: object.lat, center_lon: object.lon },
    geojson: {
      type: 'Feature',
      geometry: { bbox: null, type: 'Point', coordinates: [object.lon, object.lat] },
      properties: { cadastral_number: object.number },
    },
    error: null,
  };
}

function spravBlock(number: string, object: CadastralObject | undefined): Record<string, unknown> {
  const known = object !== undefined && object.knownToReference;
  if (!known) {
    return {
      cadastral_number: null,
      status: null,
      obj_type: null,
      area: null,
      address: null,
      address_parts: null,
      reg_date: null,
      cancel_date: null,
      info_update_date: null,
      cadastral_cost: null,
      floor: null,
      purpose: null,
      wall_material: null,
      build_year: null,
      commissioning_year: null,
      land_category: null,
      permitted_use: null,
      permitted_use_by_doc: null,
      cad_engineer: null,
      has_encumbrances: null,
      encumbrances_count: null,
      encumbrances: null,
      rights_count: null,
      rights: null,
      old_numbers: null,
      parent_cad_number: null,
      child_cad_numbers: null,
      source: SPRAV_SOURCE,
      error: CADASTRAL_TEXTS.spravNotFound,
    };
  }
  const land = object.kind === 'land';
  return {
    cadastral_number: number,
    status: object.status,
    obj_type: object.objectType,
    area: object.area,
    address: object.address,
    address_parts: object.addressParts,
    reg_date: object.registrationDate,
    cancel_date: null,
    info_update_date: object.infoUpdateDate,
    cadastral_cost: object.cadastralCost,
    floor: land ? null : String(object.floorNumber || object.floors),
    purpose: land ? null : object.purpose,
    wall_material: land ? null : object.wallMaterial,
    build_year: land ? null : object.builtYear,
    commissioning_year: land ? null : object.builtYear,
    land_category: land ? object.category : null,
    permitted_use: object.permittedUse,
    permitted_use_by_doc: object.permittedUse,
    cad_engineer: object.cadEngineer,
    has_encumbrances: object.encumbrances.length > 0,
    encumbrances_count: object.encumbrances.length,
    encumbrances: object.encumbrances,
    rights_count: object.rights.length,
    rights: object.rights,
    old_numbers: object.oldNumbers,
    parent_cad_number: object.parentCadNumber === '' ? null : object.parentCadNumber,
    child_cad_numbers: object.childCadNumbers,
    source: SPRAV_SOURCE,
    error: null,
  };
}

interface FsspBlock {
  readonly skipped: boolean;
  readonly reason: string;
  readonly has_active_proceedings: boolean | null;
  readonly count: number | null;
  readonly proceedings: readonly Proceeding[] | null;
  readonly source: string | null;
  readonly error: string | null;
}

function fsspBlock(
  query: OwnerQuery,
  bailiffs: ReadonlyMap<string, BailiffRecord>,
): [FsspBlock, SourceState] {
  const skipped = (reason: string): [FsspBlock, SourceState] => [
    {
      skipped: true,
      reason,
      has_active_proceedings: null,
      count: null,
      proceedings: null,
      source: null,
      error: null,
    },
    'skipped',
  ];
  if (query.kind === 'get') return skipped(CADASTRAL_TEXTS.fsspSkippedGet);
  if (query.owner === undefined || query.owner.trim() === '')
    return skipped(CADASTRAL_TEXTS.fsspSkippedNoOwner);
  if (words(query.owner).length < 2) {
    return [
      {
        skipped: false,
        reason: '',
        has_active_proceedings: null,
        count: null,
        proceedings: null,
        source: FSSP_SOURCE,
        error: CADASTRAL_TEXTS.fsspNeedsTwoWords,
      },
      'error',
    ];
  }
  const proceedings = bailiffs.get(nameKey(query.owner))?.proceedings ?? [];
  return [
    {
      skipped: false,
      reason: '',
      has_active_proceedings: proceedings.some((p) => p.status === 'active'),
      count: proceedings.length,
      proceedings,
      source: FSSP_SOURCE,
      error: null,
    },
    'checked',
  ];
}

/** The full report; `object` is undefined for a well-formed number no source knows. */
export function cadastralReport(
  number: string,
  object: CadastralObject | undefined,
  owner: OwnerQuery,
  bailiffs: ReadonlyMap<string, BailiffRecord>,
): Record<string, unknown> {
  const nspd = nspdBlock(number, object);
  const sprav = spravBlock(number, object);
  const [fssp, fsspState] = fsspBlock(owner, bailiffs);
  const nspdState: SourceState = object === undefined ? 'error' : 'checked';
  const spravState: SourceState = object !== undefined && object.knownToReference ? 'checked' : 'error';
  // null when no source answered; otherwise whether any source that answered saw an encumbrance.
  const answered = [nspdState, spravState].some((state) => state === 'checked');
  const hasEncumbrances = answered ? (object?.encumbrances.length ?? 0) > 0 : null;
  return {
    cadastral_number: number,
    summary: {
      has_encumbrances: hasEncumbrances,
      has_active_fssp: fsspState === 'checked' ? fssp.has_active_proceedings : null,
      sources: { nspd: nspdState, rosreestr_sprav: spravState, fssp: fsspState },
      note: CADASTRAL_NOTE,
    },
    nspd,
    rosreestr_sprav: sprav,
    fssp,
  };
}
