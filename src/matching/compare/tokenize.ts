import { plainFold } from '../text/index.js';
import { PERSON_TITLES } from './data/rigour.js';

/** Particles after which a word is a father's name (Rafiq oğlu: the son of Rafiq). */
const FATHER_PARTICLES = new Set([
  'oglu',
  'ogly',
  'ogli',
  'oglou',
  'gizi',
  'qizi',
  'kizi',
  'kyzy',
  'kyzi',
  'uly',
  'uulu',
  'ulu',
  'оглы',
  'оглу',
  'кызы',
  'гызы',
  'улы',
  'уулу',
]);

/**
 * Particles of naming traditions: words that mark a patronymic or a family (Azerbaijani oğlu/qızı,
 * Kazakh/Kyrgyz uly/kyzy/uulu, Arabic ibn/bin/bint/al/el, Dutch, German, Romance van/von/de/da…). They take
 * part in the alignment when both sides write them; one left without a partner costs nothing.
 */
const PARTICLES = new Set([
  ...FATHER_PARTICLES,
  'ibn',
  'bin',
  'bint',
  'binti',
  'ben',
  // The same written in Arabic script (rigour's person_symbols `bin`, `bint`).
  'بن',
  'ابن',
  'بنت',
  'al',
  'el',
  'ul',
  'ad',
  'ar',
  'as',
  'ash',
  'at',
  'az',
  'van',
  'von',
  'der',
  'den',
  'de',
  'da',
  'di',
  'du',
  'del',
  'della',
  'dos',
  'das',
  'la',
  'le',
  'y',
  'zu',
  'ter',
  'ten',
  'st',
]);

const TITLES = new Set(PERSON_TITLES.filter((t) => !t.includes(' ')).map((t) => t.replace(/[^\p{L}]/gu, '')));

export interface Token {
  /** Lower case, letters and digits only, diacritics kept (folding is the forms' job). */
  readonly text: string;
  readonly particle: boolean;
  /** A single letter: an initial. */
  readonly initial: boolean;
  /** Followed by a patronymic particle (Rafiq oğlu): a father's name, comparable to a patronymic's stem. */
  readonly father: boolean;
  /** The child's gender the particle after a father's name tells (oğlu a son, qızı a daughter). */
  readonly fatherGender: 'male' | 'female' | undefined;
  readonly cyrillic: boolean;
}

const DAUGHTER = new Set(['gizi', 'qizi', 'kizi', 'kyzy', 'kyzi', 'кызы', 'гызы']);

const CYRILLIC = /[\u0400-\u052f]/u;

/** Letters of one case run into letters of another inside a word: `SergeiLavrov`, `McDonald` stays. */
const CAMEL = /(\p{Ll}{2,})(\p{Lu}\p{Ll})/gu;
const SEPARATORS = /[^\p{L}\p{N}\p{M}ʻʼ'’`]+/u;
const NOT_WORD = /[ʻʼ'’`]/gu;

/** Two or three capitals with no vowel: initials written together (`JC`, `JFK`). */
const INITIALS_RUN = /^[B-DF-HJ-NP-TV-XZ]{2,3}$/u;

/**
 * The words of a name: split on spaces, punctuation, hyphens and case changes; titles dropped; a run of
 * capitals with no vowel in a name written in mixed case read as initials (in a name in capitals it may
 * be a word: `NG`).
 */
export function tokenize(raw: string, person: boolean): readonly Token[] {
  const text = raw.normalize('NFKC');
  const mixedCase = /\p{Ll}/u.test(text);
  const words = text
    .replace(CAMEL, '$1 $2')
    .split(SEPARATORS)
    .map((w) => w.replace(NOT_WORD, ''))
    .flatMap((w) => (person && mixedCase && INITIALS_RUN.test(w) ? [...w] : [w]))
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 0);
  const kept = person && words.length > 1 ? dropTitles(words) : words;
  const folded = kept.map(plainFold);
  return kept.map((text, i) => ({
    text,
    particle: PARTICLES.has(folded[i] ?? '') && kept.length > 1,
    initial: [...text].length === 1,
    father: FATHER_PARTICLES.has(folded[i + 1] ?? ''),
    fatherGender: FATHER_PARTICLES.has(folded[i + 1] ?? '')
      ? DAUGHTER.has(folded[i + 1] ?? '')
        ? 'female'
        : 'male'
      : undefined,
    cyrillic: CYRILLIC.test(text),
  }));
}

function dropTitles(words: readonly string[]): readonly string[] {
  const kept = words.filter((w) => !TITLES.has(w));
  return kept.length > 0 ? kept : words;
}
