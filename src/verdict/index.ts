export { decideForeignAgent, decideSanctions } from './watchlist.js';
export { decideBankruptcy } from './bankruptcy.js';
export { decideDebtor, DEBTOR_NOT_FOUND_MESSAGE } from './debtor.js';
export { skippedCheck, failedCheck } from './check-result.js';
export { decideVerdict, invalidVerdict } from './verdict.js';
export { keepEvidence } from './candidates.js';
export {
  REASONS,
  KIND_PREFIX,
  describeReason,
  errorReason,
  rowWarningReason,
  rowInvalidReason,
  type FixedReasonCode,
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
} from './thresholds.js';
