import type { Client } from '../domain/client.js';

/**
 * What a register search is asked for a client. The searches match every query token against the
 * record's name tokens, so the query must hold only tokens that any spelling of this client's record is
 * sure to contain: for a person the surname alone (order, initials, patronymic spelling and birth date
 * are then judged by the matching engine on the returned candidates, never by the search); for an
 * organization its name words without the legal form and quotes.
 */

const PATRONYMIC = /(?:ович|евич|ич|овна|евна|ична|инична|ogly|оглы|кызы|ovich|evich|ovna|evna|ichna)$/i;
const LEGAL_FORMS = new Set([
  'ооо',
  'ао',
  'пао',
  'зао',
  'оао',
  'нко',
  'ано',
  'ип',
  'фгуп',
  'гуп',
  'муп',
  'тсж',
  'снт',
  'нп',
  'llc',
  'jsc',
  'pjsc',
  'ltd',
  'llp',
  'inc',
  'gmbh',
  'ooo',
  'ao',
  'pao',
  'zao',
  'oao',
  'corp',
  'co',
  'plc',
]);
const LEGAL_FORM_PHRASES = [
  /общество\s+с\s+ограниченной\s+ответственностью/gi,
  /публичное\s+акционерное\s+общество/gi,
  /непубличное\s+акционерное\s+общество/gi,
  /закрытое\s+акционерное\s+общество/gi,
  /открытое\s+акционерное\s+общество/gi,
  /акционерное\s+общество/gi,
  /автономная\s+некоммерческая\s+организация/gi,
  /некоммерческая\s+организация/gi,
  /индивидуальный\s+предприниматель/gi,
  /limited\s+liability\s+company/gi,
  /joint[-\s]+stock\s+company/gi,
];

/** Word tokens of a name: letters and digits; quotes, commas and dots split. Hyphenated words stay whole. */
export function nameTokens(name: string): string[] {
  return name
    .replace(/[«»"“”„'`.,;:()]/g, ' ')
    .split(/\s+/)
    .filter((t) => t.length > 0 && t !== '-');
}

function isInitial(token: string): boolean {
  return token.replace(/\./g, '').length <= 1;
}

/** The surname of a person written in any of the usual orders; undefined when the name has no usable word. */
export function surnameOf(client: Pick<Client, 'name' | 'nameParts'>): string | undefined {
  if (client.nameParts?.surname) return client.nameParts.surname.trim() || undefined;
  const name = client.name ?? '';
  // `SURNAME, Given Patronymic` (sanctions lists, some exports): the surname stands before the comma.
  const comma = name.indexOf(',');
  if (comma > 0) {
    const before = nameTokens(name.slice(0, comma)).filter((t) => !isInitial(t));
    if (before.length > 0) return before[0];
  }
  const raw = name.split(/\s+/).filter((t) => t.length > 0);
  const words = raw.filter((t) => !/\.$/.test(t) && !isInitial(t)).map((t) => t.replace(/[«»",.]/g, ''));
  if (words.length === 0) return undefined;
  if (words.length === 3) {
    // Имя Отчество Фамилия: the patronymic stands second and the surname last.
    if (PATRONYMIC.test(words[1] ?? '') && !PATRONYMIC.test(words[2] ?? '')) return words[2];
    return words[0];
  }
  if (words.length === 2 && raw.length === 2) {
    // Имя Фамилия is rare in bank exports; Фамилия Имя is the norm.
    return words[0];
  }
  return words[0];
}

/** Organization name words without legal form and quotes, e.g. `ООО "Северный ветер"` → `Северный ветер`. */
export function organizationQuery(name: string): string | undefined {
  let stripped = name;
  for (const phrase of LEGAL_FORM_PHRASES) stripped = stripped.replace(phrase, ' ');
  const words = nameTokens(stripped).filter((t) => !LEGAL_FORMS.has(t.toLowerCase()));
  return words.length > 0 ? words.join(' ') : undefined;
}

/**
 * A number sign and its number in an organization query: `№ 12`, `№12`, `N 12`, `N12`, `No 12` (the dot of
 * `No.` is gone with the other punctuation), `Nr 12`, `# 12`.
 */
const NUMBERED = /(^|\s)(?:№|N[or]?|#)\s*(\d+)(?=\s|$)/u;

/**
 * The same organization query with its number in the other notations registers use (`Завод № 158`,
 * `Завод №158`, `Завод N 158`, and `Завод 158` for a search that drops the sign as punctuation), the
 * client's own notation left out. A register writes the number one way, and a search that compares words
 * or substrings finds the name only in that notation. Empty for a name without a number sign, so only a
 * numbered name pays; a number is never changed (`№ 158` and `№ 157` are two bodies).
 */
export function numberNotations(query: string): string[] {
  const found = NUMBERED.exec(query);
  if (found === null) return [];
  const [whole, before = '', digits = ''] = found;
  const at = found.index + before.length;
  const rest = query.slice(found.index + whole.length);
  const head = query.slice(0, at);
  const forms = [`№ ${digits}`, `№${digits}`, `N ${digits}`, digits].map((n) => `${head}${n}${rest}`.trim());
  return [...new Set(forms)].filter((form) => form !== query);
}

/** A man's or woman's patronymic by its Russian suffix (not a Turkic particle, which follows a name). */
const SLAVIC_PATRONYMIC = /(?:вич|вна|ична|ovich|evich|ovna|evna|ichna)$/i;

/**
 * The two words of a double surname written with a space (`Мусина Ахметова Лейла Ринатовна`): four name
 * words, the last a patronymic and the third not. Undefined otherwise.
 */
function spacedDoubleSurname(client: Pick<Client, 'name' | 'nameParts'>): [string, string] | undefined {
  if (client.nameParts?.surname !== undefined || (client.name ?? '').includes(',')) return undefined;
  const words = nameTokens(client.name ?? '');
  if (words.length !== 4 || words.some(isInitial)) return undefined;
  const [first, second, third, fourth] = words as [string, string, string, string];
  if (!SLAVIC_PATRONYMIC.test(fourth) || PATRONYMIC.test(third) || /-/.test(first + second)) return undefined;
  return [first, second];
}

/**
 * The surname queries of a person: the surname, and for a double surname each of its parts and the
 * other joining (`Соколова-Ланская` → `Соколова`, `Ланская`; `Мусина Ахметова …` → `Мусина-Ахметова`,
 * `Ахметова`), since a list may carry one part only or join the two otherwise. The space form of a
 * hyphenated one is added with the spellings (name-spellings.ts). Distinct, the surname first.
 */
export function surnameTerms(client: Pick<Client, 'name' | 'nameParts'>): string[] {
  const surname = surnameOf(client);
  if (surname === undefined) return [];
  const out = [surname];
  const spaced = spacedDoubleSurname(client);
  const parts = spaced ?? surname.split(/[\s-]+/).filter((p) => p.length > 0);
  if (parts.length === 2) out.push(parts.join('-'), ...parts.filter((p) => p.replace(/\./g, '').length > 1));
  return [...new Set(out)];
}

/**
 * The longer name queries that narrow a cut answer of one surname query, broadest first: the query with
 * the client's first given name, then with each further name word (`Кузнецов Александр`, `Кузнецов
 * Александр Всеволодович`), the surname (all its parts) replaced by the query (`Ланская Анна` for the
 * part `Ланская` of `Соколова-Ланская Анна Петровна`) and put first, as lists write a person. Initials are
 * left out: the contract does not say that a name search matches `А.` against `Александр`, so a query
 * with an initial could come back short for want of a match and read as a complete answer. Empty for a
 * client known by surname and initials only.
 */
export function narrowingNames(client: Pick<Client, 'name' | 'nameParts'>, term: string): string[] {
  const surname = surnameOf(client);
  if (surname === undefined) return [];
  const spaced = spacedDoubleSurname(client);
  const drop = new Set([surname, ...(spaced ?? []), ...surname.split(/[\s-]+/)].map((w) => w.toLowerCase()));
  const written = client.name
    ? nameTokens(client.name)
    : [client.nameParts?.given ?? '', client.nameParts?.patronymic ?? ''].flatMap(nameTokens);
  const rest = written.filter((t) => !isInitial(t) && !drop.has(t.toLowerCase()));
  return rest.map((_, i) => [term, ...rest.slice(0, i + 1)].join(' '));
}
