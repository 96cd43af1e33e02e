import { skeleton } from '../text/skeleton.js';

/**
 * Legal forms, reduced to one type token that is compared apart from the name. Forms are looked up on
 * skeletons, so a transliterated form (`OOO`, `Obshchestvo s ogranichennoi otvetstvennostiu`) is found like
 * the Cyrillic one.
 *
 * Families group forms that one company may carry over time or across languages: ОАО and ЗАО became ПАО
 * and АО in 2014, and a list's English LLC is the Russian ООО. Two forms of one family are compatible;
 * forms of different families (ООО and АО) mean different legal entities.
 */
export type LegalFormFamily = 'LLC' | 'JSC' | 'IE' | 'NONPROFIT' | 'UNITARY' | 'PARTNERSHIP' | 'COOP';

export interface LegalForm {
  /** The short form shown to a reviewer: ООО, ПАО, LLC, GmbH… */
  readonly code: string;
  readonly family: LegalFormFamily;
}

/** Each entry: the code, its family, and every way registers write it (abbreviated and spelled out). */
const FORMS: ReadonlyArray<readonly [code: string, family: LegalFormFamily, spellings: readonly string[]]> = [
  ['ООО', 'LLC', ['ООО', 'общество с ограниченной ответственностью', 'LLC', 'limited liability company']],
  ['ОДО', 'LLC', ['ОДО', 'общество с дополнительной ответственностью']],
  ['Ltd', 'LLC', ['Ltd', 'Limited', 'GmbH', 'SARL', 'LLP', 'limited liability partnership', 'ТОО']],
  [
    'АО',
    'JSC',
    ['АО', 'акционерное общество', 'JSC', 'joint stock company', 'НАО', 'непубличное акционерное общество'],
  ],
  ['ПАО', 'JSC', ['ПАО', 'публичное акционерное общество', 'PJSC', 'public joint stock company']],
  ['ЗАО', 'JSC', ['ЗАО', 'закрытое акционерное общество', 'CJSC', 'closed joint stock company']],
  ['ОАО', 'JSC', ['ОАО', 'открытое акционерное общество', 'OJSC', 'open joint stock company']],
  ['Inc', 'JSC', ['Inc', 'incorporated', 'Corp', 'corporation', 'PLC', 'public limited company', 'AG', 'SA']],
  ['ИП', 'IE', ['ИП', 'индивидуальный предприниматель', 'individual entrepreneur']],
  ['НКО', 'NONPROFIT', ['НКО', 'некоммерческая организация', 'non-profit organization', 'NPO', 'NGO']],
  [
    'АНО',
    'NONPROFIT',
    ['АНО', 'автономная некоммерческая организация', 'autonomous non-profit organization'],
  ],
  ['ФГУП', 'UNITARY', ['ФГУП', 'федеральное государственное унитарное предприятие']],
  ['ГУП', 'UNITARY', ['ГУП', 'государственное унитарное предприятие']],
  ['МУП', 'UNITARY', ['МУП', 'муниципальное унитарное предприятие']],
  ['LP', 'PARTNERSHIP', ['LP', 'limited partnership']],
];

interface Phrase {
  readonly words: readonly string[];
  readonly form: LegalForm;
}

/** Skeleton words of one spelling; hyphens (`joint-stock`) split like spaces. */
function phraseWords(spelling: string): string[] {
  return spelling
    .toLowerCase()
    .split(/[\s-]+/u)
    .filter((w) => w.length > 0)
    .map(skeleton);
}

/** Longest phrases first, so `публичное акционерное общество` wins over `акционерное общество`. */
const PHRASES: readonly Phrase[] = FORMS.flatMap(([code, family, spellings]) =>
  spellings.map((s) => ({ words: phraseWords(s), form: { code, family } })),
).sort((a, b) => b.words.length - a.words.length);

/** Phrases by their first word, to test only the few that can start at a position. */
const BY_FIRST_WORD = new Map<string, Phrase[]>();
for (const phrase of PHRASES) {
  const first = phrase.words[0] ?? '';
  const list = BY_FIRST_WORD.get(first) ?? [];
  list.push(phrase);
  BY_FIRST_WORD.set(first, list);
}

export interface FormSplit {
  /** Legal forms found, in order of appearance. */
  readonly forms: readonly LegalForm[];
  /** Indexes of the words that are not part of a legal form. */
  readonly rest: readonly number[];
}

/** Finds legal-form phrases anywhere among the skeleton words of a name. */
export function splitLegalForms(words: readonly string[]): FormSplit {
  const forms: LegalForm[] = [];
  const rest: number[] = [];
  let i = 0;
  while (i < words.length) {
    const candidates = BY_FIRST_WORD.get(words[i] ?? '');
    let taken = 0;
    if (candidates) {
      for (const phrase of candidates) {
        if (phrase.words.every((w, k) => words[i + k] === w)) {
          forms.push(phrase.form);
          taken = phrase.words.length;
          break;
        }
      }
    }
    if (taken > 0) {
      i += taken;
    } else {
      rest.push(i);
      i++;
    }
  }
  return { forms, rest };
}

export type FormAgreement = 'same' | 'compatible' | 'absent' | 'different';

/** How the legal forms of two names relate; `absent` when either side writes none. */
export function compareLegalForms(a: readonly LegalForm[], b: readonly LegalForm[]): FormAgreement {
  if (a.length === 0 || b.length === 0) return 'absent';
  if (a.some((x) => b.some((y) => x.code === y.code))) return 'same';
  if (a.some((x) => b.some((y) => x.family === y.family))) return 'compatible';
  return 'different';
}
