import { hasOtherAlphabet, romanizeAlphabet } from './alphabets.js';
import { hasDevanagari, romanizeDevanagari } from './devanagari.js';
import { hasKana, romanizeKana } from './kana.js';
import { digraphFold, plainFold } from './latin-fold.js';
import { phoneticKey } from './phonetic.js';
import { romanizations } from './romanize.js';
import { wadeGilesReadings } from './wade-giles.js';

/** The comparable forms of one word, reached by independent routes. */
export interface TokenForms {
  /**
   * Latin spellings: the word folded (plain and digraph), each romanisation of a Cyrillic word, or the
   * romanisation of a Greek, Armenian or Georgian word (alphabets.ts), of a kana word (kana.ts) or of a
   * Devanagari word (devanagari.ts); a Latin word written in Wade–Giles also in Pinyin (wade-giles.ts).
   */
  readonly spellings: readonly string[];
  /** The phonetic key of each spelling. */
  readonly keys: readonly string[];
}

const CYRILLIC = /[\u0400-\u052f]/u;
const cache = new Map<string, TokenForms>();
const CACHE_LIMIT = 50_000;

/** Letters only the Azerbaijani alphabet has among the Latin alphabets of the CIS. */
const AZERBAIJANI = /[əğı]/u;

/**
 * Latin letters the national alphabets of the CIS read otherwise than English: `x` is `х` in Azerbaijani
 * and Uzbek (Xəlilov, Xolmatov: Khalilov) where English reads `кс` (Alexander), Azerbaijani `c` is `дж`
 * (Cəfərov: Dzhafarov).
 */
function nationalReadings(word: string): readonly string[] {
  const out: string[] = [];
  if (word.includes('x')) out.push(word.replaceAll('x', 'kh'), word.replaceAll('x', 'ks'));
  if (AZERBAIJANI.test(word) && word.includes('c'))
    out.push(word.replaceAll('x', 'kh').replaceAll('c', 'dzh'));
  return out;
}

/** Every form of one lower-case word (letters and digits only). */
export function tokenForms(word: string): TokenForms {
  const cached = cache.get(word);
  if (cached) return cached;
  const latin = CYRILLIC.test(word)
    ? romanizations(word)
    : hasOtherAlphabet(word)
      ? [romanizeAlphabet(word)]
      : hasKana(word)
        ? romanizeKana(word)
        : hasDevanagari(word)
          ? romanizeDevanagari(word)
          : [word, ...nationalReadings(word), ...wadeGilesReadings(plainFold(word))];
  const spellings = new Set<string>();
  for (const l of latin) {
    spellings.add(plainFold(l));
    spellings.add(digraphFold(l));
  }
  spellings.delete('');
  const list = [...spellings];
  const forms: TokenForms = { spellings: list, keys: [...new Set(list.map(phoneticKey))] };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, forms);
  return forms;
}
