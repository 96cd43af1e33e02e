/**
 * Chinese names in Wade–Giles, read as Hanyu Pinyin: lists of the twentieth century, Taiwan and Hong Kong
 * write `Mao Tse-tung`, `Hsi Chin-ping`, `Chiang Kai-shek`; current lists write Pinyin (`Mao Zedong`,
 * `Xi Jinping`). A Latin word that divides into Wade–Giles syllables gets the Pinyin spellings of those
 * syllables as further readings, by the published correspondence of the two systems (Wade–Giles as in
 * Giles, *A Chinese-English Dictionary*, 1912; the conversion tables of the Library of Congress Pinyin
 * conversion project, 2000):
 *  - initials: `p` b/p, `t` d/t, `k` g/k, `ch` zh/j/ch/q, `ts` `tz` z/c, `hs` x, `j` r, `ss` `sz` s: the
 *    aspiration apostrophe (`ch'`, `t'`) that tells the pairs apart is dropped by lists and by the word
 *    split here, so both are read;
 *  - finals: `ung` ong, `iung` iong, `ieh` ie, `ien` ian, `ih` i, `ueh` ue, `erh` er, `uei` ui, `o` o/e
 *    (`ko` ge), `u` after `tz`, `ts`, `ss`, `sz` i (`tzu` zi), `yu` you/yu.
 * Words of up to four syllables with a spelling only Wade–Giles writes are read (MARKER); one that does
 * not divide entirely into syllables is no Wade–Giles word and gets no reading.
 */

const INITIALS: readonly (readonly [string, readonly string[]])[] = [
  ['hs', ['x']],
  ['ch', ['zh', 'j', 'ch', 'q']],
  ['ts', ['z', 'c']],
  ['tz', ['z', 'c']],
  ['ss', ['s']],
  ['sz', ['s']],
  ['sh', ['sh']],
  ['p', ['b', 'p']],
  ['t', ['d', 't']],
  ['k', ['g', 'k']],
  ['j', ['r']],
  ['m', ['m']],
  ['f', ['f']],
  ['n', ['n']],
  ['l', ['l']],
  ['h', ['h']],
  ['s', ['s']],
  ['y', ['y']],
  ['w', ['w']],
  ['', ['']],
];

const FINALS: Readonly<Record<string, readonly string[]>> = {
  a: ['a'],
  ai: ['ai'],
  an: ['an'],
  ang: ['ang'],
  ao: ['ao'],
  e: ['e'],
  ei: ['ei'],
  en: ['en'],
  eng: ['eng'],
  erh: ['er'],
  i: ['i'],
  ia: ['ia'],
  iang: ['iang'],
  iao: ['iao'],
  ieh: ['ie'],
  ien: ['ian'],
  ih: ['i'],
  in: ['in'],
  ing: ['ing'],
  iu: ['iu'],
  iung: ['iong'],
  o: ['o', 'e'],
  ou: ['ou'],
  u: ['u'],
  ua: ['ua'],
  uai: ['uai'],
  uan: ['uan'],
  uang: ['uang'],
  ueh: ['ue'],
  uei: ['ui'],
  ui: ['ui'],
  un: ['un'],
  ung: ['ong'],
  uo: ['uo'],
};
const FINAL_KEYS = Object.keys(FINALS).sort((a, b) => b.length - a.length);

/** Initials whose `u` is Pinyin's `i` (tzu zi, ssu si), and `y` whose `u` is `ou` or `u` (yu you, yü yu). */
const APICAL = new Set(['ts', 'tz', 'ss', 'sz']);

const MAX_SYLLABLES = 4;
const MAX_READINGS = 64;

function finals(initial: string, final: string): readonly string[] {
  if (final === 'u' && APICAL.has(initial)) return ['i', 'u'];
  if (final === 'u' && initial === 'y') return ['ou', 'u'];
  return FINALS[final] ?? [];
}

function read(word: string, at: number, syllables: number, out: Set<string>, prefix: string): void {
  if (out.size >= MAX_READINGS) return;
  if (at === word.length) {
    if (syllables > 0) out.add(prefix);
    return;
  }
  if (syllables === MAX_SYLLABLES) return;
  for (const [initial, pinyin] of INITIALS) {
    // A syllable without an initial starts a word: inside one, lists write a hyphen before it.
    if (!word.startsWith(initial, at) || (initial === '' && at > 0)) continue;
    const from = at + initial.length;
    for (const final of FINAL_KEYS) {
      if (!word.startsWith(final, from)) continue;
      for (const i of pinyin)
        for (const f of finals(initial, final))
          read(word, from + final.length, syllables + 1, out, prefix + i + f);
    }
  }
}

const WORD = /^[a-z]{2,20}$/u;
/**
 * Spellings only Wade–Giles writes (Pinyin has no `hs`, `tz`, `ieh`, `ien`, `ih`, `erh`, `ung`, `chin`…):
 * a word without one is read as written. Without this a Latin name that happens to divide into syllables
 * would gain another name's spelling through the unaspirated stops (`Putin` read `Budin`).
 */
const MARKER = /hs|tz|ts|ss|sz|ieh|ien|ih|erh|ung|chi[aenu]/u;

/** The Pinyin readings of a (lower-case, plain a–z) word written in Wade–Giles; none when it is not. */
export function wadeGilesReadings(word: string): readonly string[] {
  if (!WORD.test(word) || !MARKER.test(word)) return [];
  const out = new Set<string>();
  read(word, 0, 0, out, '');
  out.delete(word);
  return [...out];
}
