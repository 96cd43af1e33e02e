import {
  letterSpellings,
  TRANSLITERATION_SYSTEMS,
  type TransliterationSystem,
} from '../../domain/transliteration-table.js';

export { TRANSLITERATION_SYSTEMS, type TransliterationSystem };

/**
 * Cyrillic words → Latin in each system the registers use, in every spelling a system allows (letters
 * from domain/transliteration-table.ts; the table in docs/matching.md, "Transliteration"). Matching does
 * not need these (it compares skeletons); they name the system in a candidate's explanation, so a reviewer
 * sees `Latin ICAO ↔ Cyrillic` and can tell a passport spelling from a list's own.
 */

export const SYSTEM_LABELS: Readonly<Record<TransliterationSystem, string>> = {
  ICAO: 'ICAO',
  GOST_R_52535: 'GOST R 52535',
  GOST_7_79_B: 'GOST 7.79 B',
  BGN_PCGN: 'BGN/PCGN',
  PASSPORT_1997: '1997 passport',
};

/** Cap on spellings per word: ё options multiply, and explanation needs only a yes/no per system. */
const MAX_VARIANTS = 8;

/** Every spelling of a lower-case Cyrillic word in `system` (more than one only where ё allows). */
export function transliterate(word: string, system: TransliterationSystem): string[] {
  let variants = [''];
  const chars = [...word];
  for (let i = 0; i < chars.length; i++) {
    const options = letterSpellings(system, chars[i] ?? '', chars[i - 1], chars[i + 1]);
    if (options.length === 1) {
      const only = options[0] ?? '';
      variants = variants.map((v) => v + only);
    } else {
      const grown: string[] = [];
      for (const v of variants) for (const o of options) grown.push(v + o);
      variants = grown.slice(0, MAX_VARIANTS);
    }
  }
  return variants;
}

/** Marks dropped by normalisation; a spelling is compared without them. */
function stripMarks(latin: string): string {
  let out = '';
  for (const ch of latin) if (ch !== '`' && ch !== '’' && ch !== '”') out += ch;
  return out;
}

/**
 * The systems that spell the Cyrillic word exactly as `latin` (both lower case, `latin` as normalised, so
 * without in-word marks).
 */
export function systemsSpelling(cyrillic: string, latin: string): readonly TransliterationSystem[] {
  const key = cyrillic + '\u0000' + latin;
  const cached = spellingCache.get(key);
  if (cached) return cached;
  const found: TransliterationSystem[] = [];
  for (const system of TRANSLITERATION_SYSTEMS) {
    if (transliterate(cyrillic, system).some((v) => stripMarks(v) === latin)) found.push(system);
  }
  // Names repeat across a portfolio (one client against many records, common names): remember them,
  // within a bound so that a long run cannot grow the map without limit.
  if (spellingCache.size >= SPELLING_CACHE_LIMIT) spellingCache.clear();
  spellingCache.set(key, found);
  return found;
}

const SPELLING_CACHE_LIMIT = 20_000;
const spellingCache = new Map<string, readonly TransliterationSystem[]>();

/**
 * The systems a Latin name seen alone (Latin ↔ Latin pairs) can be written in, judged from the letters
 * only some systems use; empty when the name uses only letters common to all. `raw` is the name as
 * written, so that GOST 7.79 backticks and BGN primes still count.
 */
export function guessSystems(raw: string): TransliterationSystem[] {
  const text = raw.toLowerCase();
  if (text.includes('`') || text.includes('shh') || text.includes('cz') || hasGostBLetter(text))
    return ['GOST_7_79_B'];
  if (text.includes('tc') && !text.includes('tch')) return ['GOST_R_52535'];
  if (text.includes('iu') || text.includes('ia')) {
    return text.includes('ts') ? ['ICAO'] : ['ICAO', 'GOST_R_52535'];
  }
  if (text.includes('’') || text.includes("'") || text.includes('ë') || text.includes('”'))
    return ['BGN_PCGN'];
  if (text.includes('yu') || text.includes('ya') || text.includes('ye') || text.includes('yo'))
    return ['BGN_PCGN', 'PASSPORT_1997'];
  return [];
}

/** GOST 7.79 B writes х as x and й as j; no other system uses either letter. */
function hasGostBLetter(text: string): boolean {
  return text.includes('x') || text.includes('j');
}
