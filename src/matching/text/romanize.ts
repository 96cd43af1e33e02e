/**
 * Romanisations of a Cyrillic word, one per published system, as Latin strings (diacritics kept where the
 * system writes them; latin-fold.ts folds them). Russian words go through the five systems of
 * transliterate.ts (ICAO 9303, GOST R 52535, GOST 7.79 B, BGN/PCGN, 1997 passports); these tables add the
 * systems that also cover the other Cyrillic alphabets:
 *  - ISO 9:1995 (one Latin letter per Cyrillic letter, with diacritics: č š ž ë ŭ), the scholarly and
 *    Czech-style spelling of Russian, Ukrainian, Belarusian, Kazakh…;
 *  - the Ukrainian national system (Cabinet of Ministers of Ukraine resolution No. 55 of 27 January 2010):
 *    г → h, и → y, і → i, ї → i/yi, є → ie/ye, initial й ю я → y yu ya;
 *  - the Belarusian national system (Belarusian Latin per the 2007 State Committee instruction, used on
 *    Belarusian passports): г → h, ў → ŭ, х → ch, ц → c, ч → č, ш → š, е ё ю я → ie io iu ia after a
 *    consonant's softness.
 */
import { transliterate, TRANSLITERATION_SYSTEMS } from './transliterate.js';

/** ISO 9:1995, table 1 (Cyrillic letters of the Slavic and Kazakh alphabets). */
const ISO_9: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g̀',
  д: 'd',
  ѓ: 'ǵ',
  е: 'e',
  ё: 'ë',
  є: 'ê',
  ж: 'ž',
  з: 'z',
  ѕ: 'ẑ',
  и: 'i',
  і: 'ì',
  ї: 'ï',
  й: 'j',
  ј: 'ǰ',
  к: 'k',
  л: 'l',
  љ: 'l̂',
  м: 'm',
  н: 'n',
  њ: 'n̂',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  ќ: 'ḱ',
  у: 'u',
  ў: 'ŭ',
  ф: 'f',
  х: 'h',
  ц: 'c',
  ч: 'č',
  џ: 'd̂',
  ш: 'š',
  щ: 'ŝ',
  ъ: 'ʺ',
  ы: 'y',
  ь: 'ʹ',
  э: 'è',
  ю: 'û',
  я: 'â',
  ә: 'ä',
  ғ: 'ġ',
  қ: 'ķ',
  ң: 'ṇ',
  ө: 'ô',
  ұ: 'ù',
  ү: 'ü',
  һ: 'ḥ',
};

/** Ukrainian national system (2010): the spelling inside a word; `UA_INITIAL` at its start. */
const UA: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
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
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
  ю: 'iu',
  я: 'ia',
  ʼ: '',
  "'": '',
};
const UA_INITIAL: Readonly<Record<string, string>> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' };

/** Belarusian Latin (2007 instruction), with е ё ю я as ie io iu ia (after a vowel or at the start: je jo ju ja). */
const BY: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  д: 'd',
  е: 'ie',
  ё: 'io',
  ж: 'ž',
  з: 'z',
  і: 'i',
  и: 'i',
  й: 'j',
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
  ў: 'ŭ',
  ф: 'f',
  х: 'ch',
  ц: 'c',
  ч: 'č',
  ш: 'š',
  щ: 'šč',
  ы: 'y',
  ь: '',
  ъ: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
  ʼ: '',
  "'": '',
};
const BY_AFTER_VOWEL: Readonly<Record<string, string>> = { е: 'je', ё: 'jo', ю: 'ju', я: 'ja' };
const VOWELS = new Set([...'аеёиоуыэюяіїєў']);

function byTable(
  word: string,
  table: Readonly<Record<string, string>>,
  start?: (ch: string, prev: string | undefined) => string | undefined,
): string {
  let out = '';
  const chars = [...word];
  chars.forEach((ch, i) => {
    const special = start?.(ch, chars[i - 1]);
    out += special ?? table[ch] ?? ISO_9[ch] ?? ch;
  });
  return out;
}

export const ROMANIZATION_SYSTEMS = [...TRANSLITERATION_SYSTEMS, 'ISO_9', 'UA_2010', 'BY_2007'] as const;

const cache = new Map<string, readonly string[]>();
const CACHE_LIMIT = 50_000;

/** Every romanisation of one lower-case Cyrillic word, distinct, in no particular order. */
export function romanizations(word: string): readonly string[] {
  const cached = cache.get(word);
  if (cached) return cached;
  const out = new Set<string>();
  for (const system of TRANSLITERATION_SYSTEMS) {
    // Letters the Russian systems do not know (і, ў, ә…) are read as ISO 9 writes them.
    for (const v of transliterate(word, system)) out.add(byTable(v, {}));
  }
  out.add(byTable(word, ISO_9));
  out.add(byTable(word, UA, (ch, prev) => (prev === undefined ? UA_INITIAL[ch] : undefined)));
  out.add(
    byTable(word, BY, (ch, prev) =>
      prev === undefined || VOWELS.has(prev) ? BY_AFTER_VOWEL[ch] : undefined,
    ),
  );
  const list = [...out];
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, list);
  return list;
}
