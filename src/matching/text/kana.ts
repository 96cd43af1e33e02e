/**
 * Japanese kana in modified Hepburn (the romanisation of Japanese passports), so that a foreign name
 * written in katakana (or hiragana) meets its Latin spelling. Long-vowel marks are dropped, as passports
 * write them; `ッ` doubles the next consonant; small `ャュョ` make `kya`, `sha`, `cha`, `ja`; small vowels
 * replace the vowel before them (`ファ` fa, `ティ` ti). A vowel kana adds after a final consonant that
 * Japanese cannot end a word on (`バラク` baraku for Barack) is also dropped in a second spelling.
 */
const KANA: Readonly<Record<string, string>> = {
  ア: 'a',
  イ: 'i',
  ウ: 'u',
  エ: 'e',
  オ: 'o',
  カ: 'ka',
  キ: 'ki',
  ク: 'ku',
  ケ: 'ke',
  コ: 'ko',
  ガ: 'ga',
  ギ: 'gi',
  グ: 'gu',
  ゲ: 'ge',
  ゴ: 'go',
  サ: 'sa',
  シ: 'shi',
  ス: 'su',
  セ: 'se',
  ソ: 'so',
  ザ: 'za',
  ジ: 'ji',
  ズ: 'zu',
  ゼ: 'ze',
  ゾ: 'zo',
  タ: 'ta',
  チ: 'chi',
  ツ: 'tsu',
  テ: 'te',
  ト: 'to',
  ダ: 'da',
  ヂ: 'ji',
  ヅ: 'zu',
  デ: 'de',
  ド: 'do',
  ナ: 'na',
  ニ: 'ni',
  ヌ: 'nu',
  ネ: 'ne',
  ノ: 'no',
  ハ: 'ha',
  ヒ: 'hi',
  フ: 'fu',
  ヘ: 'he',
  ホ: 'ho',
  バ: 'ba',
  ビ: 'bi',
  ブ: 'bu',
  ベ: 'be',
  ボ: 'bo',
  パ: 'pa',
  ピ: 'pi',
  プ: 'pu',
  ペ: 'pe',
  ポ: 'po',
  マ: 'ma',
  ミ: 'mi',
  ム: 'mu',
  メ: 'me',
  モ: 'mo',
  ヤ: 'ya',
  ユ: 'yu',
  ヨ: 'yo',
  ラ: 'ra',
  リ: 'ri',
  ル: 'ru',
  レ: 're',
  ロ: 'ro',
  ワ: 'wa',
  ヰ: 'i',
  ヱ: 'e',
  ヲ: 'o',
  ン: 'n',
  ヴ: 'vu',
};
const SMALL_Y: Readonly<Record<string, string>> = { ャ: 'a', ュ: 'u', ョ: 'o' };
const SMALL_VOWEL: Readonly<Record<string, string>> = { ァ: 'a', ィ: 'i', ゥ: 'u', ェ: 'e', ォ: 'o' };
const HIRAGANA_TO_KATAKANA = 0x60;
const KANA_RANGE = /[\u3041-\u3096\u30a1-\u30fa]/u;

export function hasKana(word: string): boolean {
  return KANA_RANGE.test(word);
}

function toKatakana(word: string): string {
  return [...word]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code >= 0x3041 && code <= 0x3096 ? String.fromCodePoint(code + HIRAGANA_TO_KATAKANA) : ch;
    })
    .join('');
}

/** The Hepburn spellings of a kana word: as written, and without an added final vowel. */
export function romanizeKana(word: string): readonly string[] {
  const kana = [...toKatakana(word)];
  let out = '';
  let double = false;
  for (const ch of kana) {
    if (ch === 'ッ') {
      double = true;
      continue;
    }
    if (ch === 'ー') continue;
    let syllable = KANA[ch];
    if (syllable === undefined && SMALL_Y[ch] !== undefined) {
      // キャ kya, シャ sha, チャ cha, ジャ ja: the i of the syllable before gives way.
      const before = out.replace(/i$/u, '');
      out = /(?:sh|ch|j)$/u.test(before) ? before + SMALL_Y[ch] : `${before}y${SMALL_Y[ch]}`;
      continue;
    }
    if (syllable === undefined && SMALL_VOWEL[ch] !== undefined) {
      // ファ fa, ティ ti, ウィ wi: the vowel before gives way (a bare u becomes w).
      out =
        out.endsWith('u') && !/[^aeiou]u$/u.test(out) ? `${out.slice(0, -1)}w` : out.replace(/[aeiou]$/u, '');
      out += SMALL_VOWEL[ch];
      continue;
    }
    syllable ??= ch;
    if (double && /^[^aeiou]/u.test(syllable)) syllable = (syllable[0] ?? '') + syllable;
    double = false;
    out += syllable;
  }
  const clipped = out.replace(/([^aeiou])[uo]$/u, '$1');
  return clipped !== out && clipped.length > 1 ? [out, clipped] : [out];
}
