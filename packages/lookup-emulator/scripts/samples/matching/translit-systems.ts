/**
 * The test oracle's independent copy of the transliteration systems: keep it apart from the table the matcher
 * and the emulator share (src/domain/transliteration-table.ts), so that the evaluation is not circular and a
 * mistake in the engine's table is not repeated here. Table per system from the published standards (ICAO
 * Doc 9303 part 3, GOST R 52535.1-2006, GOST 7.79-2000 system B, BGN/PCGN 1947, the 1997 passport rules of
 * the Ministry of Internal Affairs), plus the legacy spellings passports keep.
 */

export type SystemId =
  'icao' | 'gost_r_52535' | 'gost_779_b' | 'bgn_pcgn' | 'passport_1997' | 'legacy' | 'western';

const BASE: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  ч: 'ch',
  ш: 'sh',
};

const TABLES: Record<SystemId, Record<string, string>> = {
  icao: { ё: 'e', й: 'i', х: 'kh', ц: 'ts', щ: 'shch', ъ: 'ie', ы: 'y', ь: '', э: 'e', ю: 'iu', я: 'ia' },
  gost_r_52535: {
    ё: 'e',
    й: 'i',
    х: 'kh',
    ц: 'tc',
    щ: 'shch',
    ъ: '',
    ы: 'y',
    ь: '',
    э: 'e',
    ю: 'iu',
    я: 'ia',
  },
  gost_779_b: {
    ё: 'yo',
    й: 'j',
    х: 'x',
    ц: 'cz',
    щ: 'shh',
    ъ: '``',
    ы: 'y`',
    ь: '`',
    э: 'e`',
    ю: 'yu',
    я: 'ya',
  },
  bgn_pcgn: { ё: 'ë', й: 'y', х: 'kh', ц: 'ts', щ: 'shch', ъ: '”', ы: 'y', ь: '’', э: 'e', ю: 'yu', я: 'ya' },
  passport_1997: {
    ё: 'e',
    й: 'y',
    х: 'kh',
    ц: 'ts',
    щ: 'shch',
    ъ: '',
    ы: 'y',
    ь: '',
    э: 'e',
    ю: 'yu',
    я: 'ya',
  },
  // What older passports and bank cards print: y for й and for -ий, ya/yu, no marks.
  legacy: { ё: 'e', й: 'y', х: 'kh', ц: 'ts', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya' },
  // English-language press and some foreign lists: legacy spellings plus x for кс (Alexander, Maxim).
  western: { ё: 'e', й: 'y', х: 'kh', ц: 'ts', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya' },
};

const VOWELS = 'аеёиоуыэюя';

function letter(system: SystemId, word: string, i: number): string {
  const ch = word[i] ?? '';
  const prev = i > 0 ? word[i - 1] : undefined;
  const next = word[i + 1];
  const atStart = prev === undefined;
  const afterVowel = prev !== undefined && VOWELS.includes(prev);
  if (ch === 'е') {
    if (system === 'bgn_pcgn' && (atStart || afterVowel || prev === 'й' || prev === 'ъ' || prev === 'ь'))
      return 'ye';
    if (system === 'passport_1997' && (atStart || afterVowel)) return 'ye';
    return 'e';
  }
  if (ch === 'ё') {
    if (system === 'bgn_pcgn') return atStart || afterVowel || prev === 'ь' ? 'yë' : 'ë';
    if (system === 'passport_1997') return 'yo';
    return TABLES[system].ё ?? 'e';
  }
  if (ch === 'ц' && system === 'gost_779_b') return next !== undefined && 'иеыйэ'.includes(next) ? 'c' : 'cz';
  if (system === 'western' && ch === 'к' && next === 'с') return 'x';
  if (system === 'western' && ch === 'с' && prev === 'к') return '';
  // Legacy cards end -ий and -ый with a bare y (Dmitry, Yury).
  const bareY = system === 'legacy' || system === 'western';
  if (bareY && ch === 'и' && next === 'й' && i + 2 === word.length) return '';
  if (bareY && ch === 'ы' && next === 'й' && i + 2 === word.length) return '';
  return TABLES[system][ch] ?? BASE[ch] ?? ch;
}

/** One word, case kept on the first letter (Name) or all capitals (SURNAME) as `style` says. */
export function transliterateWord(
  system: SystemId,
  word: string,
  style: 'title' | 'upper' | 'lower',
): string {
  const lower = word.toLowerCase();
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    if (lower[i] === '-') {
      out += '-';
      continue;
    }
    out += letter(system, lower, i);
  }
  if (style === 'upper') return out.toUpperCase();
  if (style === 'lower') return out;
  return out
    .split('-')
    .map((part) => (part.length > 0 ? (part[0] ?? '').toUpperCase() + part.slice(1) : part))
    .join('-');
}

export const SYSTEM_IDS: readonly SystemId[] = [
  'icao',
  'gost_r_52535',
  'gost_779_b',
  'bgn_pcgn',
  'passport_1997',
];

// --- Ukrainian national Latin (Cabinet of Ministers resolution No. 55 of 27 January 2010)

const UK_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
};
/** Letters written one way at the start of a word and another elsewhere. */
const UK_INITIAL: Record<string, readonly [string, string]> = {
  є: ['ye', 'ie'],
  ї: ['yi', 'i'],
  й: ['y', 'i'],
  ю: ['yu', 'iu'],
  я: ['ya', 'ia'],
};
const APOSTROPHES = "'’ʼ`";

/** One Ukrainian Cyrillic word in the national Latin transliteration (apostrophes and ь omitted, зг → zgh). */
export function ukrainianLatin(word: string, style: 'title' | 'upper'): string {
  const lower = word.toLowerCase();
  let out = '';
  let atStart = true;
  for (let i = 0; i < lower.length; i++) {
    const ch = lower[i] ?? '';
    if (ch === '-' || ch === ' ') {
      out += ch;
      atStart = true;
      continue;
    }
    if (APOSTROPHES.includes(ch)) continue;
    const initial = UK_INITIAL[ch];
    if (initial !== undefined) out += atStart ? initial[0] : initial[1];
    else if (ch === 'г' && lower[i - 1] === 'з') out += 'gh';
    else out += UK_LATIN[ch] ?? ch;
    atStart = false;
  }
  return caseLike(out, style);
}

function caseLike(out: string, style: 'title' | 'upper'): string {
  if (style === 'upper') return out.toUpperCase();
  return out.replace(/(^|[- ])(\p{L})/gu, (_m, sep: string, first: string) => sep + first.toUpperCase());
}

// --- Latin spellings lists use beyond the standards (EU, US and UK lists; older French and German usage)

export type ListStyle = 'tz' | 'c' | 'sch' | 'j' | 'h' | 'french' | 'apostrophe' | 'yo';

const LIST_BASE: Record<string, string> = {
  ...BASE,
  ё: 'e',
  й: 'y',
  х: 'kh',
  ц: 'ts',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

const LIST_STYLES: Record<ListStyle, Record<string, string>> = {
  tz: { ц: 'tz' },
  c: { ц: 'c', ё: 'yo' },
  sch: { щ: 'sch' },
  j: { й: 'j', ю: 'ju', я: 'ja' },
  h: { х: 'h' },
  french: { у: 'ou', ж: 'j', ч: 'tch', ш: 'ch', й: 'i', ю: 'iou', я: 'ia', х: 'kh', ё: 'io' },
  apostrophe: { ь: "'", ъ: '"' },
  yo: { ё: 'yo' },
};

/**
 * One Russian word as a list of `style` writes it. `j` also writes е as je at the start of a word and after
 * a vowel (JEGOROV); `french` writes -вич as -vitch (JOUKOV Iouri Pavlovitch).
 */
export function listSpelling(word: string, style: ListStyle, caseStyle: 'title' | 'upper'): string {
  const lower = word.toLowerCase();
  const table = { ...LIST_BASE, ...LIST_STYLES[style] };
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const ch = lower[i] ?? '';
    const prev = lower[i - 1];
    const initialOrAfterVowel = prev === undefined || prev === '-' || VOWELS.includes(prev);
    if (ch === 'е' && style === 'j' && initialOrAfterVowel) out += 'je';
    else if (ch === 'в' && style === 'french' && lower.slice(i).match(/^вич(на)?$/u)) {
      out += lower.endsWith('на') ? 'vitchna' : 'vitch';
      break;
    } else if (style === 'french' && ch === 'и' && lower[i + 1] === 'й' && i + 2 === lower.length) {
      out += 'i';
      break;
    } else if (ch === 'ё' && style === 'french') out += prev === undefined ? 'io' : 'o';
    else out += table[ch] ?? ch;
  }
  return caseLike(out, caseStyle);
}

/** Which Russian letters make a style show (a name without them reads as plain legacy Latin). */
export const STYLE_LETTERS: Record<ListStyle, string> = {
  tz: 'ц',
  c: 'ц',
  sch: 'щ',
  j: 'йея',
  h: 'х',
  french: 'ужчш',
  apostrophe: 'ьъ',
  yo: 'ё',
};
