/**
 * How Latin-script lists and documents spell Russian, Ukrainian and Belarusian letters, as data: the
 * official tables and the spellings lists really carry. The skeleton (../skeleton.ts) reads a Latin word
 * once per reading below and keeps every distinct key, so that `KUZNETZOV`, `SCHEGLOV`, `HRYHORIEV`,
 * `JOUKOV` and `CHRUSCHTSCHOW` meet their Cyrillic names. `test/unit/matching/latin-spellings.test.ts`
 * checks every spelling of `LETTERS` against its letter.
 *
 * Sources:
 *  - ICAO Doc 9303 (7th ed., part 3, table of Cyrillic transliteration), Russian passports since 2013;
 *  - GOST R 52535.1-2006 (passports 2006–2010) and GOST 7.79-2000 system B;
 *  - BGN/PCGN 1947 Russian romanization;
 *  - MVD order 310 of 1997, the English and the French-based tables of Russian passports (the `mvd_310`
 *    and `mvd_310_fr` schemas of the iuliia project, github.com/nalgeon/iuliia);
 *  - the Ukrainian national transliteration, Cabinet of Ministers resolution No. 55 of 27 January 2010
 *    (KMU 55, Ukrainian passports and the Latin names of Ukrainian sanctions lists);
 *  - the Belarusian passport romanization (BGN/PCGN Belarusian 1979 and the 2000 national instruction:
 *    `Aliaksandr`, `Siarhei`, `Dzmitry`, `Uladzimir`);
 *  - the German (Duden) transcription of Russian (`sch`, `tsch`, `schtsch`, `w`, `j`);
 *  - spellings seen in sanctions and watch lists outside every standard: `tz` for ц (`KUZNETZOV`),
 *    `sch` for щ (`SCHEGLOV`), `h` for х (`HARITONOV`), `c` for ц (`CARYOV`), `j` for й and е;
 *  - OpenSanctions (rigour `names` and nomenklatura `logic_v2`): a name part is compared through every
 *    form it has in other scripts rather than through one transliteration.
 */

/** Each letter's Latin spellings, with the sources that write it so. Marks (’ ` ") are dropped before. */
export const LETTERS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  г: [
    ['g', 'ICAO, GOST, BGN, MVD 310'],
    ['h', 'KMU 55 (Ukrainian), Belarusian'],
    ['gh', 'KMU 55 (зг → zgh)'],
  ],
  ґ: [['g', 'KMU 55']],
  е: [
    ['e', 'all systems'],
    ['ye', 'BGN, MVD 310 (initial and after vowels)'],
    ['je', 'German, lists (JEGOROV)'],
    ['ie', 'KMU 55 for є'],
  ],
  є: [
    ['ye', 'KMU 55 (initial)'],
    ['ie', 'KMU 55'],
    ['je', 'German'],
  ],
  ё: [
    ['e', 'ICAO, GOST R 52535'],
    ['yo', 'BGN, GOST 7.79 B, lists (Vorobyov)'],
    ['jo', 'German'],
  ],
  ж: [
    ['zh', 'ICAO, GOST, BGN, KMU 55'],
    ['j', 'MVD 310 French (JOUKOV)'],
  ],
  и: [
    ['i', 'Russian systems'],
    ['y', 'KMU 55 (Ukrainian и)'],
  ],
  і: [['i', 'KMU 55, Belarusian']],
  ї: [
    ['yi', 'KMU 55 (initial)'],
    ['i', 'KMU 55'],
  ],
  й: [
    ['i', 'ICAO, GOST R 52535, KMU 55'],
    ['y', 'BGN, MVD 310, KMU 55 (initial)'],
    ['j', 'GOST 7.79 B, German, lists (MAJOROV)'],
  ],
  у: [
    ['u', 'all systems'],
    ['ou', 'MVD 310 French (JOUKOV, Iouri)'],
  ],
  ў: [
    ['u', 'Belarusian passports (Yauhen, Paulauna)'],
    ['ŭ', 'Belarusian national romanization (Paŭlaŭna)'],
  ],
  х: [
    ['kh', 'ICAO, GOST R 52535, BGN, KMU 55'],
    ['x', 'GOST 7.79 B'],
    ['h', 'lists (HARITONOV)'],
    ['ch', 'German (CHRUSCHTSCHOW)'],
  ],
  ц: [
    ['ts', 'ICAO, BGN, MVD 310, KMU 55'],
    ['tc', 'GOST R 52535'],
    ['cz', 'GOST 7.79 B'],
    ['c', 'GOST 7.79 B, lists (CARYOV)'],
    ['tz', 'lists (KUZNETZOV)'],
    ['z', 'German (Zarjow)'],
  ],
  ч: [
    ['ch', 'ICAO, GOST, BGN, KMU 55'],
    ['tch', 'MVD 310 French (-vitch)'],
    ['tsch', 'German (-witsch)'],
  ],
  ш: [
    ['sh', 'ICAO, GOST, BGN, KMU 55'],
    ['ch', 'MVD 310 French (CHICHKINE)'],
    ['sch', 'German'],
  ],
  щ: [
    ['shch', 'ICAO, GOST R 52535, BGN, KMU 55'],
    ['shh', 'GOST 7.79 B'],
    ['sch', 'lists (SCHEGLOV)'],
    ['chtch', 'MVD 310 French'],
    ['schtsch', 'German (CHRUSCHTSCHOW)'],
  ],
  ъ: [
    ['', 'GOST R 52535, KMU 55 (apostrophe dropped)'],
    ['ie', 'ICAO'],
    ['"', 'MVD 310 (OB"EDKOV), dropped as a mark'],
  ],
  ь: [
    ['', 'ICAO, GOST R 52535, KMU 55'],
    ["'", "BGN, MVD 310 (VASIL'EV), dropped as a mark"],
  ],
  ю: [
    ['iu', 'ICAO, GOST R 52535, KMU 55'],
    ['yu', 'BGN, GOST 7.79 B, KMU 55 (initial)'],
    ['ju', 'German, lists'],
    ['iou', 'MVD 310 French'],
  ],
  я: [
    ['ia', 'ICAO, GOST R 52535, KMU 55'],
    ['ya', 'BGN, GOST 7.79 B, KMU 55 (initial)'],
    ['ja', 'German, lists'],
  ],
};

/**
 * A reading: how one tradition writes the letters whose spelling is ambiguous across traditions (`h` is х
 * in English-style lists and г in Ukrainian; `ch` is ч in English, ш in French, х in German). Sequences
 * are Latin, values are skeleton key letters; anything not listed falls back to the single-letter table of
 * the skeleton. `endings` apply at the end of a word only.
 */
export interface Reading {
  readonly name: string;
  readonly sequences: Readonly<Record<string, string>>;
  readonly endings?: Readonly<Record<string, string>>;
  /** A word is read this way only when it contains one of these (all words for the first reading). */
  readonly markers?: readonly string[];
}

/** The spellings every reading shares: ICAO, GOST R 52535, GOST 7.79 B, BGN/PCGN, MVD 310, lists. */
const COMMON: Readonly<Record<string, string>> = {
  shch: 'щ',
  shh: 'щ',
  sh: 'ш',
  zh: 'ж',
  kh: 'х',
  cz: 'ц',
};

export const READINGS: readonly Reading[] = [
  {
    name: 'international',
    sequences: { ...COMMON, sch: 'щ', ch: 'ч', tz: 'ц' },
  },
  {
    name: 'Ukrainian national (KMU 55)',
    sequences: { ...COMMON, ch: 'ч', zgh: 'зг', gh: 'г', h: 'г' },
    markers: ['h'],
  },
  {
    name: 'French (MVD 310 French)',
    sequences: { ...COMMON, chtch: 'щ', tch: 'ч', ch: 'ш', ou: 'у', dj: 'дж', j: 'ж', gue: 'ге', gui: 'ги' },
    endings: { ine: 'ин' },
    markers: ['ou', 'tch', 'j', 'ine'],
  },
  {
    name: 'German (Duden)',
    sequences: { ...COMMON, schtsch: 'щ', tsch: 'ч', sch: 'ш', ch: 'х', tz: 'ц', z: 'ц' },
    markers: ['sch', 'w'],
  },
];
