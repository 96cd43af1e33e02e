import type { CheckResult, RequestRecord } from '../domain/check.js';
import { flagCell, type OptionalRowField } from './optional-fields.js';

/**
 * What the e-mail decision reads of the validation answer (spec 2.7). The spec publishes two field sets
 * and does not say which comes when, so every field beyond the three common ones may be absent; the
 * registry client's `EmailValidation` fits this shape.
 */
export interface EmailAnswer {
  readonly valid: boolean;
  readonly disposable: boolean;
  readonly role?: boolean | undefined;
  readonly mx?: { readonly checked: boolean; readonly valid: boolean } | undefined;
  readonly mxValid?: boolean | undefined;
  readonly riskScore?: number | undefined;
  readonly recommendation?: 'ALLOW' | 'REVIEW' | 'DECLINE' | undefined;
}

type EmailFields = Record<OptionalRowField<'email'>, string>;

/** MX as one cell: the sample set says whether it looked (`mx.checked`), the other set only the outcome. */
function mxCell(answer: EmailAnswer): string {
  if (answer.mx?.checked) return String(answer.mx.valid);
  if (answer.mxValid !== undefined) return String(answer.mxValid);
  return 'not checked';
}

function fieldsOf(answer: EmailAnswer): EmailFields {
  return {
    valid: flagCell(answer.valid),
    disposable: flagCell(answer.disposable),
    role: flagCell(answer.role),
    mx: mxCell(answer),
    risk: answer.riskScore === undefined ? '' : answer.riskScore.toFixed(2),
    recommendation: answer.recommendation ?? '',
  };
}

/**
 * FLAG when the address is invalid, disposable, or the service recommends DECLINE or REVIEW; CLEAR
 * otherwise. A role address (info@, office@) alone is no flag: companies legitimately use them, and the
 * row shows it in its own column. The risk score and the recommendation come only with `--smtp` on the
 * emulator; without them the decision rests on validity and disposability.
 */
export function decideEmail(answer: EmailAnswer, requests: readonly RequestRecord[]): CheckResult {
  const findings: string[] = [];
  const reasons: string[] = [];
  if (!answer.valid) {
    findings.push('invalid');
    reasons.push('EMAIL_INVALID');
  }
  if (answer.disposable) {
    findings.push('disposable');
    reasons.push('EMAIL_DISPOSABLE');
  }
  if (answer.recommendation === 'DECLINE' || answer.recommendation === 'REVIEW') {
    findings.push(`${answer.recommendation} ${answer.riskScore?.toFixed(2) ?? ''}`.trim());
    reasons.push(`EMAIL_RECOMMENDATION_${answer.recommendation}`);
  }
  const clearDetail = answer.recommendation
    ? `${answer.recommendation} ${answer.riskScore?.toFixed(2) ?? ''}`.trim()
    : '';
  return {
    kind: 'email',
    status: findings.length > 0 ? 'FLAG' : 'CLEAR',
    score: 0,
    detail: findings.length > 0 ? findings.join('; ') : clearDetail,
    reasons,
    candidates: [],
    requests,
    fields: fieldsOf(answer),
  };
}

/**
 * The e-mail cell is not an address at all (the reader refused it with KYC_ERR_ROW_EMAIL_FORMAT): FLAG
 * without asking the service, whose answer could only be "invalid".
 */
export function emailNotAnAddress(): CheckResult {
  return {
    kind: 'email',
    status: 'FLAG',
    score: 0,
    detail: 'not an address',
    reasons: ['EMAIL_INVALID'],
    candidates: [],
    requests: [],
    fields: { valid: 'false', disposable: '', role: '', mx: 'not checked', risk: '', recommendation: '' },
  };
}
