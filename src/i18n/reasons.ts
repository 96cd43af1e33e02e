import type { CheckKind } from '../domain/check.js';
import { CATALOG, type ErrorCode } from '../errors.js';
import { KIND_PREFIX, describeReason, issueSuffix, reasonCode } from '../verdict/reasons.js';
import type { Lang } from './lang.js';
import {
  ERROR_RU,
  FIXED_RU,
  FLAG_RU,
  NOT_RUN_RU,
  OPTIONAL_FINDINGS_RU,
  REOPENED_RU,
  ROW_ISSUE_RU,
  SUPPRESSED_RU,
} from './reasons-ru.js';

/** Every Russian sentence by code, built once from the typed tables of reasons-ru.ts. */
function russianSentences(): ReadonlyMap<string, string> {
  const out = new Map<string, string>([...Object.entries(FIXED_RU), ...Object.entries(OPTIONAL_FINDINGS_RU)]);
  for (const kind of Object.keys(KIND_PREFIX) as CheckKind[]) {
    const prefix = KIND_PREFIX[kind];
    out.set(`${prefix}_ERROR`, ERROR_RU(kind));
    out.set(`${prefix}_NOT_RUN`, NOT_RUN_RU(kind));
    out.set(`${prefix}_SUPPRESSED`, SUPPRESSED_RU(kind));
    out.set(`${prefix}_WHITELIST_REOPENED`, REOPENED_RU(kind));
    out.set(`${prefix}_FLAG`, FLAG_RU(kind));
  }
  for (const [code, issue] of Object.entries(ROW_ISSUE_RU) as [ErrorCode, string][]) {
    if (!Object.hasOwn(CATALOG, code)) continue;
    out.set(`ROW_WARNING_${issueSuffix(code)}`, `Предупреждение по строке: ${issue}`);
    out.set(`ROW_INVALID_${issueSuffix(code)}`, `Строка не прочитана: ${issue}`);
  }
  return out;
}

const RU_SENTENCES = russianSentences();

/**
 * The human sentence shown beside a reason code, in the page's language. Takes the code or a reason as a row
 * carries it (`FOREIGN_AGENT_SUPPRESSED: FA-1 by …`); undefined for a code the catalogue does not know.
 */
export function reasonSentence(reason: string, lang: Lang): string | undefined {
  const code = reasonCode(reason);
  // A row's issue rides along its ROW_WARNING_/ROW_INVALID_ reason under its own error code.
  if (isRowIssueCode(code)) {
    const sentence = lang === 'en' ? CATALOG[code].message : ROW_ISSUE_RU[code];
    return sentence.charAt(0).toUpperCase() + sentence.slice(1);
  }
  if (describeReason(code) === undefined) return undefined;
  return lang === 'en' ? describeReason(code) : RU_SENTENCES.get(code);
}

function isRowIssueCode(code: string): code is keyof typeof ROW_ISSUE_RU & ErrorCode {
  return Object.hasOwn(ROW_ISSUE_RU, code) && Object.hasOwn(CATALOG, code);
}
