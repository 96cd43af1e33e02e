/**
 * Cyrillic → Latin in the systems met in sanctions lists and passports (docs/domain.md), one spelling per
 * letter: each system's own, from the table the matcher reads (domain/transliteration-table.ts). The
 * sanctions generator spells each Latin name in one of them so that a matcher is exercised on all of them.
 */
import { letterSpellings, type TransliterationSystem } from '@kyc-screen/lookup-contract';

/** GOST 7.79 B is left out: it is bibliographic, and lists do not use it. */
const SYSTEMS = {
  icao: 'ICAO',
  gost52535: 'GOST_R_52535',
  bgn: 'BGN_PCGN',
  passport1997: 'PASSPORT_1997',
} as const satisfies Readonly<Record<string, TransliterationSystem>>;

export type TranslitSystem = keyof typeof SYSTEMS;

export const TRANSLIT_SYSTEMS: readonly TranslitSystem[] = ['icao', 'gost52535', 'bgn', 'passport1997'];

function transliterateWord(word: string, system: TranslitSystem): string {
  const lower = word.toLowerCase();
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    out += letterSpellings(SYSTEMS[system], lower[i] as string, lower[i - 1], lower[i + 1])[0] ?? '';
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
