/**
 * Arabic script (Arabic, Persian, Urdu names) against a name in another script. The script writes
 * consonants and long vowels only: `فرناندو بيريز` is f-r-n-ā-n-d-ū b-ī-r-ī-z, and no letter table can
 * restore the short vowels a Latin spelling writes (`Fernando Pérez`). Both words are therefore reduced to
 * the consonants Arabic writes, and two words agree when those are the same:
 *  - an Arabic word is read letter by letter by the ALA-LC romanisation table for Arabic (Library of
 *    Congress, 2012; with the Persian and Urdu letters of the ALA-LC Persian and Urdu tables: پ p, چ ch,
 *    ژ zh, گ g, ک k, ی y, ٹ ṭ, ڈ ḍ, ڑ ṛ, ہ h, ے e), emphatic consonants as their plain partners;
 *  - a Latin spelling loses its vowels, and its consonants are folded to the sounds Arabic letters write
 *    (p → b and v → f as Arabic writes foreign names, q → k, c → k or s, x → ks, th → t, dh → d, ph → f);
 *  - on both sides alif, wāw and yāʼ (vowel letters or semivowels: the script does not say which), ʿayn,
 *    hamza and the tāʼ marbūṭa ة (`-a`, `-ah`, `-at`) are dropped, ح and ه are `h`, `g` and `j` are one
 *    (ج is both), doubled letters are one (a shadda is not written), and an Arabic word's article ال gives
 *    a second key without it.
 * The key is coarse, so only keys of three consonants or more are used (`mr` is both Marie and Omar).
 */

/** ALA-LC consonant values, reduced to the key's alphabet (`š` for sh, `x` for kh, `ġ` merged with g). */
const LETTERS: Readonly<Record<string, string>> = {
  ب: 'b',
  پ: 'b',
  ت: 't',
  ٹ: 't',
  ث: 't',
  ج: 'j',
  چ: 'š',
  ح: 'h',
  خ: 'x',
  د: 'd',
  ڈ: 'd',
  ذ: 'd',
  ر: 'r',
  ڑ: 'r',
  ز: 'z',
  ژ: 'z',
  س: 's',
  ش: 'š',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  غ: 'j',
  ف: 'f',
  ڤ: 'f',
  ق: 'k',
  ك: 'k',
  ک: 'k',
  گ: 'j',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ں: 'n',
  ه: 'h',
  ہ: 'h',
};

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u;

/** Whether a word holds letters of the Arabic script. */
export function hasArabic(word: string): boolean {
  return ARABIC.test(word);
}

function collapse(key: string): string {
  return key.replace(/(.)\1+/gu, '$1');
}

/** The consonant keys of an Arabic-script word: as written, and without the article ال. */
export function arabicKeys(word: string): readonly string[] {
  const letters = [...word.normalize('NFKC')];
  const read = (from: number): string =>
    collapse(
      letters
        .slice(from)
        .map((ch) => LETTERS[ch] ?? '')
        .join(''),
    );
  const keys = [read(0)];
  if (letters[0] === 'ا' && letters[1] === 'ل' && letters.length > 3) keys.push(read(2));
  return keys.filter((k) => k.length >= MIN_KEY);
}

/** Latin digraphs for one Arabic consonant, and single letters Arabic writes otherwise. */
const LATIN: readonly (readonly [RegExp, string])[] = [
  [/sch|sh|ch/gu, 'š'],
  [/kh/gu, 'x'],
  [/gh/gu, 'g'],
  [/th/gu, 't'],
  [/dh/gu, 'd'],
  [/ph/gu, 'f'],
  [/ck/gu, 'k'],
  [/c(?=[eiy])/gu, 's'],
  [/c/gu, 'k'],
  [/q/gu, 'k'],
  [/x/gu, 'ks'],
  [/p/gu, 'b'],
  [/v/gu, 'f'],
  [/g/gu, 'j'],
  [/[aeiouyw]/gu, ''],
];

/** The consonant key of a plain Latin spelling (a–z), empty when it is too short to tell. */
export function latinKey(spelling: string): string {
  let key = spelling;
  for (const [pattern, value] of LATIN) key = key.replace(pattern, value);
  key = collapse(key.replace(/[^a-zšx]/gu, ''));
  return key.length >= MIN_KEY ? key : '';
}

/** Fewer consonants than this say too little (`mr`: Marie, Omar, Amir). */
const MIN_KEY = 3;
