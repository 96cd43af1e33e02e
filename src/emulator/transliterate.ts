/**
 * Cyrillic → Latin in the systems met in sanctions lists and passports (docs/domain.md). The sanctions
 * generator spells each Latin name in one of them so that a matcher is exercised on all of them.
 */

export type TranslitSystem = 'icao' | 'gost52535' | 'bgn' | 'passport1997';

export const TRANSLIT_SYSTEMS: readonly TranslitSystem[] = ['icao', 'gost52535', 'bgn', 'passport1997'];

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
  х: 'kh',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ы: 'y',
  э: 'e',
};

/** Letters whose spelling depends on the system. `е`/`ё` also depend on the preceding letter (below). */
const SPECIFIC: Readonly<Record<TranslitSystem, Readonly<Record<string, string>>>> = {
  icao: { й: 'i', ц: 'ts', ъ: 'ie', ь: '', ю: 'iu', я: 'ia' },
  gost52535: { й: 'i', ц: 'tc', ъ: '', ь: '', ю: 'iu', я: 'ia' },
  bgn: { й: 'y', ц: 'ts', ъ: '\u201d', ь: '\u2019', ю: 'yu', я: 'ya' },
  passport1997: { й: 'y', ц: 'ts', ъ: '', ь: '', ю: 'yu', я: 'ya' },
};

const VOWELS = new Set(['а', 'е', 'ё', 'и', 'о', 'у', 'ы', 'э', 'ю', 'я']);
const SOFTENERS = new Set(['й', 'ъ', 'ь']);

function letterE(system: TranslitSystem, previous: string | undefined, yo: boolean): string {
  const iotated = previous === undefined || VOWELS.has(previous) || SOFTENERS.has(previous);
  switch (system) {
    case 'icao':
    case 'gost52535':
      return 'e';
    case 'bgn':
      if (yo) return iotated ? 'yë' : 'ë';
      return iotated ? 'ye' : 'e';
    case 'passport1997':
      if (yo) return 'yo';
      // The 1997 passports iotate after a vowel or at the start, not after ь/ъ.
      return previous === undefined || VOWELS.has(previous) ? 'ye' : 'e';
  }
}

function transliterateWord(word: string, system: TranslitSystem): string {
  const lower = word.toLowerCase();
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const ch = lower[i] as string;
    const previous = i === 0 ? undefined : lower[i - 1];
    let latin: string;
    if (ch === 'е' || ch === 'ё') latin = letterE(system, previous, ch === 'ё');
    else latin = SPECIFIC[system][ch] ?? COMMON[ch] ?? ch;
    out += latin;
  }
  return out;
}

function capitalise(word: string): string {
  return word === '' ? word : (word[0] as string).toUpperCase() + word.slice(1);
}

/**
 * Transliterates every Cyrillic word of a text; other characters pass through. Words come out
 * capitalised ("Shcherbakov"); the caller upper-cases a surname when the list writes it so.
 */
export function transliterate(text: string, system: TranslitSystem): string {
  return text.replace(/[а-яё]+/gi, (word) => capitalise(transliterateWord(word, system)));
}
