import { DEBTOR_NOT_FOUND_MESSAGE } from '../domain/records.js';
import type { CheckResult, RequestRecord } from '../domain/check.js';
import type { Client } from '../domain/client.js';
import type { DebtorResult } from '../domain/records.js';
import type { UnrecognisedAnswer } from '../domain/check.js';
import { messageOf } from '../errors.js';
import { sanitiseExample } from '../domain/unrecognised.js';
import { scoreDebtor } from '../matching/scoring/score-debtor.js';
import { debtorValues, withCompared } from './compared-values.js';
import { clip } from './candidates.js';
import { failedCheck, skippedCheck } from './check-result.js';
import { readsAsNotFound } from './debtor-message.js';

export { DEBTOR_NOT_FOUND_MESSAGE };

const filled = (value: string): boolean => value.trim().length > 0;

/**
 * Whether the answer carries nothing about anyone: no name, no SNILS, no finding, and no INN other than
 * the one asked (some services echo the INN of the request beside "not found").
 */
export function isEmptyDebtorRecord(result: DebtorResult, askedInn: string): boolean {
  const { legalCase } = result;
  return (
    ![
      result.fio,
      result.snils,
      result.extrajudicialBankruptcy,
      legalCase.number,
      legalCase.managerFio,
      legalCase.description,
    ].some(filled) &&
    (!filled(result.inn) || result.inn.trim() === askedInn)
  );
}

function debtorError(
  requests: readonly RequestRecord[],
  reason: string,
  message: string,
  detail: string,
  unrecognised?: UnrecognisedAnswer,
): CheckResult {
  return {
    ...failedCheck('debtor', { code: 'KYC_ERR_UPSTREAM_MALFORMED', message }, requests),
    detail: `KYC_ERR_UPSTREAM_MALFORMED ${detail}`,
    reasons: [reason],
    ...(unrecognised ? { unrecognised: [unrecognised] } : {}),
  };
}

/** The words of the client's name, which an upstream message may echo and an example must not show. */
function nameWords(client: Client): string[] {
  const parts = client.nameParts ? Object.values(client.nameParts) : [];
  return [client.name ?? '', ...parts].flatMap((text) => (text ?? '').split(/[^\p{L}]+/u)).filter(Boolean);
}

/**
 * The debtor check by INN. `notFoundPhrases` are the upstream profile's own phrasings of "no record".
 *  - an answer about another INN than the client's → ERROR with DEBTOR_INN_MISMATCH;
 *  - a `message` (not blank) beside an empty record (see isEmptyDebtorRecord): CLEAR with DEBTOR_NOT_FOUND
 *    when it reads as not-found (debtor-message.ts: Russian and English phrasings, tolerant of case, ё,
 *    punctuation and spacing, plus the profile's); any other message → ERROR with
 *    DEBTOR_UNRECOGNISED_MESSAGE, counted as unrecognised. The service did not say whether the client is
 *    a debtor; REVIEW would ask a person to judge an answer that says nothing about the client, while
 *    ERROR makes the client INCOMPLETE, which is what it is: not screened by this source, to be rerun;
 *  - a not-found message beside a record that names someone → ERROR with DEBTOR_CONTRADICTORY_ANSWER:
 *    which half is true is not knowable; any other message beside a record → DEBTOR_UNRECOGNISED_MESSAGE;
 *  - no message (null or blank) and an empty record → ERROR with DEBTOR_EMPTY_ANSWER: `{}` or a record
 *    of empty strings says nothing, and reading it as CLEAR would turn a broken answer into a clean one;
 *  - no message and a record: the regular answer. An out-of-court bankruptcy number or a legal case number
 *    → FLAG (both in the detail); neither → CLEAR;
 *  - no answer at all → ERROR (KYC_ERR_CHECK_MISSING).
 * Organizations and persons without a valid 12-digit INN are SKIPPED, as the request planner does.
 */
export function decideDebtor(
  client: Client,
  result: DebtorResult | undefined,
  requests: readonly RequestRecord[],
  notFoundPhrases: readonly string[] = [],
): CheckResult {
  if (client.entityType === 'organization') {
    return skippedCheck('debtor', 'DEBTOR_SKIPPED_ORGANIZATION', 'the debtor check is for individuals');
  }
  if (client.inn?.length !== 12) {
    return skippedCheck('debtor', 'DEBTOR_SKIPPED_NO_PERSON_INN', 'no valid 12-digit INN');
  }
  if (result === undefined) {
    return failedCheck(
      'debtor',
      { code: 'KYC_ERR_CHECK_MISSING', message: messageOf('KYC_ERR_CHECK_MISSING') },
      requests,
    );
  }
  if (filled(result.inn) && result.inn.trim() !== client.inn) {
    return debtorError(
      requests,
      'DEBTOR_INN_MISMATCH',
      'the debtor answer is about another INN',
      'answer about another INN',
    );
  }
  const empty = isEmptyDebtorRecord(result, client.inn);
  const message = result.message !== null && filled(result.message) ? result.message : null;
  if (message !== null) return messageAnswer(client, message, empty, requests, notFoundPhrases);
  if (empty) {
    return debtorError(
      requests,
      'DEBTOR_EMPTY_ANSWER',
      'the debtor answer has neither a record nor a message',
      'empty answer',
      { operation: 'client.debt', kind: 'empty_record_without_message', example: 'no record, no message' },
    );
  }
  return regularAnswer(client, result, requests);
}

/** An answer with a message: not found (CLEAR), contradictory or unrecognised (ERROR); see decideDebtor. */
function messageAnswer(
  client: Client,
  message: string,
  empty: boolean,
  requests: readonly RequestRecord[],
  notFoundPhrases: readonly string[],
): CheckResult {
  const notFound = readsAsNotFound(message, notFoundPhrases);
  if (notFound && empty) {
    return {
      kind: 'debtor',
      status: 'CLEAR',
      score: 0,
      detail: 'not found',
      reasons: ['DEBTOR_NOT_FOUND'],
      candidates: [],
      requests,
    };
  }
  if (notFound) {
    return debtorError(
      requests,
      'DEBTOR_CONTRADICTORY_ANSWER',
      'the debtor answer says "not found" beside a record',
      'not-found message beside a record',
      {
        operation: 'client.debt',
        kind: 'not_found_message_with_record',
        example: sanitiseExample(message, nameWords(client)),
      },
    );
  }
  return debtorError(
    requests,
    'DEBTOR_UNRECOGNISED_MESSAGE',
    `unrecognised debtor message: ${clip(message, 200)}`,
    `unrecognised message «${clip(message, 60)}»`,
    {
      operation: 'client.debt',
      kind: empty ? 'unrecognised_message' : 'unrecognised_message_with_record',
      example: sanitiseExample(message, nameWords(client)),
    },
  );
}

/** The regular answer, a record without a message: FLAG for a bankruptcy or a legal case, else CLEAR. */
function regularAnswer(
  client: Client,
  result: DebtorResult,
  requests: readonly RequestRecord[],
): CheckResult {
  const candidate = withCompared(scoreDebtor(client, result), client, debtorValues(result));
  const findings: string[] = [];
  const reasons: string[] = [];
  if (filled(result.extrajudicialBankruptcy)) {
    findings.push(`out-of-court ${result.extrajudicialBankruptcy.trim()}`);
    reasons.push('DEBTOR_EXTRAJUDICIAL');
  }
  if (filled(result.legalCase.number)) {
    findings.push(
      [result.legalCase.number.trim(), result.legalCase.description.trim()].filter(filled).join(' '),
    );
    reasons.push('DEBTOR_LEGAL_CASE');
  }
  return {
    kind: 'debtor',
    status: findings.length > 0 ? 'FLAG' : 'CLEAR',
    score: candidate.score,
    detail: clip(findings.join('; ')),
    reasons,
    candidates: [candidate],
    requests,
  };
}
