import { transliterate, type TransliterationSystem } from '../matching/text/transliterate.js';
import { ukrainianNationalLatin } from '../domain/ukrainian-latin.js';
import { ukrainianWord, type UkrainianReading } from './ukrainian-forms.js';

/**
 * The spellings a register may use for a name the client file writes one way. The contract of the Lookup
 * Service leaves open how its name search matches (docs/lookup-service.md): exact words or substrings,
 * letter case, other scripts. So that a listed client is found whatever the upstream does, a name search is
 * sent in every spelling the registers write:
 *
 * - Cyrillic as registers write it: ё folded to е (and, when the client wrote ё, that form too), each word
 *   of a person's name in Title case (a bank export in capitals becomes `Иванов`), an organization's words
 *   also as written;
 * - Latin in the systems lists and passports use (ICAO 9303, BGN/PCGN, the 1997 passports, GOST R 52535),
 *   the English-style `-y` ending for -ий/-ый, each in Title case and in capitals (lists write
 *   `TSVETKOVA` as often as `Tsvetkova`; a case-sensitive index finds only the one it was sent);
 * - hyphenated words also with a space in place of the hyphen (`Римский Корсаков`), in the client's own
 *   script and in Cyrillic.
 *
 * - for the sanctions list, a Russian surname also as Ukrainian lists write it: in Ukrainian Cyrillic for
 *   the local-language field (`Григор'єв`) and in the Ukrainian national Latin (`Hryhoriev`), see
 *   ukrainian-forms.ts.
 *
 * A Latin-script name goes the other way: as written, in Title case and capitals, and the Cyrillic form
 * read back from it (see latin-to-cyrillic.ts) with that form's own spellings.
 *
 * Each spelling has a stable label, so the narrower query of a capped answer (the full name) is written in
 * the same spelling as the query it narrows.
 */

export type Script = 'cyrillic' | 'latin';

export interface Spelling {
  /** e.g. `cyrillic`, `cyrillic:yo`, `latin:ICAO:upper`, `latin:as-written:title:spaced`. */
  readonly label: string;
  readonly script: Script;
  /** Written by us from the other script (a transliteration or a read-back), not by the client. */
  readonly transliterated: boolean;
  readonly value: string;
  /** Sent only as the list's local-language name (`name_local`): a Ukrainian Cyrillic form. */
  readonly localOnly?: boolean;
}

/** Systems whose spellings are sent. GOST 7.79 B is a bibliographic system that lists do not use. */
export const QUERY_SYSTEMS: readonly TransliterationSystem[] = [
  'ICAO',
  'BGN_PCGN',
  'PASSPORT_1997',
  'GOST_R_52535',
];

export interface SpellingOptions {
  /** The upstream's name search already ignores letter case: one case form is enough. */
  readonly caseInsensitive: boolean;
  /** A person's name (Title case is the register's form) or an organization's (its own case may matter). */
  readonly person: boolean;
}

const CYRILLIC_LETTER = /[а-яё]/i;
const LATIN_LETTER = /[a-z]/i;

export function scriptOf(text: string): Script | undefined {
  if (CYRILLIC_LETTER.test(text)) return 'cyrillic';
  if (LATIN_LETTER.test(text)) return 'latin';
  return undefined;
}

/** `иВАНОВ-петров` → `Иванов-Петров`: every hyphen part of every word in Title case. */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase());
}

function foldYo(text: string): string {
  return text.replace(/ё/g, 'е').replace(/Ё/g, 'Е');
}

/** BGN primes and other in-word marks: lists write `Grigoryev`, not `Grigor’yev`. */
function stripMarks(text: string): string {
  return text.replace(/[`’”'"]/g, '');
}

const ASCII_WORD = /^[a-z-]+$/;

/** One Latin spelling of a lower-case Cyrillic word in `system`; the first that is plain ASCII. */
function latinWord(word: string, system: TransliterationSystem): string | undefined {
  const parts = word.split('-').map((part) => {
    if (!CYRILLIC_LETTER.test(part)) return part;
    return transliterate(part, system)
      .map(stripMarks)
      .find((v) => ASCII_WORD.test(v));
  });
  return parts.every((p) => p !== undefined) ? parts.join('-') : undefined;
}

/** `Соколовский` → `Sokolovsky`: the English-style ending lists often use for -ий and -ый. */
function shortYWord(word: string): string | undefined {
  const parts = word.split('-');
  const last = parts.at(-1) ?? '';
  if (!/[^аеёиоуыэюя][иы]й$/.test(last)) return undefined;
  const stem = latinWord(last.slice(0, -2), 'ICAO');
  if (stem === undefined) return undefined;
  const head = parts.slice(0, -1).map((p) => latinWord(p, 'ICAO'));
  if (head.some((p) => p === undefined)) return undefined;
  return [...head, stem + 'y'].join('-');
}

/** Applies a word spelling to every Cyrillic word of a text; undefined when one word has no spelling. */
function spellWords(text: string, spell: (lowerWord: string) => string | undefined): string | undefined {
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  const out: string[] = [];
  for (const word of words) {
    if (!CYRILLIC_LETTER.test(word)) {
      out.push(word);
      continue;
    }
    const spelled = spell(word.toLowerCase());
    if (spelled === undefined) return undefined;
    out.push(spelled);
  }
  return out.length > 0 ? out.join(' ') : undefined;
}

function upper(text: string): string {
  return text.toUpperCase();
}

/** The Latin spellings of a Cyrillic text, each in Title case and, unless case is ignored, in capitals. */
export function latinSpellings(cyrillic: string, options: SpellingOptions): Spelling[] {
  const out: Spelling[] = [];
  const add = (label: string, value: string | undefined) => {
    if (value === undefined) return;
    const title = titleCase(value);
    out.push({ label: `${label}:title`, script: 'latin', transliterated: true, value: title });
    if (!options.caseInsensitive)
      out.push({ label: `${label}:upper`, script: 'latin', transliterated: true, value: upper(title) });
  };
  const folded = foldYo(cyrillic);
  for (const system of QUERY_SYSTEMS) {
    add(
      `latin:${system}`,
      spellWords(folded, (w) => latinWord(w, system)),
    );
    // ё has spellings of its own (yo, ë) in some systems.
    if (folded !== cyrillic)
      add(
        `latin:${system}:yo`,
        spellWords(cyrillic, (w) => latinWord(w, system)),
      );
  }
  add(
    'latin:short-y',
    spellWords(folded, (w) => shortYWord(w) ?? latinWord(w, 'ICAO')),
  );
  return out;
}

const UKRAINIAN_READINGS: readonly UkrainianReading[] = ['i', 'y'];

/**
 * A Russian Cyrillic text as a Ukrainian list writes it: the Ukrainian Cyrillic form (for `name_local`) and
 * its Ukrainian national Latin in Title case and capitals (for `name`), one set per reading of и. Unless
 * `latin`, the Latin forms are left out (a service that searches across scripts finds them itself).
 */
export function ukrainianSpellings(
  cyrillic: string,
  options: SpellingOptions & { readonly latin: boolean },
): Spelling[] {
  const out: Spelling[] = [];
  const folded = cyrillic.toLowerCase();
  for (const reading of UKRAINIAN_READINGS) {
    const local = spellWords(folded, (w) => ukrainianWord(w, reading));
    if (local === undefined) continue;
    out.push({
      label: `uk:${reading}`,
      script: 'cyrillic',
      transliterated: true,
      value: titleCase(local),
      localOnly: true,
    });
    if (!options.latin) continue;
    const latin = spellWords(local, (w) => ukrainianNationalLatin(w));
    if (latin === undefined) continue;
    const title = titleCase(latin);
    out.push({ label: `uk:${reading}:latin:title`, script: 'latin', transliterated: true, value: title });
    if (!options.caseInsensitive)
      out.push({
        label: `uk:${reading}:latin:upper`,
        script: 'latin',
        transliterated: true,
        value: upper(title),
      });
  }
  return out;
}

/** The Cyrillic spellings of a Cyrillic text as registers write it. */
export function cyrillicSpellings(
  cyrillic: string,
  options: SpellingOptions,
  transliterated = false,
): Spelling[] {
  const out: Spelling[] = [];
  const add = (label: string, value: string) =>
    out.push({ label, script: 'cyrillic', transliterated, value });
  const folded = foldYo(cyrillic);
  add('cyrillic', titleCase(folded));
  if (folded !== cyrillic) add('cyrillic:yo', titleCase(cyrillic));
  if (!options.person) {
    // An organization's name keeps its own case (`Северный ветер` and `Северный Ветер` both occur).
    add('cyrillic:as-written', folded);
    if (!options.caseInsensitive) add('cyrillic:upper', upper(folded));
  }
  return out;
}

/**
 * Adds the spaced form of every hyphenated spelling other than a transliteration, and drops repeated
 * values (the first label wins).
 */
export function withHyphenForms(spellings: readonly Spelling[]): Spelling[] {
  const seen = new Set<string>();
  const out: Spelling[] = [];
  const push = (s: Spelling) => {
    if (seen.has(s.value)) return;
    seen.add(s.value);
    out.push(s);
  };
  for (const s of spellings) push(s);
  for (const s of spellings) {
    // The register's own script only: a transliterated spacing of every form would double an already
    // long list for little (a list that drops the hyphen of a Latin name is rarer than the case forms).
    if (!s.value.includes('-') || (s.script === 'latin' && s.transliterated)) continue;
    const spaced = s.value.replace(/\s*-\s*/g, ' ').trim();
    if (spaced.length > 0) push({ ...s, label: `${s.label}:spaced`, value: spaced });
  }
  return out;
}
