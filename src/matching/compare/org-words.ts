import { CIS_LEGAL_FORMS } from './data/cis-legal-forms.js';
import { VENDORED_LEGAL_FORMS } from './data/org-types.js';
import { TENS_WORDS, UNIT_WORDS } from './data/org-number-words.js';
import { ABBREVIATIONS, GENERIC_WORDS } from './data/org-words.js';
import type { LegalForm } from './legal-forms.js';
import type { NameWord, Script } from './name-words.js';
import { hasCyrillic, hasLatin, splitWords } from '../text/normalize.js';
import { editDistance } from './similarity.js';
import { skeleton } from '../text/skeleton.js';

/**
 * The words of an organization name as lists of other jurisdictions write them: initials with dots
 * (`L.L.C.`, `G.m.b.H.`), legal forms of every country before or after the name, abbreviations of
 * organization words, and common company words in another language.
 */

function scriptOf(text: string): Script {
  if (hasCyrillic(text)) return 'cyrillic';
  if (hasLatin(text)) return 'latin';
  return 'none';
}

function word(text: string, like?: NameWord): NameWord {
  return {
    text,
    written: text,
    skel: skeleton(text),
    dotted: false,
    group: like?.group ?? 0,
    index: like?.index ?? 0,
    upper: false,
    script: scriptOf(text),
  };
}

/**
 * Runs of two or more single letters written with dots are one word: `L.L.C.` is `llc`, `A.B.C.` is `abc`
 * (the last letter may lack its dot). Letters without dots stay apart: `Partners V L.P.` keeps its `V`.
 */
export function joinInitials(words: readonly NameWord[]): NameWord[] {
  const out: NameWord[] = [];
  let run: NameWord[] = [];
  const flush = (): void => {
    if (run.length >= 2) out.push(word(run.map((w) => w.text).join(''), run[0]));
    else out.push(...run);
    run = [];
  };
  for (const w of words) {
    const letter = [...w.text].length === 1 && /\p{L}/u.test(w.text);
    if (letter && (w.dotted || run.length > 0)) run.push(w);
    else {
      flush();
      out.push(w);
    }
  }
  flush();
  return out;
}

/** The words of a table's phrase as a name's words become (initials joined). */
function phraseWords(phrase: string): NameWord[] {
  return joinInitials(splitWords(phrase, true).map((w) => word(w.text)));
}

const EXPANSIONS = new Map<string, readonly NameWord[]>(
  ABBREVIATIONS.map(([short, long]) => [skeleton(short.toLowerCase()), phraseWords(long)]),
);

/** Abbreviated organization words written out (`НПП` → `научно производственное предприятие`). */
export function expandAbbreviations(words: readonly NameWord[]): NameWord[] {
  return words.flatMap((w) => (EXPANSIONS.get(w.skel) ?? [w]).map((e) => (e === w ? w : word(e.text, w))));
}

interface FormPhrase {
  readonly key: string;
  readonly length: number;
  readonly form: LegalForm;
}

/**
 * A form is looked up in the script it is written in: the skeleton of the Latin `SE` is the one of the
 * Cyrillic word `Се`, which is no legal form. Transliterated forms (`OOO`, `TOV`) are listed in Latin.
 */
function formKey(words: readonly NameWord[]): string {
  return `${words[0]?.script ?? 'none'}:${words.map((w) => w.skel).join(' ')}`;
}

const FORM_PHRASES = new Map<string, FormPhrase>();
let longestForm = 1;
for (const [code, family, spellings] of [...CIS_LEGAL_FORMS, ...VENDORED_LEGAL_FORMS]) {
  for (const spelling of spellings.split('|')) {
    // A Roman numeral is a name's number (`Fund III`), whatever a country's form it may also spell.
    if (/^[ivx]+$/iu.test(spelling)) continue;
    const words = phraseWords(spelling);
    const skels = words.map((w) => w.skel);
    if (skels.join('').length === 0) continue;
    const key = formKey(words);
    if (FORM_PHRASES.has(key)) continue; // the first table to name a spelling wins
    FORM_PHRASES.set(key, { key, length: skels.length, form: { code, family } });
    longestForm = Math.max(longestForm, skels.length);
  }
}

function formAt(words: readonly NameWord[], start: number, length: number): FormPhrase | undefined {
  if (start < 0 || start + length > words.length) return undefined;
  // A Roman numeral's skeleton may spell a form (`X` reads `кс`, the Czech k.s.): it stays a number.
  if (length === 1 && /^[ivx]+$/u.test(words[start]?.text ?? '')) return undefined;
  return FORM_PHRASES.get(formKey(words.slice(start, start + length)));
}

/**
 * Legal forms of other jurisdictions taken off both ends of a name (`Siemens Aktiengesellschaft`,
 * `Oboronnye Initsiativy o.O.O.`, `ТОВ «Кедр»`). Only at the ends, and never the last word: a short form
 * (`AS`, `SE`) may be a word of the name itself when it stands in the middle.
 */
export function peelLegalForms(words: readonly NameWord[]): { words: NameWord[]; forms: LegalForm[] } {
  let rest = [...words];
  const forms: LegalForm[] = [];
  for (let changed = true; changed;) {
    changed = false;
    for (let n = Math.min(longestForm, rest.length - 1); n >= 1 && !changed; n--) {
      const head = formAt(rest, 0, n);
      const tail = head ? undefined : formAt(rest, rest.length - n, n);
      const found = head ?? tail;
      if (!found) continue;
      forms.push(found.form);
      rest = head ? rest.slice(n) : rest.slice(0, rest.length - n);
      changed = true;
    }
  }
  return { words: rest, forms };
}

const GENERIC = new Map<string, string>();
for (const group of GENERIC_WORDS) {
  const key = skeleton(group[0] ?? '');
  for (const w of group) GENERIC.set(skeleton(w), key);
}

/** A common company word (`bank`, `trading`, `holding`) in any language the table lists. */
export function isGenericWord(skel: string): boolean {
  return GENERIC.has(skel);
}

/** The key of a common company word in any language it is written in; other words unchanged. */
export function genericKey(skel: string): string {
  return GENERIC.get(skel) ?? skel;
}

/** Words that make a name the name of a branch or office of another organization. */
const BRANCH_PHRASES: readonly (readonly string[])[] = [
  ['обособленное', 'подразделение'],
  ['representative', 'office'],
  ['филиал'],
  ['представительство'],
  ['branch'],
  ['філія'],
  ['представництво'],
];

/** Where a branch's name says where it is (`… в г. Казани`, `… in Kazan`): the parent's name ends there. */
const LOCATIVES = new Set(['в', 'во', 'у', 'in', 'по']);

function branchAt(words: readonly NameWord[], i: number): number {
  for (const phrase of BRANCH_PHRASES) {
    if (phrase.every((p, k) => words[i + k]?.text.startsWith(p) === true)) return phrase.length;
  }
  return 0;
}

/**
 * `Филиал ООО «Кедр-Инвест» в г. Казани` → the parent's words (`Кедр Инвест`) and that it is a branch:
 * the branch words are dropped, and the place after them.
 */
export function takeBranch(words: readonly NameWord[]): { words: NameWord[]; branch: boolean } {
  for (let i = 0; i < words.length; i++) {
    const length = branchAt(words, i);
    if (length === 0) continue;
    const rest = [...words.slice(0, i), ...words.slice(i + length)];
    const place = rest.findIndex((w, k) => k > 0 && LOCATIVES.has(w.text));
    return { words: place > 0 ? rest.slice(0, place) : rest, branch: true };
  }
  return { words: [...words], branch: false };
}

const ORDINAL_DIGITS = /^(\d+)(?:st|nd|rd|th)$/u;

/** A number word's value; `near` admits one slip in a long word (`fourty`) next to another number. */
function numberWord(text: string, near: boolean): { value: number; tens: boolean } | undefined {
  const exact = UNIT_WORDS[text] ?? TENS_WORDS[text];
  if (exact !== undefined) return { value: exact, tens: TENS_WORDS[text] !== undefined };
  if (!near || text.length < 5) return undefined;
  for (const [table, tens] of [
    [TENS_WORDS, true],
    [UNIT_WORDS, false],
  ] as const) {
    for (const [spelled, value] of Object.entries(table)) {
      if (spelled.length >= 5 && editDistance(text, spelled, 1) <= 1) return { value, tens };
    }
  }
  return undefined;
}

const isNumberLike = (w: NameWord | undefined): boolean =>
  w !== undefined && (/^\d/u.test(w.text) || numberWord(w.text, false) !== undefined);

/**
 * Numbers written as words or ordinals made digits (`Forty-Four` and `Forty 4` → `44`, `Three` → `3`,
 * `1st` and `First` → `1`), so that numbers are compared as numbers whichever way a name writes them.
 */
export function spellNumbers(words: readonly NameWord[]): NameWord[] {
  const out: NameWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === undefined) continue;
    const ordinal = ORDINAL_DIGITS.exec(w.text);
    if (ordinal?.[1] !== undefined) {
      out.push(word(String(Number(ordinal[1])), w));
      continue;
    }
    const near = isNumberLike(words[i - 1]) || isNumberLike(words[i + 1]);
    const found = w.script === 'latin' ? numberWord(w.text, near) : undefined;
    if (found === undefined) {
      out.push(w);
      continue;
    }
    let value = found.value;
    const next = words[i + 1];
    if (found.tens && next !== undefined) {
      const unit = /^[1-9]$/u.test(next.text) ? Number(next.text) : numberWord(next.text, true);
      const units =
        typeof unit === 'number' ? unit : unit !== undefined && !unit.tens ? unit.value : undefined;
      if (units !== undefined && units >= 1 && units <= 9) {
        value += units;
        i++;
      }
    }
    out.push(word(String(value), w));
  }
  return out;
}
