import { ORG_NAME } from './thresholds.js';
import { compareLegalForms, type FormAgreement, type LegalForm } from './legal-forms.js';
import { splitName, type NameWord, type Script } from './name-words.js';
import { editDistance, jaroWinkler } from './similarity.js';

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
  readonly forms: readonly LegalForm[];
  readonly script: Script;
  /** The name was written with quotes (`ООО «Ромашка»`): a sign of an organization. */
  readonly quoted: boolean;
}

/** Words that join other words and say nothing of the company. */
const STOP_WORDS = new Set(['и', 'анд', 'тхе', 'оф']);

const QUOTES = ['«', '»', '"', '„', '“', '”'];

export function parseOrgName(raw: string): OrgName {
  const split = splitName(raw, true);
  const words = split.words.filter((w) => !STOP_WORDS.has(w.skel));
  const skels = words.map((w) => w.skel);
  return {
    raw,
    words,
    joined: skels.join(''),
    sorted: skels.slice().sort().join(' '),
    forms: split.forms,
    script: split.script,
    quoted: QUOTES.some((q) => raw.includes(q)),
  };
}

export type OrgAgreement = 'equal' | 'reordered' | 'typo' | 'differs' | 'absent';

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

export function compareOrgNames(client: OrgName, record: OrgName): OrgNameComparison {
  const forms = compareLegalForms(client.forms, record.forms);
  if (client.joined.length === 0 || record.joined.length === 0) {
    const side = client.joined.length === 0 ? 'client' : 'record';
    return { score: 0, agreement: 'absent', forms, notes: [`name absent on ${side}`] };
  }
  const notes: string[] = [];
  let score: number;
  let agreement: OrgAgreement;
  if (client.joined === record.joined) {
    score = 1;
    agreement = 'equal';
  } else if (client.sorted === record.sorted) {
    score = ORG_NAME.REORDERED_SCORE;
    agreement = 'reordered';
    notes.push('same words in another order');
  } else if (
    Math.min(client.joined.length, record.joined.length) >= ORG_NAME.TYPO_MIN_LENGTH &&
    editDistance(client.joined, record.joined, 1) === 1
  ) {
    score = ORG_NAME.TYPO_SCORE;
    agreement = 'typo';
    notes.push('one-letter difference in name');
  } else {
    score = ORG_NAME.CONTRADICTION_CAP * jaroWinkler(client.joined, record.joined);
    agreement = 'differs';
    const difference = wordDifference(client, record);
    notes.push(difference.length > 0 ? `name differs (${difference})` : 'name differs');
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
  return { score: Math.max(0, score), agreement, forms, notes };
}
