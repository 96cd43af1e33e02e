/**
 * The Ukrainian national Latin transliteration, as Ukrainian passports and Ukrainian sanctions lists write
 * names: Resolution of the Cabinet of Ministers of Ukraine No. 55 of 27 January 2010, "On the ordering of
 * the transliteration of the Ukrainian alphabet into Latin". One spelling per letter; є, ї, й, ю, я have
 * their own at the start of a word; the soft sign and the apostrophe are not written; зг is `zgh`, so that
 * it is not read as ж.
 */

type Spell = (atStart: boolean) => string;
const one =
  (latin: string): Spell =>
  () =>
    latin;
const initial =
  (atStart: string, elsewhere: string): Spell =>
  (start) =>
    start ? atStart : elsewhere;

/** Lower-case Ukrainian letters (and the apostrophe) → Latin. */
export const UKRAINIAN_NATIONAL_LATIN: Readonly<Record<string, Spell>> = {
  а: one('a'),
  б: one('b'),
  в: one('v'),
  г: one('h'),
  ґ: one('g'),
  д: one('d'),
  е: one('e'),
  є: initial('ye', 'ie'),
  ж: one('zh'),
  з: one('z'),
  и: one('y'),
  і: one('i'),
  ї: initial('yi', 'i'),
  й: initial('y', 'i'),
  к: one('k'),
  л: one('l'),
  м: one('m'),
  н: one('n'),
  о: one('o'),
  п: one('p'),
  р: one('r'),
  с: one('s'),
  т: one('t'),
  у: one('u'),
  ф: one('f'),
  х: one('kh'),
  ц: one('ts'),
  ч: one('ch'),
  ш: one('sh'),
  щ: one('shch'),
  ь: one(''),
  "'": one(''),
  ю: initial('yu', 'iu'),
  я: initial('ya', 'ia'),
};

/**
 * One lower-case Ukrainian word (hyphen parts each a word) in the national Latin; undefined when a letter is
 * not Ukrainian (ы, э, ё, ъ) or a part would be empty.
 */
export function ukrainianNationalLatin(word: string): string | undefined {
  const parts = word.split('-').map((part) => {
    let out = '';
    let start = true;
    for (let i = 0; i < part.length; i++) {
      const letter = part.charAt(i);
      const spell = UKRAINIAN_NATIONAL_LATIN[letter];
      if (spell === undefined) return undefined;
      out += letter === 'г' && part.charAt(i - 1) === 'з' ? 'gh' : spell(start);
      // An apostrophe does not end the start of a word; a letter does.
      if (letter !== "'") start = false;
    }
    return out;
  });
  return parts.every((p) => p !== undefined && p.length > 0) ? parts.join('-') : undefined;
}
