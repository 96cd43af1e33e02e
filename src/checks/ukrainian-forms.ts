/**
 * The forms in which a Ukrainian list writes a Russian name. A Ukrainian list writes a listed Russian's
 * surname in Ukrainian Cyrillic (`Григор'єв` for Григорьев) in its local-language field and in the
 * Ukrainian national Latin (`HRYHORIEV`, domain/ukrainian-latin.ts) in its Latin one; a whole-word search
 * for any Russian spelling finds neither. The letter correspondences are regular: Ukrainian и for ы, є for
 * a iotated е (at the start of a word, after a vowel, ь or ъ), е for э, the apostrophe for ъ and for ь
 * after a labial or р before a vowel, йо/ьо/о for ё, -ський/-ська for -ский/-ская. The one that is not is
 * и, kept as и in some names (Григор'єв) and written і in others (Нікітін), so both readings are given.
 *
 * Only the search uses these forms; whether a returned record is the client is judged by the matcher.
 */

const VOWELS = new Set([...'аеёиоуыэюя']);
const HUSHING = new Set([...'жчшщ']);
/** After these Ukrainian writes an apostrophe where Russian writes ь or ъ before a vowel. */
const APOSTROPHE_AFTER = new Set([...'бпвмфр']);

/** How a Russian и is written in Ukrainian: as і or as и. */
export type UkrainianReading = 'i' | 'y';

function ukrainianLetter(word: string, i: number, reading: UkrainianReading): string {
  const letter = word.charAt(i);
  const previous = i === 0 ? undefined : word.charAt(i - 1);
  const next = word.charAt(i + 1);
  const afterSign = previous === 'ь' || previous === 'ъ';
  switch (letter) {
    case 'ы':
      return 'и';
    case 'э':
      return 'е';
    case 'е':
      return previous === undefined || VOWELS.has(previous) || afterSign ? 'є' : 'е';
    case 'ё':
      if (previous === 'ь') return 'о'; // ьё → йо, the й written for the sign
      if (previous !== undefined && HUSHING.has(previous)) return 'о';
      if (previous === undefined || VOWELS.has(previous) || previous === 'ъ') return 'йо';
      return 'ьо';
    case 'и':
      if (afterSign) return 'ї';
      return reading === 'i' ? 'і' : 'и';
    case 'ъ':
      return "'";
    case 'ь':
      if (next === 'ё' || next === 'о') return 'й';
      if (VOWELS.has(next) && previous !== undefined && APOSTROPHE_AFTER.has(previous)) return "'";
      return 'ь';
    default:
      return letter;
  }
}

/** -ский/-цкий/-ской and -ская/-цкая are -ський/-цький and -ська/-цька in Ukrainian. */
function ukrainianEnding(word: string): string {
  return word
    .replace(/([сц])к[іи]й$/u, '$1ький')
    .replace(/([сц])кой$/u, '$1ький')
    .replace(/([сц])кая$/u, '$1ька');
}

/** One lower-case Russian word (hyphen parts each a word) in Ukrainian Cyrillic under one reading of и. */
export function ukrainianWord(word: string, reading: UkrainianReading): string {
  return word
    .split('-')
    .map((part) => {
      let out = '';
      for (let i = 0; i < part.length; i++) out += ukrainianLetter(part, i, reading);
      return ukrainianEnding(out);
    })
    .join('-');
}
