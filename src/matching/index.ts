export { scoreForeignAgent } from './scoring/score-foreign-agent.js';
export { scoreSanctions, distinctSanctionsIds } from './scoring/score-sanctions.js';
export { scoreBankruptcy } from './scoring/score-bankruptcy.js';
export { scoreDebtor } from './scoring/score-debtor.js';
export { scoreParty, decide, type RecordParty, type PartyScore } from './scoring/score-party.js';
export { prepareClient, type PreparedClient, type PartyKind } from './scoring/prepare-client.js';
export { recordHash, canonicalJson, contentId } from './record-hash.js';
export { normalizeText, splitWords } from './text/normalize.js';
export { skeleton } from './text/skeleton.js';
export {
  transliterate,
  systemsSpelling,
  guessSystems,
  TRANSLITERATION_SYSTEMS,
  SYSTEM_LABELS,
  type TransliterationSystem,
} from './text/transliterate.js';
export { editDistance, normalizedSimilarity, jaroWinkler } from './compare/similarity.js';
export {
  splitLegalForms,
  compareLegalForms,
  type LegalForm,
  type LegalFormFamily,
} from './compare/legal-forms.js';
export {
  parsePersonName,
  parsePersonParts,
  comparePersonNames,
  isGenderPair,
  type PersonName,
} from './compare/person-name.js';
export { parseOrgName, compareOrgNames, type OrgName } from './compare/org-name.js';
export {
  parseBirthDate,
  compareBirthDates,
  type BirthDate,
  type BirthDateAgreement,
} from './compare/birth-date.js';
export { compareIdentifiers, recordIdentifier, type PartyIdentifiers } from './compare/identifiers.js';
export { foreignAgentKind, bankruptcyKind } from './scoring/entity.js';
export { nameHygiene, isObfuscated, type NameHygiene } from './text/name-hygiene.js';
export { CONFUSABLE_PAIRS } from './text/confusables.js';
