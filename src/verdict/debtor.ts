import { DEBTOR_NOT_FOUND_MESSAGE } from '../domain/records.js';
import type { CheckResult, RequestRecord } from '../domain/check.js';
import type { Client } from '../domain/client.js';
import type { DebtorResult } from '../domain/records.js';
import { messageOf } from '../errors.js';
import { scoreDebtor } from '../matching/score-debtor.js';
import { clip } from './candidates.js';
import { failedCheck, skippedCheck } from './check-result.js';

export { DEBTOR_NOT_FOUND_MESSAGE };

const filled = (value: string): boolean => value.trim().length > 0;

/**
 * The debtor check by INN:
 *  - `message` null: the regular answer. An out-of-court bankruptcy number or a legal case number → FLAG
 *    (both in the detail); neither → CLEAR;
 *  - `message` exactly DEBTOR_NOT_FOUND_MESSAGE → CLEAR with DEBTOR_NOT_FOUND;
 *  - any other message → ERROR (KYC_ERR_UPSTREAM_MALFORMED) with DEBTOR_UNRECOGNISED_MESSAGE. The service
 *    did not say whether the client is a debtor; REVIEW would ask a person to judge an answer that says
 *    nothing about the client, while ERROR makes the client INCOMPLETE, which is what it is: not screened
 *    by this source, to be rerun. Either way it is never CLEAR;
 *  - an answer about another INN than the client's → ERROR with DEBTOR_INN_MISMATCH;
 *  - no answer at all → ERROR (KYC_ERR_CHECK_MISSING).
 * Organizations and persons without a valid 12-digit INN are SKIPPED, as the request planner does.
 */
export function decideDebtor(
  client: Client,
  result: DebtorResult | undefined,
  requests: readonly RequestRecord[],
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
  if (result.message === DEBTOR_NOT_FOUND_MESSAGE) {
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
  if (result.message !== null) {
    return {
      ...failedCheck(
        'debtor',
        {
          code: 'KYC_ERR_UPSTREAM_MALFORMED',
          message: `unrecognised debtor message: ${clip(result.message, 200)}`,
        },
        requests,
      ),
      detail: `KYC_ERR_UPSTREAM_MALFORMED unrecognised message «${clip(result.message, 60)}»`,
      reasons: ['DEBTOR_UNRECOGNISED_MESSAGE'],
    };
  }
  if (filled(result.inn) && result.inn.trim() !== client.inn) {
    return {
      ...failedCheck(
        'debtor',
        { code: 'KYC_ERR_UPSTREAM_MALFORMED', message: 'the debtor answer is about another INN' },
        requests,
      ),
      detail: 'KYC_ERR_UPSTREAM_MALFORMED answer about another INN',
      reasons: ['DEBTOR_INN_MISMATCH'],
    };
  }
  const candidate = scoreDebtor(client, result);
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
