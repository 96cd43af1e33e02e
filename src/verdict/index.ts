export { decideForeignAgent, decideSanctions } from './watchlist.js';
export { decideBankruptcy } from './bankruptcy.js';
export { decideDebtor, isEmptyDebtorRecord, DEBTOR_NOT_FOUND_MESSAGE } from './debtor.js';
export { readsAsNotFound, DEBTOR_NOT_FOUND_PHRASES } from './debtor-message.js';
export { skippedCheck, failedCheck } from './check-result.js';
export { decideVerdict, invalidVerdict, SCREENING_CHECKS, screeningChecksFor } from './verdict.js';
export { keepEvidence } from './candidates.js';
export { decideEmail, emailNotAnAddress, type EmailAnswer } from './email.js';
export { decideCard, cardLuhnFailed, type CardAnswer } from './card.js';
export {
  decideCadastral,
  sourceErrorReason,
  CADASTRAL_SOURCES,
  type CadastralAnswer,
  type CadastralSource,
} from './cadastral.js';
export { OPTIONAL_ROW_FIELDS, optionalColumns, type OptionalRowField } from './optional-fields.js';
export {
  REASONS,
  KIND_PREFIX,
  describeReason,
  errorReason,
  rowWarningReason,
  rowInvalidReason,
  reasonCode,
  suppressedReason,
  reopenedReason,
  type FixedReasonCode,
  type OptionalReasonCode,
} from './reasons.js';
export {
  SCORING_VERSION,
  MATCH_THRESHOLD,
  POSSIBLE_THRESHOLD,
  PERSON_NAME,
  ORG_NAME,
  BIRTH_DATE,
  IDENTIFIER,
  ENTITY_MISMATCH_CAP,
  EVIDENCE_TOP_N,
} from '../matching/thresholds.js';
