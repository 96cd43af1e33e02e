import { ORG_NAME, POSSIBLE_THRESHOLD } from '../thresholds.js';
import { compareLegalForms, type FormAgreement, type LegalForm } from './legal-forms.js';
import { splitName, type NameWord, type Script } from './name-words.js';
import { alignOrgWords } from './org-align.js';
import {
  expandAbbreviations,
  genericKey,
  joinInitials,
  peelLegalForms,
  spellNumbers,
  takeBranch,
} from './org-words.js';
import { editDistance, jaroWinkler } from './similarity.js';
import { skeleton } from '../text/skeleton.js';
import { splitWords } from '../text/normalize.js';

/**
 * Organization names: quotes and legal forms stripped, the rest compared as one string of skeletons
 * (`Восток-Трейд`, `Восток Трейд` and `VOSTOK-TREID` are one name). Every remaining word is significant:
 * `Северный Ветер` and `Северный Ветер Плюс` are two companies. The legal form is compared apart: one
 * family (ООО and LLC, АО and ПАО) agrees; different families (ООО and АО) cap the score in the review band,
 * because an equal name under another form is another legal entity until someone checks (it may also be
 * the same business after a reorganisation, which is why it is not simply cleared).
 */

export interface OrgName {
  readonly raw: string;
  readonly words: readonly NameWord[];
  /** Skeletons of the significant words, joined without separators. */
  readonly joined: string;
  /** The same skeletons sorted, joined with spaces: equal for the same words in another order. */
  readonly sorted: string;
  /** Every legal form found: Russian ones anywhere in the name, other jurisdictions' at its ends. */
  readonly forms: readonly LegalForm[];
  /** The Russian forms only (ООО, АО, ИП…): what marks an unlabelled record as a company. */
  readonly russianForms: readonly LegalForm[];
  /** `joined` and `sorted` with common company words read as one key across languages (./data/org-words.ts). */
  readonly genericJoined: string;
  readonly genericSorted: string;
  readonly script: Script;
  /** The name was written with quotes (`ООО «Ромашка»`): a sign of an organization. */
  readonly quoted: boolean;
  /** The numbers in the name, sorted (`Завод № 158` → 158): part of its identity, never a typo. */
  readonly numbers: string;
  /** A branch or representative office (`Филиал … в г. Казани`): `words` are its parent's name. */
  readonly branch: boolean;
  /** A number is written after a number sign (`№ 157`, `No. 157`): the body's own number. */
  readonly signedNumber: boolean;
  /** The name as written, without its vessel prefix. */
  readonly text: string;
  /** The vessel prefix the name was written with (`MV`, `M/T`), taken off its words. */
  readonly vesselPrefix: string;
}

/**
 * Words that join other words and say nothing of the company, as written (not by skeleton: the
 * skeleton of the numeral `II` is the one of `и`).
 */
const STOP_WORDS = new Set(['и', 'and', 'the', 'of', 'und', 'et']);

const QUOTES = ['«', '»', '"', '„', '“', '”'];

/** Number signs written as words before a number: `N 57`, `No. 57`, `Nr 57` are `№ 57`. */
const NUMBER_SIGNS = new Set(['n', 'no', 'nr', 'nº', 'no.']);

const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= '0' && ch <= '9';

/** The words without number signs: `N 57` and `N57` become `57`, as `№ 57` already is. */
function withoutNumberSigns(words: readonly NameWord[]): NameWord[] {
  const out: NameWord[] = [];
  words.forEach((w, i) => {
    if (NUMBER_SIGNS.has(w.text) && isDigit(words[i + 1]?.text[0])) return;
    const sign = [...NUMBER_SIGNS].find((s) => w.text.startsWith(s) && isDigit(w.text[s.length]));
    if (sign !== undefined && /^\d+$/.test(w.text.slice(sign.length))) {
      const digits = w.text.slice(sign.length);
      out.push({ ...w, text: digits, written: digits, skel: digits });
      return;
    }
    out.push(w);
  });
  return out;
}

const ROMAN: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10 };

/** `II`, `IV`, `XIII` as numbers (two letters or more: a lone `V` may be an initial). */
function romanValue(text: string): number | undefined {
  if (text.length < 2 || !/^x{0,3}(?:ix|iv|v?i{0,3})$/u.test(text)) return undefined;
  let total = 0;
  [...text].forEach((ch, i) => {
    const value = ROMAN[ch] ?? 0;
    total += value < (ROMAN[text[i + 1] ?? ''] ?? 0) ? -value : value;
  });
  return total;
}

/** `Trust I`, `Partners V`: a lone I, V or X that ends a name of several words is its number, not an initial. */
function lastRoman(words: readonly NameWord[], i: number): number | undefined {
  const text = words[i]?.text ?? '';
  if (i === 0 || i !== words.length - 1 || !/^[ivx]$/u.test(text)) return undefined;
  return ROMAN[text];
}

function numbersOf(words: readonly NameWord[]): string {
  const found: string[] = [];
  for (const [i, w] of words.entries()) {
    const roman = romanValue(w.text) ?? lastRoman(words, i);
    if (roman !== undefined) found.push(String(roman));
    for (const run of w.text.match(/\d+/g) ?? []) found.push(String(Number(run)));
  }
  return found.sort().join(' ');
}

/** Vessel prefixes (rigour's OBJ_NAME_PREFIXES and the tanker's M/T): in capitals or with a slash. */
const VESSEL_PREFIX = /^\s*(M\/[VTY]|MV|MT|MY)\.?\s+(?=\S)/u;
const SIGNED_NUMBER = /№|\b(?:no|nr|n)\.?\s*\d/iu;

export function parseOrgName(raw: string): OrgName {
  const prefix = VESSEL_PREFIX.exec(raw);
  const text = prefix ? raw.slice(prefix[0].length) : raw;
  const split = splitName(text, true);
  const own = takeBranch(split.words.filter((w) => !STOP_WORDS.has(w.text)));
  const plain = spellNumbers(withoutNumberSigns(own.words));
  const peeled = peelLegalForms(joinInitials(plain));
  const words = expandAbbreviations(peeled.words).filter((w) => !STOP_WORDS.has(w.text));
  const skels = words.map((w) => w.skel);
  const generic = skels.map(genericKey);
  return {
    raw,
    words,
    joined: skels.join(''),
    sorted: skels.slice().sort().join(' '),
    genericJoined: generic.join(''),
    genericSorted: generic.slice().sort().join(' '),
    forms: [...split.forms, ...peeled.forms],
    russianForms: split.forms,
    script: split.script,
    quoted: QUOTES.some((q) => raw.includes(q)),
    numbers: numbersOf(words),
    branch: own.branch,
    signedNumber: SIGNED_NUMBER.test(text),
    text,
    vesselPrefix: prefix?.[1]?.replace('/', '') ?? '',
  };
}

export type OrgAgreement = 'equal' | 'translated' | 'reordered' | 'typo' | 'similar' | 'differs' | 'absent';

export interface OrgNameComparison {
  readonly score: number;
  readonly agreement: OrgAgreement;
  readonly forms: FormAgreement;
  readonly notes: readonly string[];
}

function formCodes(forms: readonly LegalForm[]): string {
  return forms.map((f) => f.code).join('/');
}

/** Words on one side only, for the reviewer: `only on record: плюс`. */
function wordDifference(client: OrgName, record: OrgName): string {
  const a = new Set(client.words.map((w) => w.skel));
  const b = new Set(record.words.map((w) => w.skel));
  const onlyClient = client.words.filter((w) => !b.has(w.skel)).map((w) => w.text);
  const onlyRecord = record.words.filter((w) => !a.has(w.skel)).map((w) => w.text);
  const parts: string[] = [];
  if (onlyClient.length > 0) parts.push(`only on client: ${onlyClient.join(' ')}`);
  if (onlyRecord.length > 0) parts.push(`only on record: ${onlyRecord.join(' ')}`);
  return parts.join('; ');
}

function branchNote(client: OrgName, record: OrgName): string {
  if (client.branch && record.branch) return 'both are branches: the parents compared';
  return client.branch ? 'client is a branch of the listed organization' : 'record is a branch of the client';
}

/** The first of a series is often written without its number (`Fund` / `Fund I`). */
function sameNumbers(a: string, b: string): boolean {
  return a === b || (a === '' && b === '1') || (a === '1' && b === '');
}

interface NameAgreement {
  readonly score: number;
  readonly agreement: OrgAgreement;
  readonly note?: string;
}

function differs(client: OrgName, record: OrgName, note: string): NameAgreement {
  return {
    score: ORG_NAME.CONTRADICTION_CAP * jaroWinkler(client.joined, record.joined),
    agreement: 'differs',
    note,
  };
}

/**
 * Завод № 157 and Завод № 158 are two plants, not one with a slip: numbers are compared as numbers. Two
 * bare numbers of one series (`Fund VII` / `Fund VIII`) point at a sister entity, for a reviewer when
 * every word agrees; a number on one side only (`Partners` / `Partners II`) says nothing of which one
 * the other side is, and a kind and a number (`Школа 5`, `Депо 3`) is a numbered body: it takes two
 * words to name a series.
 */
function numbersDiffer(client: OrgName, record: OrgName): NameAgreement {
  const numbers = `${client.numbers || 'none'} ≠ ${record.numbers || 'none'}`;
  const series = (o: OrgName): boolean =>
    !o.signedNumber && o.numbers !== '' && o.words.filter((w) => !/\d/u.test(w.text)).length >= 2;
  const aligned =
    series(client) && series(record)
      ? alignOrgWords(client.words, client.raw, record.words, record.raw)
      : undefined;
  if (aligned !== undefined && aligned.score >= POSSIBLE_THRESHOLD) {
    return {
      score: Math.min(aligned.score, ORG_NAME.NUMBER_DIFFERS_CAP),
      agreement: 'similar',
      note: `number differs (${numbers}), words agree: a series or sister entity for a reviewer`,
    };
  }
  return differs(client, record, `number differs (${numbers})`);
}

const COMPACT = new WeakMap<OrgName, string>();

/**
 * Every letter and digit of the name, legal forms included, without word breaks (`AcmeAG`): computed
 * when first needed, as most candidates never get this far.
 */
function compactOf(o: OrgName): string {
  let compact = COMPACT.get(o);
  if (compact === undefined) {
    const words = splitWords(o.text, true).map((w) => w.text);
    compact = skeleton(words.filter((w) => !STOP_WORDS.has(w)).join(''));
    COMPACT.set(o, compact);
  }
  return compact;
}

const oneEdit = (a: string, b: string, min: number): boolean =>
  Math.min(a.length, b.length) >= min && editDistance(a, b, 1) === 1;

function nameAgreement(client: OrgName, record: OrgName): NameAgreement {
  if (!sameNumbers(client.numbers, record.numbers)) return numbersDiffer(client, record);
  if (client.joined === record.joined) return { score: 1, agreement: 'equal' };
  if (client.sorted === record.sorted) {
    return { score: ORG_NAME.REORDERED_SCORE, agreement: 'reordered', note: 'same words in another order' };
  }
  if (client.genericJoined === record.genericJoined || client.genericSorted === record.genericSorted) {
    // `Группа Восток` / `Vostok Group`: the same name once common words are read across languages.
    const note = 'same name with common words in another language';
    return { score: ORG_NAME.TRANSLATED_SCORE, agreement: 'translated', note };
  }
  if (oneEdit(client.joined, record.joined, ORG_NAME.TYPO_MIN_LENGTH)) {
    return { score: ORG_NAME.TYPO_SCORE, agreement: 'typo', note: 'one-letter difference in name' };
  }
  // Words joined or split keep the name's first letters; other names need not be read without breaks.
  const compact = client.joined.slice(0, 3) === record.joined.slice(0, 3);
  const [a, b] = compact ? [compactOf(client), compactOf(record)] : ['', '-'];
  if (a === b) {
    return {
      score: ORG_NAME.REORDERED_SCORE,
      agreement: 'reordered',
      note: 'same letters, words joined or split',
    };
  }
  if (oneEdit(a, b, ORG_NAME.COMPACT_TYPO_MIN_LENGTH)) {
    const note = 'one-letter difference in name, words joined or split';
    return { score: ORG_NAME.TYPO_SCORE, agreement: 'typo', note };
  }
  const similar = alignOrgWords(client.words, client.raw, record.words, record.raw);
  if (similar !== undefined && similar.score >= POSSIBLE_THRESHOLD) {
    return { score: similar.score, agreement: 'similar', note: `similar words (${similar.explanation})` };
  }
  const difference = wordDifference(client, record);
  return differs(client, record, difference.length > 0 ? `name differs (${difference})` : 'name differs');
}

export function compareOrgNames(client: OrgName, record: OrgName): OrgNameComparison {
  const forms = compareLegalForms(client.forms, record.forms);
  if (client.joined.length === 0 || record.joined.length === 0) {
    const side = client.joined.length === 0 ? 'client' : 'record';
    return { score: 0, agreement: 'absent', forms, notes: [`name absent on ${side}`] };
  }
  const named = nameAgreement(client, record);
  const notes: string[] = named.note === undefined ? [] : [named.note];
  let score = named.score;
  const agreement = named.agreement;
  if (client.vesselPrefix !== record.vesselPrefix && score > ORG_NAME.VESSEL_PREFIX_CAP) {
    score = ORG_NAME.VESSEL_PREFIX_CAP;
    notes.push(`vessel prefix on one side (${client.vesselPrefix || record.vesselPrefix})`);
  }
  if (forms === 'absent') {
    if (client.forms.length > 0 || record.forms.length > 0) {
      score -= ORG_NAME.FORM_ABSENT_PENALTY;
      notes.push(`legal form absent on ${client.forms.length === 0 ? 'client' : 'record'}`);
    }
  } else if (forms === 'different') {
    score = Math.min(score, ORG_NAME.FORM_DIFFERS_CAP);
    notes.push(`legal form differs (${formCodes(client.forms)} ≠ ${formCodes(record.forms)})`);
  } else {
    const a = formCodes(client.forms);
    const b = formCodes(record.forms);
    notes.push(a === b ? `legal form ${a}` : `legal form ${a} ~ ${b}`);
  }
  if (client.branch || record.branch) {
    // A branch has no legal personality of its own: its parent is the listed party, and a reviewer decides.
    if (agreement !== 'differs') score = Math.min(score, ORG_NAME.BRANCH_SCORE);
    notes.push(branchNote(client, record));
  }
  return { score: Math.max(0, score), agreement, forms, notes };
}
