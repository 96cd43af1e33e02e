/**
 * Cyrillic → Latin, letter by letter, in every transliteration system kyc-screen knows (docs/domain.md,
 * "Names in Latin letters"; the letter table in docs/matching.md). The matcher accepts every spelling a
 * system allows and the emulator writes each system's own, from this one table so that the two cannot drift
 * apart; the evaluation set keeps an independent copy (packages/lookup-emulator/scripts/samples/matching/translit-systems.ts) to
 * catch mistakes in this one.
 */

export const TRANSLITERATION_SYSTEMS = [
  'ICAO',
  'GOST_R_52535',
  'GOST_7_79_B',
  'BGN_PCGN',
  'PASSPORT_1997',
] as const;
export type TransliterationSystem = (typeof TRANSLITERATION_SYSTEMS)[number];

export const CYRILLIC_VOWELS: ReadonlySet<string> = new Set([...'аеёиоуыэюя']);

/** Letters every system writes the same way. */
const COMMON: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
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

type Rule = (previous: string | undefined, next: string | undefined) => readonly string[];
/** One array per rule, not per call: spellings are looked up for every letter of every name compared. */
const one = (latin: string): Rule => {
  const spellings = [latin];
  return () => spellings;
};

/** BGN/PCGN iotates е and ё at the start of a word and after a vowel, й, ъ or ь. */
function bgnIotated(previous: string | undefined): boolean {
  return (
    previous === undefined ||
    CYRILLIC_VOWELS.has(previous) ||
    previous === 'й' ||
    previous === 'ъ' ||
    previous === 'ь'
  );
}

/** The 1997 passports iotate е at the start of a word and after a vowel only, not after ь or ъ. */
function passportIotated(previous: string | undefined): boolean {
  return previous === undefined || CYRILLIC_VOWELS.has(previous);
}

/**
 * Letters that differ between systems. The first spelling is the system's own; any further ones are
 * how documents written in it also spell the letter (ë typed as yo, ё written as е).
 */
const RULES: Readonly<Record<TransliterationSystem, Readonly<Record<string, Rule>>>> = {
  ICAO: {
    е: one('e'),
    ё: one('e'),
    й: one('i'),
    х: one('kh'),
    ц: one('ts'),
    щ: one('shch'),
    ъ: one('ie'),
    ы: one('y'),
    ь: one(''),
    э: one('e'),
    ю: one('iu'),
    я: one('ia'),
  },
  GOST_R_52535: {
    е: one('e'),
    ё: one('e'),
    й: one('i'),
    х: one('kh'),
    ц: one('tc'),
    щ: one('shch'),
    ъ: one(''),
    ы: one('y'),
    ь: one(''),
    э: one('e'),
    ю: one('iu'),
    я: one('ia'),
  },
  GOST_7_79_B: {
    е: one('e'),
    ё: one('yo'),
    й: one('j'),
    х: one('x'),
    ц: (_previous, next) => (next === 'и' || next === 'е' || next === 'ы' || next === 'й' ? ['c'] : ['cz']),
    щ: one('shh'),
    ъ: one('``'),
    ы: one('y`'),
    ь: one('`'),
    э: one('e`'),
    ю: one('yu'),
    я: one('ya'),
  },
  BGN_PCGN: {
    е: (previous) => (bgnIotated(previous) ? ['ye'] : ['e']),
    ё: (previous) => (bgnIotated(previous) ? ['yë', 'yo'] : ['ë', 'yo']),
    й: one('y'),
    х: one('kh'),
    ц: one('ts'),
    щ: one('shch'),
    ъ: one('”'),
    ы: one('y'),
    ь: one('’'),
    э: one('e'),
    ю: one('yu'),
    я: one('ya'),
  },
  PASSPORT_1997: {
    е: (previous) => (passportIotated(previous) ? ['ye'] : ['e']),
    ё: (previous) => (passportIotated(previous) ? ['yo', 'ye'] : ['yo', 'e']),
    й: one('y'),
    х: one('kh'),
    ц: one('ts'),
    щ: one('shch'),
    ъ: one(''),
    ы: one('y'),
    ь: one(''),
    э: one('e'),
    ю: one('yu'),
    я: one('ya'),
  },
};

/**
 * The spellings of one lower-case Cyrillic `letter` in `system` between the letters `previous` and `next`
 * (undefined at the word's edges), the system's own first. Any other character is its own spelling.
 */
export function letterSpellings(
  system: TransliterationSystem,
  letter: string,
  previous: string | undefined,
  next: string | undefined,
): readonly string[] {
  const rule = RULES[system][letter];
  if (rule) return rule(previous, next);
  return [COMMON[letter] ?? letter];
}
