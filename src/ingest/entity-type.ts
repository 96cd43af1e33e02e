import type { EntityType } from '../domain/client.js';

/** Folds a cell for lookup: case, ё, spaces and punctuation do not matter ("Физ. лицо" = "физлицо"). */
function foldValue(value: string): string {
  return value
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

const VALUES: ReadonlyMap<string, EntityType> = new Map(
  (
    [
      [
        'person',
        [
          'физ',
          'физлицо',
          'фл',
          'физическоелицо',
          'гражданин',
          'частноелицо',
          'клиентфл',
          'person',
          'individual',
          'naturalperson',
          'private',
          'privateperson',
          'fl',
          'fiz',
        ],
      ],
      [
        'organization',
        [
          'юр',
          'юрлицо',
          'юл',
          'юридическоелицо',
          'организация',
          'компания',
          'клиентюл',
          'organization',
          'organisation',
          'org',
          'company',
          'legalentity',
          'legal',
          'corporate',
          'ul',
          'yul',
        ],
      ],
      [
        'individual_entrepreneur',
        [
          'ип',
          'индивидуальныйпредприниматель',
          'предприниматель',
          'пбоюл',
          'кфх',
          'главакфх',
          'individualentrepreneur',
          'entrepreneur',
          'soleproprietor',
          'soletrader',
          'ie',
          'ip',
        ],
      ],
    ] as const
  ).flatMap(([type, values]) => values.map((v) => [v, type] as const)),
);

/** The entity type a column value names, or `undefined` when it names none the reader knows. */
export function parseEntityTypeValue(value: string): EntityType | undefined {
  // Most files write one of the keys as is ("person", "ФЛ" aside): try before folding.
  return VALUES.get(value) ?? VALUES.get(foldValue(value));
}

/** Letters and digits on both sides make a word boundary that also works for Cyrillic. */
function words(alternatives: readonly string[], flags: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, flags);
}

/**
 * Abbreviated Russian legal forms match in capitals only: registers and exports write them so, while
 * the same letters in title case are names (Зао, Ано, Нао are surnames and given names).
 */
const ORGANIZATION_ABBREVIATION = words(
  [
    'ООО',
    'ОАО',
    'ЗАО',
    'ПАО',
    'НАО',
    'АО',
    'НКО',
    'АНО',
    'ГУП',
    'МУП',
    'ФГУП',
    'ГБУ',
    'МБУ',
    'ФГБУ',
    'ГКУ',
    'МКУ',
    'ТСЖ',
    'СНТ',
    'ЖСК',
    'КПК',
    'СПК',
    'МФО',
    'МКК',
    'МФК',
  ],
  'u',
);

/**
 * Spelled-out forms and the Latin forms registers carry, in any case. Short Latin forms that are also
 * syllables of names (AO, SA, AG) are left out on purpose.
 */
const ORGANIZATION_WORDS = words(
  [
    'общество с ограниченной ответственностью',
    '(?:публичное |непубличное |закрытое |открытое )?акционерное общество',
    '(?:автономная )?некоммерческая организация',
    '(?:государственное|муниципальное|федеральное государственное) унитарное предприятие',
    '(?:государственное|муниципальное|бюджетное|казенное|казённое) учреждение',
    'товарищество',
    'кооператив',
    'партнерство',
    'партнёрство',
    'фонд',
    'банк',
    'llc',
    'ltd',
    'limited',
    'inc',
    'corp',
    'corporation',
    'jsc',
    'pjsc',
    'cjsc',
    'ojsc',
    'gmbh',
    'plc',
    'llp',
    'ooo',
    'zao',
    'oao',
    'pao',
  ],
  'iu',
);

const ENTREPRENEUR_ABBREVIATION = words(['ИП', 'ПБОЮЛ', 'КФХ'], 'u');
const ENTREPRENEUR_WORDS = words(
  ['индивидуальный предприниматель', 'individual entrepreneur', 'sole proprietor'],
  'iu',
);

export function hasOrganizationForm(name: string): boolean {
  return ORGANIZATION_ABBREVIATION.test(name) || ORGANIZATION_WORDS.test(name);
}

export function hasEntrepreneurForm(name: string): boolean {
  return ENTREPRENEUR_ABBREVIATION.test(name) || ENTREPRENEUR_WORDS.test(name);
}

/** A patronymic (Иванович, Петровна, Мамед оглы) or initials (Иванов И. И.): the name of a person. */
const PATRONYMIC = /(?:вич|вна|чна|оглы|кызы|угли|улы|кизи)$/iu;
const INITIAL = /^\p{Lu}\.$/u;
/** The same two signs anywhere in the name: most names have neither, and are settled by this one test. */
const PERSON_HINT = /(?:вич|вна|чна|оглы|кызы|угли|улы|кизи)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])\p{Lu}\./iu;

/** The shape of a person's full name: two to four words, one of them a patronymic or an initial, no legal form. */
export function looksLikePersonName(name: string): boolean {
  if (!PERSON_HINT.test(name)) return false;
  if (hasOrganizationForm(name) || hasEntrepreneurForm(name)) return false;
  const words = name
    .replace(/(\p{Lu}\.)(?=\p{Lu})/gu, '$1 ')
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length < 2 || words.length > 5) return false;
  return words.some((w) => INITIAL.test(w) || PATRONYMIC.test(w));
}

/** What the valid identifiers and the name of a row say about who the client is. */
export interface EntityEvidence {
  readonly name?: string;
  readonly inn?: string;
  readonly ogrn?: string;
  readonly ogrnip?: string;
  readonly snils?: string;
  readonly birthDate?: string;
}

/**
 * Inference when no column says it. Organization evidence wins over entrepreneur evidence, which wins
 * over person evidence: an OGRN or a legal form is specific, while a 12-digit INN is held by every
 * entrepreneur and every person alike.
 */
export function inferEntityType(e: EntityEvidence): EntityType | undefined {
  if (e.ogrn !== undefined || e.inn?.length === 10) return 'organization';
  if (e.name !== undefined && hasOrganizationForm(e.name)) return 'organization';
  if (e.ogrnip !== undefined) return 'individual_entrepreneur';
  if (e.name !== undefined && hasEntrepreneurForm(e.name)) return 'individual_entrepreneur';
  if (e.inn?.length === 12 || e.snils !== undefined || e.birthDate !== undefined) return 'person';
  return undefined;
}
