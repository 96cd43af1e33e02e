/**
 * Romanisation of Devanagari (Hindi, Marathi, Nepali names), letter by letter, by two published systems:
 *  - ISO 15919:2001 (the scholarly system, as IAST): च c, छ ch, श ś, ष ṣ, retroflex ट ड ण as ṭ ḍ ṇ, long
 *    vowels with a macron (folded to plain letters afterwards: मोदी and मोडी both read `modi`);
 *  - the Hunterian system (the Government of India's official romanisation, as Indian passports and
 *    lists write names): च ch, छ chh, श ष sh, long vowels unmarked.
 * Devanagari is an abugida: a consonant carries an inherent `a` unless a vowel sign or the virama (्)
 * follows it. Hindi drops the inherent vowel at the end of a word (राम is `Ram`; ISO writes `rāma`), so
 * each system gives a second spelling without it. Medial schwa deletion is not applied: the edit
 * distance absorbs a dropped vowel inside a word.
 */

/** Consonants: [ISO 15919, Hunterian]. */
const CONSONANTS: Readonly<Record<string, readonly [string, string]>> = {
  क: ['k', 'k'],
  ख: ['kh', 'kh'],
  ग: ['g', 'g'],
  घ: ['gh', 'gh'],
  ङ: ['ṅ', 'n'],
  च: ['c', 'ch'],
  छ: ['ch', 'chh'],
  ज: ['j', 'j'],
  झ: ['jh', 'jh'],
  ञ: ['ñ', 'n'],
  ट: ['ṭ', 't'],
  ठ: ['ṭh', 'th'],
  ड: ['ḍ', 'd'],
  ढ: ['ḍh', 'dh'],
  ण: ['ṇ', 'n'],
  त: ['t', 't'],
  थ: ['th', 'th'],
  द: ['d', 'd'],
  ध: ['dh', 'dh'],
  न: ['n', 'n'],
  प: ['p', 'p'],
  फ: ['ph', 'ph'],
  ब: ['b', 'b'],
  भ: ['bh', 'bh'],
  म: ['m', 'm'],
  य: ['y', 'y'],
  र: ['r', 'r'],
  ल: ['l', 'l'],
  ळ: ['ḷ', 'l'],
  व: ['v', 'v'],
  श: ['ś', 'sh'],
  ष: ['ṣ', 'sh'],
  स: ['s', 's'],
  ह: ['h', 'h'],
};

/** A consonant with the nukta (़) writes a sound of Persian and English loanwords: क़ q, ज़ z, फ़ f. */
const NUKTA: Readonly<Record<string, readonly [string, string]>> = {
  क: ['q', 'q'],
  ख: ['k͟h', 'kh'],
  ग: ['ġ', 'gh'],
  ज: ['z', 'z'],
  ड: ['ṛ', 'r'],
  ढ: ['ṛh', 'rh'],
  फ: ['f', 'f'],
  य: ['ẏ', 'y'],
};

/** Independent vowels (at the start of a syllable) and vowel signs (after a consonant). */
const VOWELS: Readonly<Record<string, readonly [string, string]>> = {
  अ: ['a', 'a'],
  आ: ['ā', 'a'],
  इ: ['i', 'i'],
  ई: ['ī', 'i'],
  उ: ['u', 'u'],
  ऊ: ['ū', 'u'],
  ऋ: ['r̥', 'ri'],
  ए: ['e', 'e'],
  ऐ: ['ai', 'ai'],
  ऑ: ['ô', 'o'],
  ओ: ['o', 'o'],
  औ: ['au', 'au'],
  'ा': ['ā', 'a'],
  'ि': ['i', 'i'],
  'ी': ['ī', 'i'],
  'ु': ['u', 'u'],
  'ू': ['ū', 'u'],
  'ृ': ['r̥', 'ri'],
  'ॅ': ['ê', 'e'],
  'े': ['e', 'e'],
  'ै': ['ai', 'ai'],
  'ॉ': ['ô', 'o'],
  'ो': ['o', 'o'],
  'ौ': ['au', 'au'],
};

/** Nasalisation and the final breath: anusvara ं and candrabindu ँ as n (before most consonants), visarga ः as h. */
const SIGNS: Readonly<Record<string, readonly [string, string]>> = {
  'ं': ['ṁ', 'n'],
  'ँ': ['m̐', 'n'],
  'ः': ['ḥ', 'h'],
};

const VIRAMA = '्';
const NUKTA_SIGN = '़';
const DEVANAGARI = /[\u0900-\u097f]/u;

/** Whether a word holds Devanagari letters. */
export function hasDevanagari(word: string): boolean {
  return DEVANAGARI.test(word);
}

function romanize(chars: readonly string[], system: 0 | 1): { text: string; finalSchwa: boolean } {
  let out = '';
  let finalSchwa = false;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? '';
    const consonant = CONSONANTS[ch];
    if (consonant === undefined) {
      const other = VOWELS[ch] ?? SIGNS[ch];
      out += other === undefined ? (ch === VIRAMA || ch === NUKTA_SIGN ? '' : ch) : other[system];
      finalSchwa = false;
      continue;
    }
    let letter = consonant[system];
    let next = chars[i + 1];
    if (next === NUKTA_SIGN) {
      letter = NUKTA[ch]?.[system] ?? letter;
      i++;
      next = chars[i + 1];
    }
    out += letter;
    const sign = next === undefined ? undefined : VOWELS[next];
    if (next === VIRAMA) {
      i++;
      finalSchwa = false;
    } else if (sign !== undefined && next !== undefined && !/^[\u0904-\u0914]$/u.test(next)) {
      out += sign[system];
      i++;
      finalSchwa = false;
    } else {
      out += 'a';
      finalSchwa = true;
    }
  }
  return { text: out, finalSchwa };
}

/**
 * The Latin spellings of a Devanagari word: ISO 15919 and Hunterian, each also without a final inherent
 * vowel. Characters of other scripts pass through unchanged.
 */
export function romanizeDevanagari(word: string): readonly string[] {
  const chars = [...word.normalize('NFD')];
  const out = new Set<string>();
  for (const system of [0, 1] as const) {
    const { text, finalSchwa } = romanize(chars, system);
    out.add(text);
    if (finalSchwa && text.length > 2) out.add(text.slice(0, -1));
  }
  return [...out];
}
