/**
 * Every environment variable kyc-screen reads, in one table, and the only place `process.env` is read
 * (a unit test greps src/ for any other). `--help` and docs/configuration.md are made from the table, so
 * a variable cannot be read without being documented, nor documented without being read. Parsing and
 * validation stay with the code that owns each value (`parser` names it; a test checks that it exists):
 * the table says what there is, the parsers keep their error codes.
 */

export type SettingType =
  | 'text'
  | 'url'
  | 'uuid'
  | 'integer'
  | 'number'
  | 'enum'
  | 'list'
  | 'path'
  | 'file-mode'
  | 'ages'
  | 'boolean';

export interface EnvironmentSetting {
  readonly name: string;
  readonly type: SettingType;
  /** The default as `--help` would say it; absent: unset means none, or a default the docs explain. */
  readonly default?: string;
  /** Where the value is parsed and checked: `<file under src/>#<exported function>`. */
  readonly parser: string;
  /** Never logged, shown or stored; `<name>_FILE` may name a file that holds it instead (Docker secrets). */
  readonly secret: boolean;
  /** Command-line flags of the same meaning; they win over the variable. */
  readonly flags?: readonly string[];
  /** One line of `kyc-screen --help`. */
  readonly help: string;
  /** The default column of docs/configuration.md (markdown); absent: `default` in backquotes, or none. */
  readonly docDefault?: string;
  /** The meaning column of docs/configuration.md (markdown). */
  readonly doc: string;
}

/** In the order `--help` and docs/configuration.md list them. */
export const ENVIRONMENT = [
  {
    name: 'REDIS_URL',
    type: 'url',
    parser: 'config.ts#loadConfig',
    secret: false,
    help: 'Redis for the queues (default: an embedded redis-server)',
    docDefault: 'embedded `redis-server`',
    doc: 'Redis for the queues (`maxmemory-policy noeviction` required); `redis+cluster://h:p,h:p` for a Redis Cluster, `redis+sentinel://h:p,h:p?name=mymaster` for Sentinel ([operations.md](operations.md#redis-cluster-and-sentinel))',
  },
  {
    name: 'KYC_ANSWERS_REDIS_URL',
    type: 'url',
    parser: 'config.ts#loadConfig',
    secret: false,
    help: 'Redis of the answers kept across runs, may evict (default: the queues’ Redis)',
    docDefault: 'the queues’ Redis',
    doc: 'Redis of the answers kept across runs; it may evict (`allkeys-lru`): a lost answer costs a call, never a verdict ([configuration.md](#the-answer-stores-redis))',
  },
  {
    name: 'KYC_API_URL',
    type: 'url',
    parser: 'config.ts#loadConfig',
    secret: false,
    flags: ['--emulator'],
    help: 'base URL of the Lookup Service; emulator = the built-in emulator (marked outputs)',
    docDefault: 'none: `run`, `worker`, `schedule add` refuse (exit 2)',
    doc: 'base URL of the Lookup Service, `https://host[:port][/path]`; `emulator` (or `--emulator`) opts into the built-in emulator, whose outputs are marked. A user name, password, query string or fragment is refused (`KYC_ERR_CONFIG_API_URL_PARTS`): requests carry the API key header only, so such parts would be dropped while the manifest showed them',
  },
  {
    name: 'KYC_API_KEY',
    type: 'uuid',
    parser: 'config.ts#loadConfig',
    secret: true,
    help: 'API key of the Lookup Service, never logged or stored (or KYC_API_KEY_FILE)',
    docDefault: 'demo key of the emulator',
    doc: 'API key, a UUID; required with `KYC_API_URL`; never logged or stored; or `KYC_API_KEY_FILE` (a file holding it: Docker secrets)',
  },
  {
    name: 'KYC_EMULATOR_KEYS',
    type: 'list',
    parser: 'commands/emulator.ts#resolveKeys',
    secret: false,
    flags: ['--keys'],
    help: 'API keys the emulator accepts, comma-separated UUIDs (default: the demo key)',
    docDefault: 'the demo key',
    doc: "`kyc-screen emulator --keys`: the `X-Api-Key` values the built-in emulator accepts, comma-separated UUIDs; a key that is not a UUID is refused (`KYC_ERR_CONFIG_API_KEY`) ([the emulator's README](../packages/lookup-emulator/README.md))",
  },
  {
    name: 'KYC_LANG',
    type: 'enum',
    default: 'ru',
    parser: 'i18n/lang.ts#resolveLang',
    secret: false,
    flags: ['--lang'],
    help: 'language of report.html and the dashboard: ru (default) or en',
    doc: "language of `report.html` and of the dashboard's pages: `ru` or `en` (`run --lang`, `report html --lang`, `dashboard --lang` win over it; on the dashboard `?lang=en` switches a visitor's pages); any other value is refused (`KYC_ERR_USAGE`)",
  },
  {
    name: 'KYC_OUTPUT_MODE',
    type: 'file-mode',
    default: '0600',
    parser: 'settings/output-mode.ts#parseOutputMode',
    secret: false,
    flags: ['--output-mode'],
    help: "file mode of a run's outputs (default 0600)",
    doc: "file mode of a run's outputs (`run --output-mode`)",
  },
  {
    name: 'KYC_DASHBOARD_TOKEN',
    type: 'text',
    parser: 'config.ts#readSecret',
    secret: true,
    help: "the dashboard's token, required off loopback (or KYC_DASHBOARD_TOKEN_FILE)",
    doc: "the dashboard's token (or `KYC_DASHBOARD_TOKEN_FILE`): at least 32 random characters, trimmed, a blank or weak one refused; required when it listens on anything but loopback ([operations.md](operations.md#authentication))",
  },
  {
    name: 'KYC_API_PUBLIC_URL',
    type: 'url',
    parser: 'api/public-url.ts#parsePublicUrl',
    secret: false,
    help: 'base URL clients reach the API at: document servers, webhook links',
    docDefault: 'none: the origin each request was made to',
    doc: 'the base URL clients reach the HTTP API at, `https://host[:port][/path]` (behind a proxy, its public name): the `servers` of `GET /v1/openapi.json`, the absolute `*_url` links of every answer ([api.md](api.md#routes)) and of run webhooks ([api.md](api.md#events-and-payload)); a query, fragment or credentials refuse the start (`KYC_ERR_CONFIG_INVALID`)',
  },
  {
    name: 'KYC_API_HOSTS',
    type: 'list',
    parser: 'api/host-guard.ts#parseHostNames',
    secret: false,
    help: 'public names serve answers to besides its bound address (comma-separated)',
    doc: 'host names `serve` answers besides its address and loopback names (comma-separated, any port; behind a proxy, the public name); any other `Host` is `421` ([api.md](api.md#host-origin-and-security-headers))',
  },
  {
    name: 'KYC_DASHBOARD_HOSTS',
    type: 'list',
    parser: 'api/host-guard.ts#parseHostNames',
    secret: false,
    help: 'public names the dashboard answers to besides its bound address',
    doc: "host names the dashboard answers besides its address and loopback names (comma-separated, any port: a proxy's public name, a Compose service name Prometheus scrapes); any other `Host` is `421` ([operations.md](operations.md#authentication))",
  },
  {
    name: 'KYC_DASHBOARD_URL',
    type: 'url',
    parser: 'settings/dashboard-url.ts#parseDashboardUrl',
    secret: false,
    help: "base URL of the dashboard: run reports link alerts to the desk's pages",
    doc: 'the base URL people reach the dashboard at, `https://host[:port][/path]`: each run report and new-HITs webhook links an alert to its page on the review desk (`<url>/desk/alerts/<id>`, [review-desk.md](review-desk.md#in-the-run-report-the-delta-and-the-new-hits-webhook)); read by the process that writes the report (`run`, `serve`, `worker`, `report html`); a query, fragment or credentials are refused (`KYC_ERR_CONFIG_INVALID`)',
  },
  {
    name: 'KYC_TRUSTED_PROXY',
    type: 'boolean',
    default: '0',
    parser: 'settings/trusted-proxy.ts#trustedProxyOf',
    secret: false,
    help: '1 when the dashboard is reached only through a TLS proxy: believe its X-Forwarded-Proto',
    doc: "`1` or `true` when the dashboard is reached only through a reverse proxy that terminates TLS and sets `X-Forwarded-Proto`: the review desk's session cookie is then `Secure` when the proxy says `https`; `0` or `false` ignore the header; anything else is refused (`KYC_ERR_CONFIG_INVALID`) ([operations.md](operations.md#authentication))",
  },
  {
    name: 'KYC_API_RATE_LIMIT',
    type: 'integer',
    default: '600',
    parser: 'api/token-limits.ts#loadTokenLimits',
    secret: false,
    help: 'requests per minute one API token may make (default 600)',
    doc: 'requests a minute per API token; past it `429` `KYC_ERR_API_RATE_LIMITED` with `Retry-After` ([api.md](api.md#limits-per-token))',
  },
  {
    name: 'KYC_API_MAX_ACTIVE_RUNS',
    type: 'integer',
    default: '20',
    parser: 'api/token-limits.ts#loadTokenLimits',
    secret: false,
    help: 'runs one API token may have queued or running (default 20)',
    doc: 'runs queued or running at once per API token, uploads in progress included; past it `429` `KYC_ERR_API_TOO_MANY_RUNS` ([api.md](api.md#limits-per-token))',
  },
  {
    name: 'KYC_API_TOKENS',
    type: 'list',
    parser: 'api/tokens.ts#loadApiTokens',
    secret: true,
    help: 'HTTP API tokens as name:sha256hex[:roles] entries (or KYC_API_TOKENS_FILE)',
    docDefault: 'none: `serve` refuses (exit 2)',
    doc: "tokens of the HTTP API as comma-separated `name:sha256hex` entries, with roles joined by `+` as the third field (`:admin` for a token that sees every token's runs, `analyst` and `approver` at the review desk: `bob:<sha256>:analyst+approver`, [review-desk.md](review-desk.md#people-and-roles)) and `:expires=YYYY-MM-DD` for one refused from that day on (or `KYC_API_TOKENS_FILE`, one a line); a malformed entry refuses the start, naming its line; the name is recorded as a run's submitter ([api.md](api.md#authentication)); `kyc-screen dashboard` signs people in at `/desk` with the same entries ([review-desk.md](review-desk.md#the-desk-in-the-browser))",
  },
  {
    name: 'DATABASE_URL',
    type: 'url',
    parser: 'desk/db/open.ts#databaseUrlOf',
    secret: false,
    help: 'PostgreSQL of the review desk (default: embedded, in the state directory)',
    docDefault: 'embedded PostgreSQL in `<state dir>/desk-db`',
    doc: "the review desk's database, `postgresql://user:password@host:5432/db`: alerts, decisions and approvals ([review-desk.md](review-desk.md#the-database)); migrations run at start-up and with `kyc-screen db migrate`; the embedded one serves one process at a time",
  },
  {
    name: 'KYC_REQUIRE_DESK',
    type: 'boolean',
    default: '0',
    parser: 'settings/require-desk.ts#requireDeskOf',
    secret: false,
    flags: ['--require-desk'],
    help: "1: a run fails rather than screen without the review desk's decisions",
    doc: "`1` or `true`: a run fails (`KYC_ERR_DESK_REQUIRED`) rather than screen without the review desk's approved false positives (the embedded desk open in another process, a `worker` without `DATABASE_URL`), as `run --require-desk` and `worker --require-desk` do; read by `run` and `schedule add` (stored with the run or the schedule) and by `worker` (every run it coordinates); `0` or `false`: such a run screens and says in its summary, manifest and report that the decisions were not applied ([review-desk.md](review-desk.md#when-decisions-are-not-applied)); anything else is refused (`KYC_ERR_CONFIG_INVALID`)",
  },
  {
    name: 'KYC_API_MAX_UPLOAD_BYTES',
    type: 'integer',
    default: '209715200',
    parser: 'api/upload.ts#parseMaxUploadBytes',
    secret: false,
    help: 'largest CSV the HTTP API accepts (default 209715200, 200 MiB)',
    docDefault: '`209715200` (200 MiB)',
    doc: 'the largest CSV `POST /v1/runs` accepts; a larger one is refused with 413 and nothing of it kept',
  },
  {
    name: 'KYC_API_MAX_UPLOAD_ROWS',
    type: 'integer',
    default: '1000000',
    parser: 'api/upload.ts#parseMaxUploadRows',
    secret: false,
    help: 'most data rows of one HTTP API upload (default 1000000)',
    doc: 'data rows of one `POST /v1/runs` upload, counted before the run is queued; more is refused with 413',
  },
  {
    name: 'KYC_XLSX_MAX_SHEET_BYTES',
    type: 'integer',
    default: '1073741824',
    parser: 'config.ts#loadConfig',
    secret: false,
    help: 'largest inflated sheet of an Excel input (default 1073741824, 1 GiB)',
    docDefault: '`1073741824` (1 GiB)',
    doc: "an Excel input's sheet as inflated, and as the CSV its rows make; larger is `KYC_ERR_INPUT_XLSX`",
  },
  {
    name: 'KYC_XLSX_MAX_SHARED_STRINGS_BYTES',
    type: 'integer',
    default: '134217728',
    parser: 'config.ts#loadConfig',
    secret: false,
    help: 'largest inflated shared strings of an Excel input (default 128 MiB)',
    docDefault: '`134217728` (128 MiB)',
    doc: "an Excel input's shared strings as inflated; larger is `KYC_ERR_INPUT_XLSX`",
  },
  {
    name: 'KYC_API_WEBHOOK_URL',
    type: 'url',
    parser: 'api/webhooks.ts#loadApiWebhookConfig',
    secret: false,
    help: 'POST a signed notice here when an API run completes or fails (default: none)',
    doc: 'every run submitted through the HTTP API POSTs a signed notice here when it completes or fails, retried with back-off ([api.md](api.md#webhooks)); only its origin is ever logged or shown',
  },
  {
    name: 'KYC_API_WEBHOOK_SECRET',
    type: 'text',
    parser: 'api/webhooks.ts#loadApiWebhookConfig',
    secret: true,
    help: 'HMAC-SHA256 key of API run webhooks (or KYC_API_WEBHOOK_SECRET_FILE)',
    doc: "HMAC-SHA256 key of the API's run webhooks, the server's URL and every `callback_url` alike (or `KYC_API_WEBHOOK_SECRET_FILE`); required with `KYC_API_WEBHOOK_URL`; without it `callback_url` is refused",
  },
  {
    name: 'KYC_API_WEBHOOK_BACKOFF_MS',
    type: 'integer',
    default: '30000',
    parser: 'api/webhooks.ts#loadApiWebhookConfig',
    secret: false,
    help: 'first pause before an API run webhook is retried (default 30000)',
    doc: 'first pause before an API run webhook is retried; doubled at each of the 5 attempts',
  },
  {
    name: 'KYC_API_WEBHOOK_ALLOW',
    type: 'list',
    parser: 'api/webhooks.ts#loadApiWebhookConfig',
    secret: false,
    help: 'internal webhook receivers allowed (host, host:port, address/bits; default none)',
    doc: 'receivers a `callback_url` may name although they are not public (on-prem): comma-separated `host`, `host:port`, `[ipv6]:port` or `address/bits`; any other loopback, private, link-local or unspecified receiver is refused ([api.md](api.md#which-receivers-a-callback-may-name))',
  },
  {
    name: 'KYC_RATE',
    type: 'number',
    default: '10',
    parser: 'config.ts#loadConfig',
    secret: false,
    flags: ['--rate'],
    help: 'upstream calls per second, shared by all workers (default 10)',
    docDefault: '`10`; `50` for a `run --emulator` or `demo` the built-in emulator serves',
    doc: 'upstream calls per second, shared by all workers on all machines (the built-in emulator has no quota)',
  },
  {
    name: 'KYC_PREFIX',
    type: 'text',
    default: '{kyc}',
    parser: 'config.ts#loadConfig',
    secret: false,
    help: 'hash-tagged queue prefix (default {kyc})',
    doc: 'hash-tagged queue prefix',
  },
  {
    name: 'KYC_STATE_DIR',
    type: 'path',
    default: '.state',
    parser: 'config.ts#loadConfig',
    secret: false,
    flags: ['--state-dir'],
    help: 'embedded Redis data and logs (default .state)',
    doc: 'embedded Redis data (AOF), the embedded desk database (`desk-db/`) and logs; `0700`, files `0600`',
  },
  {
    name: 'KYC_AUDIT_KEY',
    type: 'path',
    parser: 'config.ts#loadConfig',
    secret: false,
    help: 'Ed25519 key file signing audit packages (default audit-signing-key.pem in the state dir)',
    docDefault: '`audit-signing-key.pem` in the state directory',
    doc: 'the Ed25519 private key (PEM, PKCS#8) that signs audit packages; generated `0600` on first export when unset; set it to one shared file when several machines export',
  },
  {
    name: 'KYC_REQUEST_TIMEOUT_MS',
    type: 'number',
    default: '10000',
    parser: 'config.ts#loadConfig',
    secret: false,
    help: 'per-request timeout of the HTTP client (default 10000)',
    doc: 'per-request timeout of the HTTP client',
  },
  {
    name: 'KYC_HTTP_CONCURRENCY',
    type: 'integer',
    default: '32',
    parser: 'config.ts#loadConfig',
    secret: false,
    help: 'concurrent requests per client instance (default 32)',
    doc: 'concurrent requests per client instance',
  },
  {
    name: 'KYC_BREAKER_THRESHOLD',
    type: 'integer',
    default: '5',
    parser: 'config.ts#loadConfig',
    secret: false,
    help: 'auth or network failures in a row that stop every call (default 5)',
    doc: 'auth or network failures in a row (all workers) that stop every call and fail the runs resumably',
  },
  {
    name: 'KYC_MAX_RETRY_AFTER_MS',
    type: 'integer',
    parser: 'config.ts#loadConfig',
    secret: false,
    help: "the longest Retry-After honoured (default: the profile's, 300000)",
    docDefault: "the profile's, `300000`",
    doc: 'the longest `Retry-After` honoured; a longer one is cut to this and logged',
  },
  {
    name: 'KYC_CACHE_ROWS',
    type: 'integer',
    default: '10000',
    parser: 'config.ts#loadConfig',
    secret: false,
    flags: ['--cache-rows'],
    help: 'rows a cached answer serves repeats within (default 10000)',
    doc: '`run --cache-rows`: a request repeated within this many rows of the answer\'s last use is answered from the run\'s cache; Redis holds about 1.25 × this many rows of answers ([pipeline.md](pipeline.md#guarantees), "Identical requests"). Larger saves calls on files with scattered repeats, smaller saves Redis',
  },
  {
    name: 'KYC_MAX_AGE',
    type: 'ages',
    parser: 'settings/answer-policy.ts#parseMaxAge',
    secret: false,
    flags: ['--max-age'],
    help: 'reuse answers of earlier runs this young, e.g. debtor=30d,sanctions=1d (default none)',
    doc: '`run --max-age`: answers of earlier runs younger than this, per check, are used instead of a call, e.g. `debtor=30d,bankruptcy=7d,sanctions=1d,foreign_agent=1d` (ages in `s`, `m`, `h`, `d`); unset or `none`: every answer fresh and nothing kept ([operations.md](operations.md#answers-kept-across-runs))',
  },
  {
    name: 'KYC_ANSWERS_SECRET',
    type: 'text',
    parser: 'config.ts#loadConfig',
    secret: true,
    help: "key of the kept answers' hashes (default: <state-dir>/answers.key)",
    docDefault: '`<state-dir>/answers.key`',
    doc: 'key of the HMAC that names the kept answers in Redis (or `KYC_ANSWERS_SECRET_FILE`); at least 16 characters; every machine sharing a Redis must have the same one to share answers ([operations.md](operations.md#answers-kept-across-runs))',
  },
  {
    name: 'KYC_UPSTREAM_PROFILE',
    type: 'path',
    parser: 'config.ts#loadConfig',
    secret: false,
    flags: ['--upstream-profile'],
    help: 'upstream profile file: what the Lookup Service does where its contract is open',
    docDefault: 'safe defaults',
    doc: "`--upstream-profile` of `run`, `worker`, `schedule add`: a JSON file of what the deployment's Lookup Service does where its contract is open ([lookup-service.md](lookup-service.md#the-upstream-profile)); recorded in the manifest",
  },
  {
    name: 'KYC_DEBTOR_NOT_FOUND',
    type: 'list',
    parser: 'config.ts#splitPhrases',
    secret: false,
    help: 'more debtor "not found" phrasings, separated by |',
    doc: 'more phrasings of the debtor "not found" message, separated by `\\|`, merged into the profile ([lookup-service.md](lookup-service.md#debtor-not-found))',
  },
  {
    name: 'KYC_FA_STRATEGY',
    type: 'enum',
    default: 'auto',
    parser: 'settings/fa-strategy-option.ts#parseFaStrategy',
    secret: false,
    flags: ['--fa-strategy'],
    help: 'foreign-agent check: auto (by cost), mirror (the register once) or search (per client)',
    doc: '`run --fa-strategy`: how the foreign-agent check finds candidates: `search` per client, `mirror` (the register enumerated once per run, clients matched locally), or `auto`, the cheaper in calls ([foreign-agent-mirror.md](foreign-agent-mirror.md))',
  },
  {
    name: 'KYC_WEBHOOK_URL',
    type: 'url',
    parser: 'config.ts#loadConfig',
    secret: false,
    help: 'POST a signed notice here when a scheduled run finds new HITs (default: none)',
    doc: 'a scheduled run whose delta has new HITs, and a firing that failed, POSTs a signed notice here, retried with back-off ([notifications.md](notifications.md)); only its origin is ever logged',
  },
  {
    name: 'KYC_WEBHOOK_SECRET',
    type: 'text',
    parser: 'config.ts#loadConfig',
    secret: true,
    help: 'HMAC-SHA256 key of the webhook signature (or KYC_WEBHOOK_SECRET_FILE)',
    doc: "HMAC-SHA256 key of the webhook's `X-Kyc-Signature` (or `KYC_WEBHOOK_SECRET_FILE`); required with `KYC_WEBHOOK_URL`",
  },
  {
    name: 'LOG_LEVEL',
    type: 'enum',
    default: 'info',
    parser: 'config.ts#loadConfig',
    secret: false,
    help: 'pino log level (default info)',
    doc: 'pino level; JSON logs never contain the key or personal data (redacted paths, key scrubbed from text)',
  },
] as const satisfies readonly EnvironmentSetting[];

export type EnvironmentName = (typeof ENVIRONMENT)[number]['name'];

type SecretName = Extract<(typeof ENVIRONMENT)[number], { readonly secret: true }>['name'];

/** Variables of the operating system, not of kyc-screen: where executables are found. */
export type SystemVariable = 'PATH' | 'PATHEXT';

/** The environment as the loaders see it: only the variables of the table (and a secret's `_FILE`). */
export type Environment = Readonly<
  Partial<Record<EnvironmentName | `${SecretName}_FILE` | SystemVariable, string>>
>;

/**
 * The process's environment as a whole, for the loaders that read several variables and take an
 * environment so that tests can hand them another (loadConfig, loadApiTokens, readSecret…).
 */
export function environment(): Environment {
  return process.env;
}

/** One variable of the table, as set (unparsed; its parser checks it). */
export function setting(name: EnvironmentName): string | undefined {
  return process.env[name];
}

export function systemVariable(name: SystemVariable): string | undefined {
  return process.env[name];
}
