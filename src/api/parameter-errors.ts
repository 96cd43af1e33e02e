import { isKycError, KycError } from '../errors.js';

/**
 * The runs service refuses `checks` and `max_age` as the CLI's flags (KYC_ERR_USAGE "Invalid command
 * line: --checks …", KYC_ERR_MAX_AGE "KYC_MAX_AGE / --max-age …"). An API caller sent neither a command
 * line nor a flag: the refusal is said as a request parameter, and a missing column in terms of what the
 * caller did send — a file's header line for `POST /v1/runs`, the JSON body's fields for `POST /v1/screen`.
 */
export type RequestInput = 'file' | 'json';

/** The JSON body's field of each optional check's column (the reader's labels). */
const FIELD_OF_LABEL: Readonly<Record<string, string>> = {
  'e-mail': 'email',
};

function missingColumn(label: string, input: RequestInput): string {
  if (input === 'file') return `the file has no ${label} column (name one in its header line)`;
  const field = FIELD_OF_LABEL[label];
  return field === undefined ? `POST /v1/screen takes no ${label}` : `the JSON body has no ${field} field`;
}

function checksDetail(detail: string, input: RequestInput): string {
  return detail
    .replace(/the input has no (.+?) column \(map one with --columns\)/u, (_match, label: string) =>
      missingColumn(label, input),
    )
    .replace(/^--checks(?=[: ])/u, 'query parameter checks');
}

/** The error in the request's terms; any other error is returned as it is. */
export function inRequestTerms(error: unknown, input: RequestInput): unknown {
  if (!isKycError(error)) return error;
  const detail = error.detail ?? '';
  if (error.code === 'KYC_ERR_USAGE' && /^--checks\b/u.test(detail))
    return new KycError('KYC_ERR_API_REQUEST', checksDetail(detail, input), { cause: error });
  if (error.code === 'KYC_ERR_MAX_AGE')
    return new KycError(
      'KYC_ERR_API_REQUEST',
      `query parameter max_age: ${detail.replace(/^(?:--max-age|max_age|maxAge): /u, '')} (check=age items such as debtor=30d,sanctions=1d)`,
      { cause: error },
    );
  return error;
}
