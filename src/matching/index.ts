export { scoreForeignAgent } from './score-foreign-agent.js';
export { scoreSanctions, distinctSanctionsIds } from './score-sanctions.js';
export { scoreBankruptcy } from './score-bankruptcy.js';
export { scoreDebtor } from './score-debtor.js';
export { scoreParty, decide, type RecordParty, type PartyScore } from './score-party.js';
export { prepareClient, type PreparedClient, type PartyKind } from './prepare-client.js';
export { recordHash, canonicalJson, contentId } from './record-hash.js';
export { normalizeText, splitWords } from './normalize.js';
export { skeleton } from './skeleton.js';
export {
  transliterate,
  systemsSpelling,
  guessSystems,
  TRANSLITERATION_SYSTEMS,
  SYSTEM_LABELS,
  type TransliterationSystem,
} from './transliterate.js';
export { editDistance, normalizedSimilarity, jaroWinkler } from './similarity.js';
export { splitLegalForms, compareLegalForms, type LegalForm, type LegalFormFamily } from './legal-forms.js';
export {
  parsePersonName,
  parsePersonParts,
  comparePersonNames,
  isGenderPair,
  type PersonName,
} from './person-name.js';
export { parseOrgName, compareOrgNames, type OrgName } from './org-name.js';
export { parseBirthDate, compareBirthDates, type BirthDate, type BirthDateAgreement } from './birth-date.js';
export { compareIdentifiers, recordIdentifier, type PartyIdentifiers } from './identifiers.js';
export { foreignAgentKind, bankruptcyKind } from './entity.js';
export { nameHygiene, isObfuscated, type NameHygiene } from './name-hygiene.js';
export { CONFUSABLE_PAIRS } from './confusables.js';
