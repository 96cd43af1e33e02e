import { PERSON_NAME } from '../thresholds.js';
import { splitName, type NameWord, type Script } from './name-words.js';
import type { LegalForm } from './legal-forms.js';
import { areKnownGivenNames } from './given-names.js';
import {
  fatherStems,
  particleGender,
  sameFather,
  sameGivenName,
  isBelarusianHomonymOf,
} from './name-variants.js';
import { isBelarusianWritten, reducedKeys } from '../text/belarusian.js';
import { letterKeys, skeleton, skeletonKeys } from '../text/skeleton.js';
import { editDistance } from './similarity.js';

/**
 * Person names: Фамилия Имя Отчество in any order (`Ольга Викторовна Смирнова`, `SMIRNOVA, Olga`),
 * initials, patronymics recognised by their suffix, and the gendered forms of surnames, given names and
 * patronymics (Иванов / Иванова, Александр / Александра, -ович / -овна) told apart from typos.
 */

export type NameRole = 'surname' | 'given' | 'patronymic' | 'unknown';
export type Gender = 'male' | 'female';

export interface PersonToken extends NameWord {
  readonly initial: boolean;
  /** Gender of a word that reads as a patronymic (-ович/-евич/-ич, -овна/-евна/-ична, -івна, -аўна, оглы/кызы). */
  readonly patronymic: Gender | undefined;
  readonly role: NameRole;
  /** Every skeleton the word can stand for (skeletonKeys): a Latin word has one per reading. */
  readonly keys: readonly string[];
  /** The word's letters before the shared folds, one per reading: what an initial is compared with. */
  readonly letters: readonly string[];
  /** For a patronymic, the stems of the father's name it is built on (fatherStems). */
  readonly father: readonly string[];
  /** The name the word belongs to is written in Belarusian (belarusian.ts): it may hold Belarusian forms. */
  readonly belarusianName: boolean;
}

export interface PersonName {
  readonly raw: string;
  readonly tokens: readonly PersonToken[];
  readonly forms: readonly LegalForm[];
  readonly script: Script;
}

/** Latin spellings of one Cyrillic letter that may stand alone as an initial without a dot. */
const ONE_LETTER_DIGRAPHS = new Set(['yu', 'ya', 'ye', 'yo', 'zh', 'kh', 'ch', 'sh', 'ts', 'iu', 'ia']);

function isInitial(word: NameWord): boolean {
  if (word.skel.length <= 1) return true;
  if (word.dotted && word.text.length <= 4) return true;
  return word.text.length === 2 && ONE_LETTER_DIGRAPHS.has(word.text);
}

function patronymicGender(skel: string): Gender | undefined {
  // Ильич (илич) is the shortest patronymic; no given name ends in -ич.
  if (skel.length < 4) return undefined;
  if (skel.endsWith('ич')) return 'male';
  if (['овна', 'евна', 'ична', 'ивна', 'авна', 'ауна', 'еуна'].some((e) => skel.endsWith(e))) return 'female';
  return undefined;
}

/**
 * Where the surname is when the caller did not say. Order of evidence: a comma (`SURNAME, Given
 * Patronymic`); a word in capitals among mixed-case ones; the position of the patronymic (last in
 * Фамилия Имя Отчество, second in Имя Отчество Фамилия); else register order.
 */
function surnameIndex(words: readonly NameWord[], patronymics: readonly (Gender | undefined)[]): number {
  const n = words.length;
  if (words.some((w) => w.group > 0)) return 0;
  if (n > 1 && words.filter((w) => w.upper).length === 1) return words.findIndex((w) => w.upper);
  if (n === 3 && patronymics[1] !== undefined && patronymics[0] === undefined) return 2;
  return 0;
}

/**
 * Roles of the words of a name given as one string, for explanations and for the surname rules (a name
 * given in parts has its roles from the caller).
 */
function assignRoles(words: readonly NameWord[], patronymics: readonly (Gender | undefined)[]): NameRole[] {
  const n = words.length;
  const roles: NameRole[] = Array.from({ length: n }, () => 'unknown');
  if (n === 0) return roles;
  const surname = surnameIndex(words, patronymics);
  roles[surname] = 'surname';
  let givenSeen = false;
  for (let i = 0; i < n; i++) {
    if (i === surname) continue;
    if (patronymics[i] !== undefined) roles[i] = 'patronymic';
    else if (!givenSeen) {
      roles[i] = 'given';
      givenSeen = true;
    }
  }
  return roles;
}

function tokensOf(words: readonly NameWord[], roles?: readonly NameRole[]): PersonToken[] {
  // A Turkic particle (оглы, кызы) makes the word before it a patronymic of its gender and is dropped.
  const kept: NameWord[] = [];
  const keptRoles: NameRole[] = [];
  const particleAfter = new Map<number, Gender>();
  words.forEach((w, i) => {
    const gender = kept.length > 0 ? particleGender(w.skel) : undefined;
    if (gender !== undefined) {
      particleAfter.set(kept.length - 1, gender);
      return;
    }
    // `Rafiq-oğlu`, `Рафик-кызы`: the particle joined with a hyphen.
    const hyphen = w.text.lastIndexOf('-');
    const joined = hyphen > 0 ? particleGender(skeleton(w.text.slice(hyphen + 1))) : undefined;
    if (joined !== undefined) {
      const father = w.text.slice(0, hyphen);
      particleAfter.set(kept.length, joined);
      kept.push({
        ...w,
        text: father,
        written: w.written.slice(0, w.written.lastIndexOf('-')),
        skel: skeleton(father),
      });
    } else kept.push(w);
    keptRoles.push(roles?.[i] ?? 'unknown');
  });
  const initials = kept.map(isInitial);
  const patronymics = kept.map((w, i): Gender | undefined => {
    if (initials[i]) return undefined;
    return particleAfter.get(i) ?? patronymicGender(w.skel);
  });
  const assigned = roles === undefined ? assignRoles(kept, patronymics) : keptRoles;
  const belarusianName = isBelarusianWritten(kept.map((w) => ({ text: w.text, keys: skeletonKeys(w.text) })));
  return kept.map((w, i) => {
    const role = assigned[i] ?? 'unknown';
    const keys = skeletonKeys(w.text);
    // A surname that ends like a patronymic (Абрамович, Бабич) is still a surname.
    const patronymic = role === 'surname' ? undefined : patronymics[i];
    return {
      text: w.text,
      written: w.written,
      skel: w.skel,
      dotted: w.dotted,
      group: w.group,
      upper: w.upper,
      script: w.script,
      index: i,
      initial: initials[i] ?? false,
      patronymic,
      role,
      keys,
      letters: letterKeys(w.text),
      father: patronymic === undefined ? [] : fatherStems(keys, particleAfter.has(i)),
      belarusianName,
    };
  });
}

/** Record names parsed lately: a register answer is scored against many clients. Cleared when full. */
const parsedNames = new Map<string, PersonName>();
const PARSED_NAMES_LIMIT = 20_000;

/** `parsePersonName` for register records, memoised by the text (the result is never mutated). */
export function parseRecordPersonName(raw: string): PersonName {
  let parsed = parsedNames.get(raw);
  if (parsed === undefined) {
    parsed = parsePersonName(raw);
    if (parsedNames.size >= PARSED_NAMES_LIMIT) parsedNames.clear();
    parsedNames.set(raw, parsed);
  }
  return parsed;
}

/** A full name as one string, in any of the orders registers and clients use. */
export function parsePersonName(raw: string): PersonName {
  const split = splitName(raw, false);
  return { raw, tokens: tokensOf(split.words), forms: split.forms, script: split.script };
}

/** A name given in parts (surname, given name, patronymic columns): the roles are known. */
export function parsePersonParts(parts: {
  readonly surname?: string | undefined;
  readonly given?: string | undefined;
  readonly patronymic?: string | undefined;
}): PersonName {
  const words: NameWord[] = [];
  const roles: NameRole[] = [];
  const forms: LegalForm[] = [];
  const add = (text: string | undefined, role: NameRole) => {
    if (text === undefined) return;
    const split = splitName(text, false);
    forms.push(...split.forms);
    for (const w of split.words) {
      words.push({ ...w, index: words.length });
      roles.push(role);
    }
  };
  add(parts.surname, 'surname');
  add(parts.given, 'given');
  add(parts.patronymic, 'patronymic');
  const raw = [parts.surname, parts.given, parts.patronymic].filter((p) => p !== undefined).join(' ');
  const scripts = new Set(words.map((w) => w.script));
  const script: Script = scripts.has('cyrillic') ? 'cyrillic' : scripts.has('latin') ? 'latin' : 'none';
  return { raw, tokens: tokensOf(words, roles), forms, script };
}

// --- comparison

/**
 * `belarusian`: a Belarusian form no variant table lists (a surname in akanie, Сакалоў for Соколов) or a
 * Belarusian given name that is another name in Russian (Алена for Елена); it holds only beside an agreeing
 * given name and an equal full birth date.
 */
export type PairKind =
  'exact' | 'variant' | 'belarusian' | 'part' | 'typo' | 'typo2' | 'initial' | 'gender' | 'mismatch';

export interface TokenPair {
  readonly client: PersonToken;
  readonly record: PersonToken;
  readonly kind: PairKind;
}

/** The word without `ending`, when it ends so. */
function stem(word: string, ending: string): string | undefined {
  return word.endsWith(ending) ? word.slice(0, word.length - ending.length) : undefined;
}

/** The stem of a masculine adjectival surname: Толстой → толст, Бельский → бельск. */
function adjectiveStem(word: string): string | undefined {
  return stem(word, 'ои') ?? stem(word, 'и');
}

/**
 * The same stem in its masculine and feminine forms: Иванов/Иванова, Александр/Александра,
 * Евгений/Евгения (+а); Толстой/Толстая, -ский/-ская (и ↔ аиа on skeletons); -ович/-овна, -ич/-ична.
 */
export function isGenderPair(a: string, b: string): boolean {
  const short = a.length <= b.length ? a : b;
  const long = a.length <= b.length ? b : a;
  if (long.length === short.length + 1 && long.endsWith('а') && long.startsWith(short)) return true;
  const fem = stem(long, 'аиа');
  if (fem !== undefined && fem.length >= 2 && adjectiveStem(short) === fem) return true;
  const malePatronymic = stem(a, 'ич') ?? stem(b, 'ич');
  const femaleWord = a.endsWith('ич') ? b : a;
  if (malePatronymic !== undefined && malePatronymic.length >= 3) {
    if (stem(femaleWord, 'на') === malePatronymic || stem(femaleWord, 'ична') === malePatronymic) return true;
  }
  return false;
}

const PAIR_VALUE: Readonly<Record<PairKind, number>> = {
  exact: 1,
  variant: 0.98,
  belarusian: 0.9,
  part: 0.85,
  typo: 0.9,
  typo2: 0.8,
  initial: 0.6,
  gender: 0,
  mismatch: 0,
};

function intersects(a: readonly string[], b: readonly string[]): boolean {
  return a.some((x) => b.includes(x));
}

/**
 * An initial against a word: the initial's letters begin the word as written (`К.` and `Ксения`, `Ch.` and
 * `Чернов`, `H.` and `Григорий` in a Ukrainian list), compared before the skeleton's folds so that `кс`
 * is not read as `х`. A Latin initial of two letters (`Ye.`, `Ts.`) and an initial in the other script
 * (`Е.` and `Yelena`) are compared on skeletons as well.
 */
function initialAgrees(init: PersonToken, other: PersonToken): boolean {
  for (const l of init.letters) {
    for (const o of other.letters) {
      if (l.length > 0 && (o.startsWith(l) || (other.initial && l.startsWith(o)))) return true;
    }
  }
  // Across scripts the letters differ by design (`Е.` and `Yelena`): the skeletons compare there.
  if (init.text.length < 2 && init.script === other.script) return false;
  return init.keys.some((k) => k.length > 0 && other.keys.some((o) => o.startsWith(k)));
}

/** A hyphenated word and a part of it (Соколова-Ланская and Соколова): one part of a double surname. */
function isPartOf(whole: PersonToken, part: PersonToken): boolean {
  if (!whole.text.includes('-') || part.text.includes('-')) return false;
  return whole.text
    .split('-')
    .some((piece) => piece.length > 0 && intersects(skeletonKeys(piece), part.keys));
}

/** Ukrainian and Belarusian letters: a word with one is not written by Russian rules. */
const NON_RUSSIAN_LETTERS = /[іїєґў]/;

function isRussianCyrillic(token: PersonToken): boolean {
  return token.script === 'cyrillic' && !NON_RUSSIAN_LETTERS.test(token.text);
}

/** A surname and its Belarusian form (Соколов and Сакалоў or SAKALOU), on the reduced keys of belarusian.ts. */
function isBelarusianSurname(a: PersonToken, b: PersonToken): boolean {
  if (a.role !== 'surname' && b.role !== 'surname') return false;
  if (a.patronymic !== undefined || b.patronymic !== undefined) return false;
  if (a.belarusianName === b.belarusianName) return false;
  return intersects(reducedKeys(a.keys), reducedKeys(b.keys));
}

/** A given name in a Belarusian name that is another name in Russian (Алена) against the name it is there. */
function isBelarusianGivenName(a: PersonToken, b: PersonToken): boolean {
  return (
    (a.belarusianName && isBelarusianHomonymOf(a.keys, b.keys)) ||
    (b.belarusianName && isBelarusianHomonymOf(b.keys, a.keys))
  );
}

function pairKind(a: PersonToken, b: PersonToken): PairKind {
  if (a.initial || b.initial) {
    const [init, other] = a.initial ? [a, b] : [b, a];
    return initialAgrees(init, other) ? 'initial' : 'mismatch';
  }
  // Рафик оглы and Рафик кызы: the same father, another gender.
  if (a.patronymic !== undefined && b.patronymic !== undefined && a.patronymic !== b.patronymic)
    return 'gender';
  if (a.skel === b.skel || intersects(a.keys, b.keys)) return 'exact';
  if (isGenderPair(a.skel, b.skel)) return 'gender';
  if (a.patronymic === undefined && b.patronymic === undefined) {
    if (sameGivenName(a.keys, b.keys)) return 'variant';
    if (isBelarusianGivenName(a, b)) return 'belarusian';
  }
  if (isPartOf(a, b) || isPartOf(b, a)) return 'part';
  const shorter = Math.min(a.skel.length, b.skel.length);
  let distance = 3;
  for (const x of a.keys) for (const y of b.keys) distance = Math.min(distance, editDistance(x, y, 2));
  const slip = distance === 1 && shorter >= PERSON_NAME.TYPO_MIN_LENGTH;
  // Борисоович is a slip in Борисович; Ігорович, Ігаравіч, Ihorovych and Рафик оглы are Игоревич and
  // Рафикович in other languages' forms, however few letters differ.
  if (
    a.patronymic !== undefined &&
    b.patronymic !== undefined &&
    sameFather(a.father, b.father) &&
    !(slip && isRussianCyrillic(a) && isRussianCyrillic(b))
  )
    return 'variant';
  if (areKnownGivenNames(a.skel, b.skel)) return 'mismatch';
  if (slip) return 'typo';
  if (distance === 2 && shorter >= PERSON_NAME.TWO_TYPOS_MIN_LENGTH) return 'typo2';
  return isBelarusianSurname(a, b) ? 'belarusian' : 'mismatch';
}

/**
 * The pairing search over one pair of names, made per call. `values[s * large + l]` is how well word s of
 * the smaller side agrees with word l of the larger.
 */
interface PairingSearch {
  readonly small: number;
  readonly large: number;
  readonly values: number[];
  /** For each word of the smaller side, the index of its partner on the larger side. */
  best: number[];
  readonly chosen: number[];
  bestTotal: number;
}

/** Depth-first over injective maps of the smaller side into the larger: at most 4! for real names. */
function explore(search: PairingSearch, s: number, used: number, total: number): void {
  if (s === search.small) {
    if (total > search.bestTotal) {
      search.bestTotal = total;
      search.best = search.chosen.slice();
    }
    return;
  }
  for (let l = 0; l < search.large; l++) {
    if ((used & (1 << l)) !== 0) continue;
    search.chosen[s] = l;
    explore(search, s + 1, used | (1 << l), total + (search.values[s * search.large + l] ?? 0));
  }
}

/** Best one-to-one pairing of the words, by total agreement; ties go to the pairing that keeps roles. */
function bestPairing(client: readonly PersonToken[], record: readonly PersonToken[]): TokenPair[] {
  const clientFirst = client.length <= record.length;
  const smallSide = clientFirst ? client : record;
  const largeSide = clientFirst ? record : client;
  const small = Math.min(smallSide.length, 7);
  const large = Math.min(largeSide.length, 8);
  const kinds: PairKind[] = new Array<PairKind>(small * large);
  const search: PairingSearch = {
    small,
    large,
    values: new Array<number>(small * large).fill(0),
    best: new Array<number>(small).fill(0),
    chosen: new Array<number>(small).fill(0),
    bestTotal: -1,
  };
  for (let s = 0; s < small; s++) {
    const a = smallSide[s] as PersonToken;
    for (let l = 0; l < large; l++) {
      const b = largeSide[l] as PersonToken;
      const kind = pairKind(a, b);
      kinds[s * large + l] = kind;
      const sameRole = a.role !== 'unknown' && a.role === b.role;
      search.values[s * large + l] = PAIR_VALUE[kind] + (sameRole ? 0.01 : 0);
    }
  }
  if (large <= 6) {
    explore(search, 0, 0, 0);
  } else {
    // Unusually long names (lists that append aliases): greedy is good enough.
    let used = 0;
    for (let s = 0; s < small; s++) {
      let pick = -1;
      for (let l = 0; l < large; l++) {
        if ((used & (1 << l)) !== 0) continue;
        if (pick < 0 || (search.values[s * large + l] ?? 0) > (search.values[s * large + pick] ?? 0))
          pick = l;
      }
      used |= 1 << pick;
      search.best[s] = pick;
    }
  }
  const pairs: TokenPair[] = [];
  for (let s = 0; s < small; s++) {
    const l = search.best[s] ?? 0;
    const a = smallSide[s] as PersonToken;
    const b = largeSide[l] as PersonToken;
    const kind = kinds[s * large + l] ?? 'mismatch';
    pairs.push(clientFirst ? { client: a, record: b, kind } : { client: b, record: a, kind });
  }
  return pairs;
}

export type NameAgreement = 'full' | 'initials' | 'partial' | 'contradicts' | 'absent';

export interface PersonNameComparison {
  /** The score on the names alone. */
  readonly score: number;
  /**
   * The score when the full birth date is equal too: initials beside an equal surname, one part of a double
   * surname beside the given names, and Belarusian forms are the person with that date, and only with it.
   */
  readonly withFullBirthDate: number;
  readonly agreement: NameAgreement;
  readonly pairs: readonly TokenPair[];
  /** Words left without a partner (a patronymic missing on one side). */
  readonly unpaired: readonly PersonToken[];
  readonly notes: readonly string[];
}

const ROLE_LABEL: Readonly<Record<NameRole, string>> = {
  surname: 'surname',
  given: 'given name',
  patronymic: 'patronymic',
  unknown: 'name part',
};

function roleOf(pair: TokenPair): NameRole {
  if (pair.client.role !== 'unknown') return pair.client.role;
  return pair.record.role;
}

/**
 * `Мусина Ахметова` written as two words where the other side has `Мусина-Ахметова`: the two words become
 * one surname, so that they pair with it instead of leaving a word over.
 */
function joinDoubleSurname(
  side: readonly PersonToken[],
  other: readonly PersonToken[],
): readonly PersonToken[] {
  if (side.length < 2 || !other.some((t) => t.text.includes('-'))) return side;
  const hyphenated = other.filter((t) => t.text.includes('-'));
  for (let i = 0; i + 1 < side.length; i++) {
    const first = side[i] as PersonToken;
    const second = side[i + 1] as PersonToken;
    if (first.initial || second.initial || first.text.includes('-') || second.text.includes('-')) continue;
    const text = `${first.text}-${second.text}`;
    const keys = skeletonKeys(first.text + second.text);
    const whole = hyphenated.find((h) => intersects(h.keys, keys));
    if (whole === undefined) continue;
    const joined: PersonToken = {
      ...first,
      text,
      written: `${first.written}-${second.written}`,
      skel: whole.skel,
      keys: whole.keys,
      letters: first.letters,
      role: 'surname',
      patronymic: undefined,
      father: [],
    };
    return [...side.slice(0, i), joined, ...side.slice(i + 2)];
  }
  return side;
}

/**
 * A Belarusian surname form agrees on a coarse key only: without a given name that agrees too (exactly,
 * as a variant or in its Belarusian form) it is another surname.
 */
function withBelarusianSupport(pairs: readonly TokenPair[]): TokenPair[] {
  const isName = (p: TokenPair) => p.client.patronymic === undefined && p.record.patronymic === undefined;
  const surnameForm = (p: TokenPair) => p.kind === 'belarusian' && roleOf(p) === 'surname';
  const supported = pairs.some(
    (p) => isName(p) && !surnameForm(p) && ['exact', 'variant', 'belarusian'].includes(p.kind),
  );
  return pairs.map((p) => (surnameForm(p) && !supported ? { ...p, kind: 'mismatch' } : p));
}

/** Scores two person names (see PERSON_NAME in src/matching/thresholds.ts for the numbers). */
export function comparePersonNames(client: PersonName, record: PersonName): PersonNameComparison {
  if (client.tokens.length === 0 || record.tokens.length === 0) {
    const side = client.tokens.length === 0 ? 'client' : 'record';
    const notes = [`name absent on ${side}`];
    return { score: 0, withFullBirthDate: 0, agreement: 'absent', pairs: [], unpaired: [], notes };
  }
  const clientTokens = joinDoubleSurname(client.tokens, record.tokens);
  const recordTokens = joinDoubleSurname(record.tokens, client.tokens);
  const pairs = withBelarusianSupport(bestPairing(clientTokens, recordTokens));
  const unpaired: PersonToken[] = [];
  for (const t of clientTokens) if (!pairs.some((p) => p.client === t)) unpaired.push(t);
  for (const t of recordTokens) if (!pairs.some((p) => p.record === t)) unpaired.push(t);
  const notes: string[] = [];
  const contradictions = pairs.filter((p) => p.kind === 'gender' || p.kind === 'mismatch');
  if (contradictions.length > 0) {
    for (const p of contradictions) {
      const what = p.kind === 'gender' ? 'gender form differs' : 'differs';
      notes.push(`${ROLE_LABEL[roleOf(p)]} ${what} (${p.client.text} ≠ ${p.record.text})`);
    }
    const agreeing = pairs.reduce((sum, p) => sum + PAIR_VALUE[p.kind], 0) / pairs.length;
    const score = PERSON_NAME.CONTRADICTION_CAP * agreeing;
    return { score, withFullBirthDate: score, agreement: 'contradicts', pairs, unpaired, notes };
  }
  return scoreAgreeing(pairs, unpaired, clientTokens, notes);
}

/** The score of names without a contradiction, and the score they have with an equal full birth date. */
function scoreAgreeing(
  pairs: readonly TokenPair[],
  unpaired: readonly PersonToken[],
  clientTokens: readonly PersonToken[],
  notes: string[],
): PersonNameComparison {
  let score = 1;
  let initials = 0;
  let partOnly = false;
  let belarusian = false;
  // Agreeing names other than patronymics: a surname and a given name are what identify a person.
  let names = 0;
  for (const p of pairs) {
    if (p.kind === 'variant') {
      score -= PERSON_NAME.VARIANT_PENALTY;
      const role = roleOf(p);
      const what =
        role === 'patronymic'
          ? 'patronymic of the same name in another form'
          : `${ROLE_LABEL[role]} in another language`;
      notes.push(`${what} (${p.client.text} ~ ${p.record.text})`);
    } else if (p.kind === 'belarusian') {
      belarusian = true;
      score -= PERSON_NAME.BELARUSIAN_FORM_PENALTY;
      notes.push(`${ROLE_LABEL[roleOf(p)]} in a Belarusian form (${p.client.text} ~ ${p.record.text})`);
    } else if (p.kind === 'part') {
      partOnly = true;
      notes.push(`one part of a double surname (${p.client.text} ~ ${p.record.text})`);
    } else if (p.kind === 'typo') {
      score -= PERSON_NAME.TYPO_PENALTY;
      notes.push(`one-letter difference in ${ROLE_LABEL[roleOf(p)]} (${p.client.text} ~ ${p.record.text})`);
    } else if (p.kind === 'typo2') {
      score -= PERSON_NAME.TWO_TYPOS_PENALTY;
      notes.push(`two-letter difference in ${ROLE_LABEL[roleOf(p)]} (${p.client.text} ~ ${p.record.text})`);
    }
    if (p.kind === 'initial') initials++;
    else if (p.client.patronymic === undefined && p.record.patronymic === undefined) names++;
  }
  for (const t of unpaired) {
    score -= PERSON_NAME.ABSENT_PART_PENALTY;
    const missingOn = clientTokens.includes(t) ? 'record' : 'client';
    notes.push(`${ROLE_LABEL[t.role]} absent on ${missingOn}`);
  }
  let agreement: NameAgreement = 'full';
  // The score with an equal full birth date, and the cap on the names alone.
  let supported = score;
  let cap = 1;
  if (names === 0 || (names === 1 && initials === 0)) {
    supported = Math.min(score, PERSON_NAME.SINGLE_PART_CAP);
    cap = PERSON_NAME.SINGLE_PART_CAP;
    agreement = 'partial';
    notes.push('one name part in common');
  } else if (initials > 0) {
    agreement = 'initials';
    notes.push('initials only');
    cap = PERSON_NAME.INITIALS_CAP;
    // Initials beside the very surname and the full birth date: the person, written as lists abbreviate.
    const surnameEqual = pairs.some((p) => roleOf(p) === 'surname' && p.kind === 'exact');
    supported = surnameEqual ? score - PERSON_NAME.INITIALS_PENALTY : Math.min(score, cap);
  }
  // A double surname against one of its parts: a marriage or a list's short form. With the given names
  // agreeing and the full birth date equal it is the person; on the names alone a reviewer judges.
  if (partOnly) {
    cap = Math.min(cap, PERSON_NAME.DOUBLE_SURNAME_PART_CAP);
    supported =
      names >= 2 && initials === 0
        ? Math.min(supported, score - PERSON_NAME.DOUBLE_SURNAME_PART_PENALTY)
        : Math.min(supported, cap);
  }
  if (belarusian) {
    cap = Math.min(cap, PERSON_NAME.CONTRADICTION_CAP);
    notes.push('Belarusian form: the person only with an equal full birth date');
  }
  return {
    score: Math.min(score, cap),
    withFullBirthDate: supported,
    agreement,
    pairs,
    unpaired,
    notes,
  };
}
