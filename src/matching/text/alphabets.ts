/**
 * Romanisations of the other alphabets names reach a list in, one published system each, letter by letter
 * (names in these scripts are written as they sound, so a table of letters suffices; scripts that write
 * syllables by meaning, Chinese, or without vowels, Arabic, need more than a table and are not read here):
 *  - Greek: ELOT 743 / ISO 843 (type 2, transcription; the UN-recommended system), accents dropped:
 *    β → v, η → i, θ → th, υ → y, φ → f, χ → ch, ψ → ps, ου → ou, αυ/ευ → av/ev;
 *  - Armenian: BGN/PCGN 1981 (as in Armenian passports): ե → ye at the start of a word, e inside, ո → vo at
 *    the start, o inside, և → yev at the start, ev inside, ու → u, խ → kh, ղ → gh, ժ → zh, ծ ց → ts,
 *    ձ → dz, ճ չ → ch, ջ → j;
 *  - Georgian: the national system of 2002 (Georgian State Department of Geodesy), aspiration marks dropped:
 *    თ → t, ფ → p, ქ → k, ჟ → zh, ღ → gh, ყ → q, შ → sh, ჩ ჭ → ch, ც წ → ts, ძ → dz, ხ → kh, ჯ → j.
 */

const GREEK: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};
const GREEK_PAIRS: Readonly<Record<string, string>> = {
  ου: 'ou',
  αυ: 'av',
  ευ: 'ev',
  γγ: 'ng',
  γκ: 'gk',
  μπ: 'mp',
  ντ: 'nt',
};

const ARMENIAN: Readonly<Record<string, string>> = {
  ա: 'a',
  բ: 'b',
  գ: 'g',
  դ: 'd',
  ե: 'e',
  զ: 'z',
  է: 'e',
  ը: 'y',
  թ: 't',
  ժ: 'zh',
  ի: 'i',
  լ: 'l',
  խ: 'kh',
  ծ: 'ts',
  կ: 'k',
  հ: 'h',
  ձ: 'dz',
  ղ: 'gh',
  ճ: 'ch',
  մ: 'm',
  յ: 'y',
  ն: 'n',
  շ: 'sh',
  ո: 'o',
  չ: 'ch',
  պ: 'p',
  ջ: 'j',
  ռ: 'r',
  ս: 's',
  վ: 'v',
  տ: 't',
  ր: 'r',
  ց: 'ts',
  ւ: 'v',
  փ: 'p',
  ք: 'k',
  օ: 'o',
  ֆ: 'f',
  և: 'ev',
};
const ARMENIAN_INITIAL: Readonly<Record<string, string>> = { ե: 'ye', ո: 'vo', և: 'yev' };

const GEORGIAN: Readonly<Record<string, string>> = {
  ა: 'a',
  ბ: 'b',
  გ: 'g',
  დ: 'd',
  ე: 'e',
  ვ: 'v',
  ზ: 'z',
  თ: 't',
  ი: 'i',
  კ: 'k',
  ლ: 'l',
  მ: 'm',
  ნ: 'n',
  ო: 'o',
  პ: 'p',
  ჟ: 'zh',
  რ: 'r',
  ს: 's',
  ტ: 't',
  უ: 'u',
  ფ: 'p',
  ქ: 'k',
  ღ: 'gh',
  ყ: 'q',
  შ: 'sh',
  ჩ: 'ch',
  ც: 'ts',
  ძ: 'dz',
  წ: 'ts',
  ჭ: 'ch',
  ხ: 'kh',
  ჯ: 'j',
  ჰ: 'h',
};

const OTHER_ALPHABET = /[\u0370-\u03ff\u1f00-\u1fff\u0530-\u058f\u10a0-\u10ff]/u;

/** Whether a word holds letters of one of the alphabets romanised here. */
export function hasOtherAlphabet(word: string): boolean {
  return OTHER_ALPHABET.test(word);
}

/** The Latin spelling of a (lower-case) Greek, Armenian or Georgian word; other characters stay. */
export function romanizeAlphabet(word: string): string {
  const letters = [...word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()];
  let out = '';
  for (let i = 0; i < letters.length; i++) {
    const ch = letters[i] ?? '';
    const pair = ch + (letters[i + 1] ?? '');
    if (GREEK_PAIRS[pair] !== undefined) {
      out += GREEK_PAIRS[pair];
      i++;
    } else if (pair === 'ու') {
      out += 'u';
      i++;
    } else if (i === 0 && ARMENIAN_INITIAL[ch] !== undefined) {
      out += ARMENIAN_INITIAL[ch];
    } else {
      out += GREEK[ch] ?? ARMENIAN[ch] ?? GEORGIAN[ch] ?? ch;
    }
  }
  return out;
}
