/**
 * One catalog of stable machine codes. A code, once published, never changes meaning: it is what
 * compliance teams grep for in logs, what verdict rows carry in `kyc_reasons`, and what scripts branch on.
 * Messages may be reworded; codes may not.
 */

/** Process exit codes, documented in the README; every code of the catalog in docs/errors.md. */
export const EXIT = {
  OK: 0,
  INTERNAL: 1,
  USAGE: 2,
  INPUT: 3,
  INCOMPLETE: 4,
  UPSTREAM: 5,
  REDIS: 6,
  PROFILE_MISMATCH: 7,
  /** Not an error: the delta found new HITs (`report delta`, a schedule's firing), for scripts and alerts. */
  NEW_HITS: 8,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

interface CatalogEntry {
  readonly message: string;
  readonly exit: ExitCode;
}

function entry(message: string, exit: ExitCode = EXIT.INTERNAL): CatalogEntry {
  return { message, exit };
}

export const CATALOG = {
  // --- configuration and usage
  KYC_ERR_USAGE: entry('Invalid command line', EXIT.USAGE),
  KYC_ERR_CONFIG_INVALID: entry('Invalid configuration', EXIT.USAGE),
  // Raised by several checks (the configured key, the client's header check, emulator keys); each says which.
  KYC_ERR_CONFIG_API_KEY: entry('Invalid API key', EXIT.USAGE),
  KYC_ERR_CONFIG_API_URL: entry('KYC_API_URL must be an http(s) URL', EXIT.USAGE),
  KYC_ERR_CONFIG_API_URL_PARTS: entry(
    'KYC_API_URL must not carry a user name, a password, a query string or a fragment: the API key is the only credential sent',
    EXIT.USAGE,
  ),
  KYC_ERR_CONFIG_REDIS_URL: entry(
    'REDIS_URL must be a redis://, rediss://, redis+cluster:// or redis+sentinel:// URL',
    EXIT.USAGE,
  ),
  KYC_ERR_CONFIG_NO_UPSTREAM: entry(
    'KYC_API_URL is not set: no Lookup Service to screen against. Set KYC_API_URL and KYC_API_KEY, or opt ' +
      'into the synthetic built-in emulator with --emulator or KYC_API_URL=emulator',
    EXIT.USAGE,
  ),

  // --- Redis
  KYC_ERR_REDIS_MISSING: entry('redis-server was not found on PATH', EXIT.REDIS),
  KYC_ERR_REDIS_START: entry('The embedded redis-server did not start', EXIT.REDIS),
  KYC_ERR_REDIS_CONNECT: entry('Cannot connect to Redis', EXIT.REDIS),
  KYC_ERR_REDIS_POLICY: entry('Redis must run with maxmemory-policy noeviction', EXIT.REDIS),
  KYC_ERR_REDIS_LOST: entry('Redis went away and did not come back', EXIT.REDIS),
  KYC_ERR_REDIS_CORRUPT: entry(
    'A value kyc-screen keeps in Redis cannot be read back (damaged, or written by an incompatible version)',
    EXIT.REDIS,
  ),

  // --- Lookup Service client: request refused before any call
  KYC_ERR_REQUEST_INVALID: entry('Request rejected before sending', EXIT.USAGE),
  // --- Lookup Service client: error taxonomy of a failed call
  KYC_ERR_UPSTREAM_AUTH: entry('The Lookup Service refused the API key', EXIT.UPSTREAM),
  KYC_ERR_UPSTREAM_RATE_LIMITED: entry('The Lookup Service rate limit was exceeded', EXIT.UPSTREAM),
  KYC_ERR_UPSTREAM_BAD_REQUEST: entry('The Lookup Service rejected the request', EXIT.UPSTREAM),
  KYC_ERR_UPSTREAM_SERVER: entry('The Lookup Service failed with a server error', EXIT.UPSTREAM),
  KYC_ERR_UPSTREAM_TIMEOUT: entry('The Lookup Service did not answer in time', EXIT.UPSTREAM),
  KYC_ERR_UPSTREAM_NETWORK: entry('The Lookup Service could not be reached', EXIT.UPSTREAM),
  KYC_ERR_UPSTREAM_MALFORMED: entry('The Lookup Service answered with an unexpected body', EXIT.UPSTREAM),
  // --- Lookup Service as a whole: the preflight call and the circuit breaker stop a run
  KYC_ERR_UPSTREAM_UNREACHABLE: entry(
    'The Lookup Service cannot be reached (no connection or no answer in time): check KYC_API_URL and the network',
    EXIT.UPSTREAM,
  ),

  // --- emulator
  KYC_ERR_EMULATOR_START: entry('The emulator could not start', EXIT.INTERNAL),
  KYC_ERR_EMULATOR_OPTIONS: entry('Invalid emulator options', EXIT.USAGE),
  KYC_ERR_EMULATOR_PLANTED: entry('The planted register records file is missing or malformed', EXIT.INTERNAL),

  // --- input file (stop the run: nothing sensible can be read)
  KYC_ERR_INPUT_NOT_FOUND: entry('The input file does not exist or cannot be read', EXIT.INPUT),
  KYC_ERR_INPUT_EMPTY: entry('The input file is empty', EXIT.INPUT),
  KYC_ERR_INPUT_NOT_REGULAR: entry(
    'The input is not a regular file (a FIFO, a socket or a device)',
    EXIT.INPUT,
  ),
  KYC_ERR_INPUT_NO_HEADER: entry('The input file has no header line', EXIT.INPUT),
  KYC_ERR_INPUT_NO_KEY_COLUMN: entry(
    'The input file has no name column and no identifier column',
    EXIT.INPUT,
  ),
  KYC_ERR_INPUT_BINARY: entry('The input file looks binary, not like a CSV text export', EXIT.INPUT),
  KYC_ERR_STATE_DIR: entry('The state directory cannot be written', EXIT.USAGE),
  KYC_ERR_INPUT_DELIMITER: entry(
    'The columns are separated by a character that is not detected automatically',
    EXIT.INPUT,
  ),
  KYC_ERR_INPUT_XLSX: entry('The Excel workbook cannot be read', EXIT.INPUT),
  KYC_ERR_INPUT_SHEET: entry('The workbook has no such sheet', EXIT.USAGE),
  KYC_ERR_INPUT_ENCODING: entry('The input file encoding could not be decoded', EXIT.INPUT),
  KYC_ERR_INPUT_FIELD_TOO_LONG: entry('A field exceeds the size limit', EXIT.INPUT),
  KYC_ERR_INPUT_LINE_TOO_LONG: entry('A line exceeds the length limit', EXIT.INPUT),
  KYC_ERR_INPUT_PARSE: entry('The input file is not valid CSV', EXIT.INPUT),
  KYC_ERR_INPUT_COLUMNS: entry('The --columns mapping is invalid', EXIT.USAGE),
  KYC_ERR_INPUT_OPTIONS: entry('An input option is invalid (encoding, delimiter, limits, dates)', EXIT.USAGE),

  // --- row level (a row becomes INVALID, or carries a warning; the run goes on)
  KYC_ERR_ROW_NO_NAME_OR_ID: entry('The row has no usable name and no valid identifier', EXIT.INPUT),
  KYC_ERR_ROW_COLUMN_COUNT: entry('The row has a different number of cells than the header', EXIT.INPUT),
  KYC_ERR_ROW_INN_FORMAT: entry('INN must be 10 (organization) or 12 (person) digits', EXIT.INPUT),
  KYC_ERR_ROW_INN_CHECKSUM: entry('INN check digit is wrong', EXIT.INPUT),
  KYC_ERR_ROW_INN_LEADING_ZERO: entry(
    'INN has 9 or 11 digits: most likely a leading zero was stripped by Excel',
    EXIT.INPUT,
  ),
  KYC_ERR_ROW_OGRN_FORMAT: entry('OGRN must be 13 digits', EXIT.INPUT),
  KYC_ERR_ROW_OGRN_CHECKSUM: entry('OGRN check digit is wrong', EXIT.INPUT),
  KYC_ERR_ROW_OGRNIP_FORMAT: entry('OGRNIP must be 15 digits', EXIT.INPUT),
  KYC_ERR_ROW_OGRNIP_CHECKSUM: entry('OGRNIP check digit is wrong', EXIT.INPUT),
  KYC_ERR_ROW_SNILS_FORMAT: entry('SNILS must be 11 digits, bare or written 123-456-789 01', EXIT.INPUT),
  KYC_ERR_ROW_SNILS_CHECKSUM: entry('SNILS check number is wrong', EXIT.INPUT),
  KYC_ERR_ROW_SNILS_LEADING_ZERO: entry(
    'SNILS has 9 or 10 digits: most likely leading zeros were stripped by Excel',
    EXIT.INPUT,
  ),
  KYC_ERR_ROW_BIK_FORMAT: entry('BIK must be 9 digits', EXIT.INPUT),
  KYC_ERR_ROW_BIRTH_DATE: entry('Birth date is not a valid date', EXIT.INPUT),
  KYC_ERR_ROW_ENTITY_TYPE: entry('Entity type is not recognised', EXIT.INPUT),
  KYC_ERR_ROW_EMAIL_FORMAT: entry('E-mail address is malformed', EXIT.INPUT),
  KYC_ERR_ROW_CARD_FORMAT: entry('Card number is malformed', EXIT.INPUT),
  KYC_ERR_ROW_CADASTRAL_FORMAT: entry('Cadastral number is malformed', EXIT.INPUT),
  KYC_ERR_ROW_NAME_OBFUSCATED: entry(
    'A name held invisible or control characters, look-alikes of another script or letters of a third script: screened cleaned',
    EXIT.INPUT,
  ),
  KYC_ERR_ROW_OUTPUT_LOSSY: entry(
    'A character of the row cannot be written in the output encoding: verdicts.csv shows ? in its place',
    EXIT.INPUT,
  ),

  // --- pipeline
  KYC_ERR_RUN_NOT_FOUND: entry('No such run', EXIT.USAGE),
  KYC_ERR_RUN_EXISTS: entry(
    'A run with this id exists already: give another --run-id, or continue it with --resume',
    EXIT.USAGE,
  ),
  KYC_ERR_RUN_RESUME_MISMATCH: entry('The input file changed since the run started', EXIT.INPUT),
  KYC_ERR_CHECK_FAILED: entry('A check failed after its last attempt', EXIT.INCOMPLETE),
  KYC_ERR_FA_MIRROR_MISSING: entry(
    "The run's foreign-agent mirror is no longer in Redis (expired or removed); resume the run to rebuild it",
    EXIT.INCOMPLETE,
  ),
  KYC_ERR_CHECK_ATTEMPTS_EXHAUSTED: entry('A check exhausted its started attempts', EXIT.INCOMPLETE),
  KYC_ERR_CHECK_WORKER_LOST: entry(
    'The workers running a check died (crashed or were killed) more often than allowed',
    EXIT.INCOMPLETE,
  ),
  KYC_ERR_CHECK_MISSING: entry('A check result is missing for the client', EXIT.INCOMPLETE),
  KYC_ERR_OUTPUT_WRITE: entry('An output file or directory cannot be written', EXIT.INPUT),
  KYC_ERR_OUTPUT_EXISTS: entry(
    'An output file already exists: give --overwrite to replace it, or another --out-dir',
    EXIT.USAGE,
  ),
  KYC_ERR_OUTPUT_CONFLICT: entry('Two outputs, or an output and the input, are the same file', EXIT.USAGE),
  KYC_ERR_OUTPUT_MODE: entry(
    'KYC_OUTPUT_MODE / --output-mode must be an octal file mode such as 0600',
    EXIT.USAGE,
  ),
  KYC_ERR_FA_STRATEGY: entry('KYC_FA_STRATEGY / --fa-strategy must be auto, mirror or search', EXIT.USAGE),
  KYC_ERR_MAX_AGE: entry(
    'KYC_MAX_AGE / --max-age / maxAge must be check=age items such as debtor=30d,sanctions=1d',
    EXIT.USAGE,
  ),
  KYC_ERR_RUN_ID: entry(
    'A run id takes letters, digits, _, - and . (not first, never two in a row), at most 64',
    EXIT.USAGE,
  ),

  // --- operations: whitelist, schedules, delta, audit, dashboard
  KYC_ERR_WHITELIST_FILE: entry('The whitelist file is missing or malformed', EXIT.INPUT),
  KYC_ERR_WHITELIST_ROW: entry('The verdict row has no match that could be whitelisted', EXIT.USAGE),
  KYC_ERR_WHITELIST_AMBIGUOUS: entry(
    'The verdict row has several matches: choose one with --register or --record-id',
    EXIT.USAGE,
  ),
  KYC_ERR_WHITELIST_EVIDENCE: entry(
    'The evidence.jsonl beside the verdicts file is missing or belongs to another run',
    EXIT.INPUT,
  ),
  KYC_ERR_EVIDENCE_BODIES: entry(
    'evidence.jsonl refers to a body that evidence.bodies.jsonl beside it does not hold',
    EXIT.INPUT,
  ),
  KYC_ERR_SCHEDULE_INVALID: entry('Invalid schedule (name, cron pattern or time zone)', EXIT.USAGE),
  KYC_ERR_SCHEDULE_NOT_FOUND: entry('No such schedule', EXIT.USAGE),
  KYC_ERR_SCHEDULED_RUN: entry('A scheduled run did not finish', EXIT.INTERNAL),
  KYC_ERR_SCHEDULE_INPUT_MISSING: entry(
    'A file the schedule reads (input, whitelist, upstream profile) does not exist',
    EXIT.USAGE,
  ),
  KYC_ERR_RUN_REQUEST: entry('A stored run request cannot be read', EXIT.USAGE),
  KYC_ERR_CONFIG_WEBHOOK: entry(
    'KYC_WEBHOOK_URL must be an http(s) URL and needs KYC_WEBHOOK_SECRET to sign with',
    EXIT.USAGE,
  ),
  KYC_ERR_CONFIG_API_WEBHOOK: entry(
    'KYC_API_WEBHOOK_URL must be an http(s) URL and needs KYC_API_WEBHOOK_SECRET to sign with',
    EXIT.USAGE,
  ),
  KYC_ERR_WEBHOOK_DELIVERY: entry('The webhook receiver did not accept the notification', EXIT.INTERNAL),
  KYC_ERR_VERDICTS_FILE: entry('Not a verdicts file of kyc-screen (no kyc_verdict column)', EXIT.INPUT),
  KYC_ERR_AUDIT_RUN_NOT_DONE: entry('Only a finished run can be exported for audit', EXIT.USAGE),
  KYC_ERR_AUDIT_TARGET: entry('The audit directory must be new or empty', EXIT.USAGE),
  KYC_ERR_AUDIT_MISSING_FILE: entry('A file of the audit package is missing', EXIT.INPUT),
  KYC_ERR_AUDIT_MISMATCH: entry('A file of the audit package does not match its recorded sha256', EXIT.INPUT),
  KYC_ERR_AUDIT_SUMS_MALFORMED: entry('SHA256SUMS is not in sha256sum format', EXIT.INPUT),
  KYC_ERR_AUDIT_RUN_MISMATCH: entry(
    'The files of the run (manifest, outputs, input) belong to another run',
    EXIT.INPUT,
  ),
  KYC_ERR_AUDIT_SECRET: entry('An exported file contains the API key: export refused', EXIT.INTERNAL),
  KYC_ERR_AUDIT_SIGNATURE: entry(
    'The audit package is unsigned or its signature does not match SHA256SUMS',
    EXIT.INPUT,
  ),
  KYC_ERR_AUDIT_KEY_UNTRUSTED: entry(
    "The audit package is signed by a key that is not the deployment's",
    EXIT.INPUT,
  ),
  KYC_ERR_AUDIT_KEY: entry('The audit signing key cannot be read or created', EXIT.USAGE),
  KYC_ERR_AUDIT_RUN_RECORD: entry(
    'The audit package disagrees with the record the deployment kept of the run',
    EXIT.INPUT,
  ),
  KYC_ERR_DOCTOR_PROFILE_MISMATCH: entry(
    'The Lookup Service does not behave as the upstream profile assumes',
    EXIT.PROFILE_MISMATCH,
  ),
  KYC_ERR_DOCTOR_BUDGET: entry('The doctor call budget is too small or spent', EXIT.USAGE),
  KYC_ERR_DOCTOR_PROFILE_EXISTS: entry('The profile file exists (add --force to replace it)', EXIT.USAGE),
  KYC_ERR_DASHBOARD_TOKEN: entry(
    'The dashboard needs a token (KYC_DASHBOARD_TOKEN, at least 32 random characters) on any address but loopback',
    EXIT.USAGE,
  ),
  KYC_ERR_LISTEN: entry('The HTTP server could not listen on the given address and port', EXIT.USAGE),

  // --- HTTP API (`kyc-screen serve`): the body of a refused request; only KYC_ERR_API_TOKENS stops a command
  KYC_ERR_API_TOKENS: entry(
    'The HTTP API needs KYC_API_TOKENS or KYC_API_TOKENS_FILE: name:sha256hex entries',
    EXIT.USAGE,
  ),
  KYC_ERR_API_UNAUTHORIZED: entry(
    'A valid API token is required (Authorization: Bearer <token>)',
    EXIT.USAGE,
  ),
  KYC_ERR_API_TOKEN_EXPIRED: entry('The API token has expired (its expires= date has come)', EXIT.USAGE),
  KYC_ERR_API_HOST: entry(
    "The Host header names neither the server's address nor one of its configured names",
    EXIT.USAGE,
  ),
  KYC_ERR_API_ORIGIN: entry('A browser request from another origin may not change anything', EXIT.USAGE),
  KYC_ERR_API_RATE_LIMITED: entry('Too many requests for this token (KYC_API_RATE_LIMIT)', EXIT.USAGE),
  KYC_ERR_API_TOO_MANY_RUNS: entry(
    'Too many runs queued or running for this token (KYC_API_MAX_ACTIVE_RUNS)',
    EXIT.USAGE,
  ),
  KYC_ERR_API_REQUEST: entry(
    'The request is invalid (a query parameter, a header, a form field or the JSON body)',
    EXIT.USAGE,
  ),
  KYC_ERR_API_CALLBACK_URL: entry(
    'callback_url must be an absolute http(s) URL, and the server needs a secret to sign with',
    EXIT.USAGE,
  ),
  KYC_ERR_API_MEDIA_TYPE: entry('The request body is not of the content type the route takes', EXIT.USAGE),
  KYC_ERR_API_TOO_LARGE: entry(
    'The request body exceeds its size limit (KYC_API_MAX_UPLOAD_BYTES; 64 KiB for JSON)',
    EXIT.USAGE,
  ),
  KYC_ERR_API_RUN_NOT_DONE: entry('The run has not finished: its outputs are not ready', EXIT.USAGE),
  KYC_ERR_API_NOT_FOUND: entry('No such route', EXIT.USAGE),
  KYC_ERR_API_METHOD: entry('The path does not answer this method', EXIT.USAGE),
  KYC_ERR_API_NO_REPORT: entry('The run has no report', EXIT.USAGE),
  KYC_ERR_API_IDEMPOTENCY_MISMATCH: entry(
    'The Idempotency-Key was already used for another upload',
    EXIT.USAGE,
  ),
  KYC_ERR_API_CLIENT_NO_KEY: entry(
    'The client has neither a name nor an identifier (full_name, inn, ogrn or snils)',
    EXIT.USAGE,
  ),

  // --- the review desk: its database, alerts, decisions and approvals (docs/review-desk.md)
  KYC_ERR_DB_CONNECT: entry('Cannot open the review desk database', EXIT.INTERNAL),
  KYC_ERR_DB_BUSY: entry('The embedded review desk database is open in another process', EXIT.USAGE),
  KYC_ERR_DB_MIGRATION: entry('A migration of the review desk database failed', EXIT.INTERNAL),
  KYC_ERR_DESK_ALERT_NOT_FOUND: entry('No such alert', EXIT.USAGE),
  KYC_ERR_DESK_ROLE: entry('The token lacks the role this step needs (analyst or approver)', EXIT.USAGE),
  KYC_ERR_DESK_OWN_DECISION: entry('Nobody approves their own decision: a second person must', EXIT.USAGE),
  KYC_ERR_DESK_NOTHING_TO_APPROVE: entry('The alert has no decision waiting for approval', EXIT.USAGE),
  KYC_ERR_DESK_COMMENT: entry('A decision (and a send-back) needs a comment', EXIT.USAGE),
  KYC_ERR_DESK_REQUIRED: entry(
    "The run requires the review desk's decisions (--require-desk) and the desk cannot be used where it is coordinated",
    EXIT.USAGE,
  ),
  KYC_ERR_RUN_SERVICE_MISMATCH: entry(
    'The run screens against another Lookup Service (URL or API key) than this process is configured with',
    EXIT.USAGE,
  ),
  KYC_ERR_RUN_SERVICE_UNKNOWN: entry(
    'The run was recorded by an older version that did not name its Lookup Service: it cannot be resumed',
    EXIT.USAGE,
  ),

  // --- damaged identifiers and header mapping (docs/ingest.md)
  KYC_ERR_ROW_INN_REPAIRED: entry(
    'The ИНН cell was repaired before use (marks or a prefix removed, a lost leading zero restored, an INN/KPP pair split, or another identifier recognised)',
    EXIT.INPUT,
  ),
  KYC_ERR_ROW_INN_PASSPORT: entry(
    "A 10-digit value in the ИНН column of a person's row is not used as an INN: it may be a passport number",
    EXIT.INPUT,
  ),
  KYC_ERR_INPUT_NO_ROWS: entry('The input file has a header line but no data rows', EXIT.INPUT),
  KYC_ERR_INPUT_ID_COLUMN: entry(
    'No ИНН column is mapped: a column holds INNs under an unknown header, or the file has no identifier column',
    EXIT.INPUT,
  ),

  KYC_ERR_INTERNAL: entry('Internal error', EXIT.INTERNAL),

  // --- the review desk: four eyes on the decision seen, who may approve, keys (docs/review-desk.md)
  KYC_ERR_DESK_STALE_DECISION: entry(
    "The decision approved is no longer the alert's last: the analyst decided again",
    EXIT.USAGE,
  ),
  KYC_ERR_DESK_STALE_RECORD: entry(
    'The record changed since the analyst opened the alert: decide on the record as it is now',
    EXIT.USAGE,
  ),
  KYC_ERR_DESK_APPROVER_UNKNOWN: entry(
    'The approver is not a person of the API tokens with a desk role',
    EXIT.USAGE,
  ),
} as const satisfies Record<string, CatalogEntry>;

export type ErrorCode = keyof typeof CATALOG;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(CATALOG, value);
}

/** The one error class of the project: a stable code, the catalog message and an optional detail. */
export class KycError extends Error {
  readonly code: ErrorCode;
  readonly exitCode: ExitCode;
  readonly detail: string | undefined;

  constructor(code: ErrorCode, detail?: string, options?: { cause?: unknown }) {
    const base = CATALOG[code].message;
    super(detail ? `${base}: ${detail}` : base, options);
    this.name = 'KycError';
    this.code = code;
    this.exitCode = CATALOG[code].exit;
    this.detail = detail;
  }

  /** `KYC_ERR_X: message`, the form written to stderr and into verdict rows. */
  override toString(): string {
    return `${this.code}: ${this.message}`;
  }
}

export function isKycError(error: unknown): error is KycError {
  return error instanceof KycError;
}

/** The catalog message of a code, for row-level issues that are data rather than thrown errors. */
export function messageOf(code: ErrorCode): string {
  return CATALOG[code].message;
}
