import type { CandidateDecision } from '../../domain/check.js';
import {
  BIRTH_DATE,
  CORROBORATION,
  ENTITY_MISMATCH_CAP,
  IDENTIFIER,
  MATCH_THRESHOLD,
  POSSIBLE_THRESHOLD,
} from '../thresholds.js';
import { compareBirthDateList, parseBirthDates, type BirthDateComparison } from '../compare/birth-date.js';
import { describeScripts, formatScore, joinExplanation } from './explain.js';
import { compareNames as alignNames, ROLE_SWAP_CAP } from '../compare/index.js';
import { compareIdentifiers, type PartyIdentifiers } from '../compare/identifiers.js';
import type { NameWord } from '../compare/name-words.js';
import { compareOrgNames, parseOrgName } from '../compare/org-name.js';
import { comparePersonNames, parseRecordPersonName } from '../compare/person-name.js';
import type { PartyKind, PreparedClient } from './prepare-client.js';

/** The register-independent view of a record: what every scorer compares. */
export interface RecordParty {
  /** `unknown` when the register does not say (a foreign-agent record with no agent_type). */
  readonly kind: PartyKind | 'unknown';
  /** The names to try, best taken: `name` and `name_local` of a sanctions entry. */
  readonly names: readonly { readonly field: string; readonly value: string }[];
  readonly birthDate: string | null | undefined;
  readonly ids: PartyIdentifiers;
}

export interface PartyScore {
  readonly score: number;
  readonly decision: CandidateDecision;
  readonly explanation: string;
}

export function decide(score: number): CandidateDecision {
  if (score >= MATCH_THRESHOLD) return 'MATCH';
  if (score >= POSSIBLE_THRESHOLD) return 'POSSIBLE_MATCH';
  return 'NO_MATCH';
}

interface NameResult {
  readonly score: number;
  readonly sameScript: boolean;
  readonly field: string;
  readonly describe: () => string;
  readonly notes: readonly string[];
}

/** A name comparison as compareNames weighs it, person or organization alike. */
function nameResult(
  field: string,
  comparison: { readonly score: number; readonly notes: readonly string[] },
  client: Parameters<typeof describeScripts>[0],
  record: Parameters<typeof describeScripts>[1],
  pairs: readonly (readonly [NameWord, NameWord])[],
): NameResult {
  return {
    score: comparison.score,
    sameScript: client.script === record.script,
    field,
    notes: comparison.notes,
    describe: () => describeScripts(client, record, pairs),
  };
}

/** A record with no stated kind: an organization when its name has quotes or a company's legal form. */
function inferKind(party: RecordParty): PartyKind {
  for (const { value } of party.names) {
    const org = parseOrgName(value);
    if (org.quoted || org.russianForms.some((f) => f.family !== 'IE')) return 'organization';
  }
  return 'person';
}

/** A word that tells whose son a person is (compare/compare-names.ts, ROLE_SWAP_CAP). */
const LINEAGE_WORD = /(?:^|[^\p{L}])(?:bin|ibn|ben|bint|binti|بن|ابن|بنت)(?:[^\p{L}]|$)/iu;

function compareNames(
  client: PreparedClient,
  party: RecordParty,
  fullBirthDate: boolean,
): NameResult | undefined {
  let best: NameResult | undefined;
  for (const { field, value } of party.names) {
    if (value.trim().length === 0) continue;
    let result: NameResult | undefined;
    if (client.kind === 'person' && client.person) {
      const person = client.person;
      const record = parseRecordPersonName(value);
      const cmp = comparePersonNames(person, record);
      const pairs = cmp.pairs.map((p): readonly [NameWord, NameWord] => [p.client, p.record]);
      const known = fullBirthDate ? cmp.withFullBirthDate : cmp.score;
      // The order-free comparison of compare/ for names of any origin; the Russian comparison keeps its
      // knowledge (patronymics, given-name groups, initials) wherever it scores higher. Where the Russian
      // comparison already decides a MATCH it runs only for a name with `bin` and the like: only it reads
      // a son and his father swapped around the particle.
      const aligned =
        known < MATCH_THRESHOLD || (LINEAGE_WORD.test(person.raw) && LINEAGE_WORD.test(value))
          ? alignNames(person.raw, value, true)
          : { score: 0, explanation: '', rolesSwapped: false };
      // Only where it lifts the name to a reviewer: below that the Russian comparison's reason reads better.
      const better = aligned.score > known && aligned.score >= CORROBORATION.NAME_MIN;
      const comparison = better
        ? { score: aligned.score, notes: [`words aligned: ${aligned.explanation}`] }
        : aligned.rolesSwapped && known > ROLE_SWAP_CAP
          ? {
              score: ROLE_SWAP_CAP,
              notes: [...cmp.notes, `words aligned: ${aligned.explanation}`],
            }
          : { score: known, notes: cmp.notes };
      result = nameResult(field, comparison, person, record, pairs);
    } else if (client.kind === 'organization' && client.org) {
      const org = client.org;
      const record = parseOrgName(value);
      const cmp = compareOrgNames(org, record);
      const pairs: (readonly [NameWord, NameWord])[] = [];
      if (org.words.length === record.words.length) {
        org.words.forEach((w, i) => {
          const r = record.words[i];
          if (r !== undefined) pairs.push([w, r]);
        });
      }
      result = nameResult(field, cmp, org, record, pairs);
    }
    // On a tie the name written in the client's own script wins: its explanation needs no transliteration.
    if (
      result &&
      (best === undefined ||
        result.score > best.score ||
        (result.score === best.score && result.sameScript && !best.sameScript))
    ) {
      best = result;
    }
  }
  return best;
}

/**
 * Scores one record against one client. Evidence, strongest first:
 *  1. identifiers: an equal valid INN, OGRN/OGRNIP or SNILS decides alone (score 1); a conflicting one
 *     caps the score below POSSIBLE whatever the name says;
 *  2. entity kind: a person against an organization caps the score below POSSIBLE;
 *  3. name score (person-name.ts, org-name.ts), then for persons the birth date: equal keeps it, weak
 *     agreement (year only, swapped day/month) and absence lower it, a different date caps it.
 */
export function scoreParty(client: PreparedClient, party: RecordParty): PartyScore {
  const recordKind = party.kind === 'unknown' ? inferKind(party) : party.kind;
  const entityMismatch = recordKind !== client.kind;
  let birth: BirthDateComparison | undefined;
  let fullBirthDate = false;
  if (client.kind === 'person' && !entityMismatch) {
    birth = compareBirthDateList(client.birthDate, parseBirthDates(party.birthDate));
    // Equal on both sides, day and month included (a year-only or placeholder date is `year_only`).
    fullBirthDate = birth.agreement === 'equal';
  }
  const name = compareNames(client, party, fullBirthDate);
  let score = name?.score ?? 0;

  if (birth !== undefined) {
    if (birth.agreement === 'year_only' || birth.agreement === 'swapped') score -= BIRTH_DATE.WEAK_PENALTY;
    else if (birth.agreement === 'absent') score -= BIRTH_DATE.ABSENT_PENALTY;
    else if (birth.agreement === 'contradicts') score = Math.min(score, BIRTH_DATE.CONTRADICTION_CAP);
  }
  if (entityMismatch) score = Math.min(score, ENTITY_MISMATCH_CAP);

  const corroborated =
    fullBirthDate && name !== undefined && score >= POSSIBLE_THRESHOLD && score < MATCH_THRESHOLD
      ? `full birth date equal corroborates name ${formatScore(name.score)} (≥ ${formatScore(CORROBORATION.NAME_MIN)}): review`
      : undefined;
  const ids = compareIdentifiers(client.ids, party.ids);
  if (ids.equal.length > 0) {
    score = ids.conflicting.length === 0 ? IDENTIFIER.EQUAL_SCORE : IDENTIFIER.DISAGREE_SCORE;
  } else if (ids.conflicting.length > 0) {
    score = Math.min(score, IDENTIFIER.CONFLICT_CAP);
  }
  score = Math.round(Math.max(0, Math.min(1, score)) * 1000) / 1000;

  const clientHasName = client.person !== undefined || client.org !== undefined;
  const nameText =
    name !== undefined
      ? `name ${formatScore(name.score)} (${name.describe()}${name.field === 'name' ? '' : `, ${name.field}`})`
      : clientHasName
        ? 'name absent on record'
        : 'name absent on client';
  const explanation = joinExplanation([
    nameText,
    ...(name?.notes ?? []),
    birth?.note,
    corroborated,
    ...ids.notes,
    entityMismatch ? `entity differs (client ${client.kind}, record ${recordKind})` : undefined,
    ids.equal.length > 0 && ids.conflicting.length > 0 ? 'identifiers disagree' : undefined,
  ]);
  return { score, decision: decide(score), explanation };
}
