import { EXIT } from '../errors.js';

/**
 * What `kyc-screen --help` lists after the commands: the environment variables and the exit codes. A test
 * keeps the variables identical to the table of docs/configuration.md and the exit codes to the README's
 * table, so neither can drift.
 */
export const ENVIRONMENT: readonly (readonly [name: string, meaning: string])[] = [
  ['REDIS_URL', 'Redis for the queues (default: an embedded redis-server)'],
  ['KYC_ANSWERS_REDIS_URL', 'Redis of the answers kept across runs, may evict (default: the queues’ Redis)'],
  ['KYC_API_URL', 'base URL of the Lookup Service; emulator = the built-in emulator (marked outputs)'],
  ['KYC_API_KEY', 'API key of the Lookup Service, never logged or stored (or KYC_API_KEY_FILE)'],
  ['KYC_LANG', 'language of report.html and the dashboard: ru (default) or en'],
  ['KYC_OUTPUT_MODE', "file mode of a run's outputs (default 0600)"],
  ['KYC_DASHBOARD_TOKEN', "the dashboard's token, required off loopback (or KYC_DASHBOARD_TOKEN_FILE)"],
  ['KYC_API_TOKENS', 'HTTP API tokens as name:sha256hex[:roles] entries (or KYC_API_TOKENS_FILE)'],
  ['DATABASE_URL', 'PostgreSQL of the review desk (default: embedded, in the state directory)'],
  ['KYC_API_MAX_UPLOAD_BYTES', 'largest CSV the HTTP API accepts (default 209715200, 200 MiB)'],
  ['KYC_API_MAX_UPLOAD_ROWS', 'most data rows of one HTTP API upload (default 1000000)'],
  ['KYC_XLSX_MAX_SHEET_BYTES', 'largest inflated sheet of an Excel input (default 1073741824, 1 GiB)'],
  [
    'KYC_XLSX_MAX_SHARED_STRINGS_BYTES',
    'largest inflated shared strings of an Excel input (default 128 MiB)',
  ],
  ['KYC_API_WEBHOOK_URL', 'POST a signed notice here when an API run completes or fails (default: none)'],
  ['KYC_API_WEBHOOK_SECRET', 'HMAC-SHA256 key of API run webhooks (or KYC_API_WEBHOOK_SECRET_FILE)'],
  ['KYC_API_WEBHOOK_BACKOFF_MS', 'first pause before an API run webhook is retried (default 30000)'],
  [
    'KYC_API_WEBHOOK_ALLOW',
    'internal webhook receivers allowed (host, host:port, address/bits; default none)',
  ],
  ['KYC_API_RATE_LIMIT', 'requests per minute one API token may make (default 600)'],
  ['KYC_API_MAX_ACTIVE_RUNS', 'runs one API token may have queued or running (default 20)'],
  ['KYC_API_HOSTS', 'public names serve answers to besides its bound address (comma-separated)'],
  ['KYC_API_PUBLIC_URL', 'base URL clients reach the API at: document servers, webhook links'],
  ['KYC_DASHBOARD_HOSTS', 'public names the dashboard answers to besides its bound address'],
  ['KYC_DASHBOARD_URL', "base URL of the dashboard: run reports link alerts to the desk's pages"],
  ['KYC_RATE', 'upstream calls per second, shared by all workers (default 10)'],
  ['KYC_PREFIX', 'hash-tagged queue prefix (default {kyc})'],
  ['KYC_STATE_DIR', 'embedded Redis data and logs (default .state)'],
  [
    'KYC_AUDIT_KEY',
    'Ed25519 key file signing audit packages (default audit-signing-key.pem in the state dir)',
  ],
  ['KYC_REQUEST_TIMEOUT_MS', 'per-request timeout of the HTTP client (default 10000)'],
  ['KYC_HTTP_CONCURRENCY', 'concurrent requests per client instance (default 32)'],
  ['KYC_BREAKER_THRESHOLD', 'auth or network failures in a row that stop every call (default 5)'],
  ['KYC_MAX_RETRY_AFTER_MS', "the longest Retry-After honoured (default: the profile's, 300000)"],
  ['KYC_CACHE_ROWS', 'rows a cached answer serves repeats within (default 10000)'],
  ['KYC_MAX_AGE', 'reuse answers of earlier runs this young, e.g. debtor=30d,sanctions=1d (default none)'],
  ['KYC_ANSWERS_SECRET', "key of the kept answers' hashes (default: <state-dir>/answers.key)"],
  ['KYC_UPSTREAM_PROFILE', 'upstream profile file: what the Lookup Service does where its contract is open'],
  ['KYC_DEBTOR_NOT_FOUND', 'more debtor "not found" phrasings, separated by |'],
  [
    'KYC_FA_STRATEGY',
    'foreign-agent check: auto (by cost), mirror (the register once) or search (per client)',
  ],
  ['KYC_WEBHOOK_URL', 'POST a signed notice here when a scheduled run finds new HITs (default: none)'],
  ['KYC_WEBHOOK_SECRET', 'HMAC-SHA256 key of the webhook signature (or KYC_WEBHOOK_SECRET_FILE)'],
  ['LOG_LEVEL', 'pino log level (default info)'],
];

const EXIT_MEANINGS: Readonly<Record<keyof typeof EXIT, string>> = {
  OK: 'success',
  INTERNAL: 'internal error',
  USAGE: 'usage or configuration error',
  INPUT:
    'input file error; an output destination cannot be written; report verify: a file is missing or altered',
  INCOMPLETE: 'run finished, some rows INCOMPLETE',
  UPSTREAM: 'the Lookup Service refused (for example the API key) or could not be reached',
  REDIS: 'Redis missing or unreachable',
  PROFILE_MISMATCH: 'doctor: the Lookup Service does not do what the upstream profile assumes',
  NEW_HITS: 'report delta: the delta has new HITs (the delta file is written)',
};

/** Ctrl-C is not an error of the catalog, but scripts branch on it all the same. */
const INTERRUPTED: readonly [number, string] = [130, 'interrupted (Ctrl-C); resume with --resume <runId>'];

function table(rows: readonly (readonly [string, string])[]): string {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`).join('\n');
}

export function environmentHelp(): string {
  return `Environment variables (flags of the same meaning win):\n${table(ENVIRONMENT)}`;
}

export function exitCodeHelp(): string {
  const rows = (Object.keys(EXIT) as (keyof typeof EXIT)[]).map(
    (name) => [String(EXIT[name]), EXIT_MEANINGS[name]] as const,
  );
  return `Exit codes:\n${table([...rows, [String(INTERRUPTED[0]), INTERRUPTED[1]]])}`;
}
