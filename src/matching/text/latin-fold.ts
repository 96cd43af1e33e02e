/**
 * Latin letters of any national alphabet folded to plain a–z, two ways (both are kept: a name written
 * `Černyšëv` and one written `Chernyshev` agree only on the second, `Vučić` and `Vucic` only on the first):
 *  - plain: every diacritic dropped (č → c, ə → a, ğ → g);
 *  - digraph: the letters that English-style spellings write as two (č š ž → ch sh zh, Turkish and
 *    Azerbaijani ç ş → ch sh, Polish cz sz stay, German ä ö ü → ae oe ue is left to the edit distance).
 * The national Latin alphabets of the CIS are covered: Azerbaijani (ə ğ ı ş ç ö ü q x), Uzbek (oʻ gʻ sh
 * ch), Kazakh Latin 2021 (ә ғ қ ң ө ұ ү һ ı written ä ğ q ñ ö ū ü h ı), Turkmen (ä ç ž ň ö ş ü ý), and
 * ISO 9 / scholarly transliteration of Cyrillic (č š ž ë ŭ ǵ ḱ ẑ).
 */

/** Letters NFD does not decompose, or whose plain form is not their base letter. */
const SPECIAL: Readonly<Record<string, string>> = {
  ə: 'a',
  ı: 'i',
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ŋ: 'ng',
  ħ: 'h',
  ŧ: 't',
  ĸ: 'k',
  ſ: 's',
  ʹ: '',
  ʺ: '',
  ʻ: '',
  ʼ: '',
  '`': '',
  "'": '',
  '’': '',
  '‘': '',
  ʿ: '',
  ʾ: '',
};

/** Letters an English-style spelling writes as a digraph. */
const DIGRAPHS: Readonly<Record<string, string>> = {
  č: 'ch',
  š: 'sh',
  ž: 'zh',
  ç: 'ch',
  ş: 'sh',
  ŝ: 'shch',
  ẑ: 'dz',
  ĉ: 'ch',
  ĝ: 'g',
  ĵ: 'zh',
  ñ: 'n',
  ň: 'n',
  ǰ: 'j',
  ŭ: 'u',
  û: 'yu',
  â: 'ya',
  ê: 'ye',
};

const MARKS = /\p{M}/gu;

function fold(word: string, digraphs: boolean): string {
  let out = '';
  for (const ch of word.normalize('NFC').toLowerCase()) {
    const special = SPECIAL[ch];
    if (special !== undefined) {
      out += special;
      continue;
    }
    const digraph = digraphs ? DIGRAPHS[ch] : undefined;
    if (digraph !== undefined) {
      out += digraph;
      continue;
    }
    // A base letter left by a dropped mark may be special itself (ǽ → æ → ae): folded once, for good.
    for (const base of ch.normalize('NFD').replace(MARKS, '')) out += SPECIAL[base] ?? base;
  }
  return out;
}

/** The word with every diacritic dropped, lower case. Idempotent. */
export function plainFold(word: string): string {
  return fold(word, false);
}

/** The word with č š ž ç ş… as ch sh zh ch sh…, the rest as plainFold. Idempotent. */
export function digraphFold(word: string): string {
  return fold(word, true);
}
