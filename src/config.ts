import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { KycError } from './errors.js';
import { parseFaStrategy, type FaStrategyOption } from './mirror/strategy.js';
import { DEFAULT_OUTPUT_MODE, parseOutputMode } from './pipeline/output-paths.js';
import { REDIS_URL_PATTERN } from './pipeline/redis-connection.js';
import { DEFAULT_CACHE_ROWS } from './pipeline/request-cache.js';
import { loadProfile, withDebtorNotFound, type UpstreamProfile } from './registry/profile.js';

/**
 * Environment and flags become one typed config, validated once at start-up. Everything downstream takes
 * this object, never `process.env`, so a run's effective config can be written to its manifest (without
 * secrets) and reproduced.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The key the built-in emulator accepts when no keys are configured; also written in docs/configuration.md. */
export const DEMO_API_KEY = '00000000-0000-4000-8000-000000000000';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export interface Config {
  /** Redis to use; undefined → the embedded redis-server. */
  readonly redisUrl: string | undefined;
  /** Lookup Service base URL; undefined → none configured (the built-in emulator only with `emulator`). */
  readonly apiUrl: string | undefined;
  /**
   * The operator opted into the built-in emulator (`KYC_API_URL=emulator` or `--emulator`). Without a URL
   * and without this opt-in, `run`, `worker` and `schedule` refuse to start: a lost KYC_API_URL must not turn
   * a nightly screening into a synthetic one.
   */
  readonly emulator: boolean;
  readonly apiKey: string | undefined;
  /** Upstream calls per second shared by every worker on every machine. */
  readonly rate: number;
  readonly logLevel: LogLevel;
  /** Hash-tagged so every queue key lands in one Redis Cluster slot. */
  readonly prefix: string;
  /** Where the embedded Redis keeps its AOF, so `--resume` survives a crash. */
  readonly stateDir: string;
  readonly requestTimeoutMs: number;
  /** Concurrent in-flight HTTP requests per registry client instance. */
  readonly httpConcurrency: number;
  /** A repeated request within this many rows is answered from the run's cache (see RequestCache). */
  readonly cacheRows: number;
  /**
   * Auth or network failures of calls in a row, across every worker, that open the circuit breaker: the
   * checks queue stops and the runs fail resumably instead of spending the quota on a bad key or a dead URL.
   */
  readonly breakerThreshold: number;
  /** The upstream profile file (`KYC_UPSTREAM_PROFILE`); undefined → the safe defaults. */
  readonly upstreamProfilePath: string | undefined;
  /**
   * Debtor "not found" phrasings from `KYC_DEBTOR_NOT_FOUND` (separated by `|`), merged into `profile`, so
   * that an operator can teach a run a new phrasing without a file or a release.
   */
  readonly debtorNotFound: readonly string[];
  /**
   * What this deployment's Lookup Service does where its contract is open (src/registry/profile.ts);
   * `KYC_MAX_RETRY_AFTER_MS` overrides the file's `maxRetryAfterMs`.
   */
  readonly profile: UpstreamProfile;
  /** Mode of the output files a run creates (`KYC_OUTPUT_MODE`, octal; default 0600). */
  readonly outputMode: number;
  /** How a run's foreign-agent check finds candidates (`KYC_FA_STRATEGY`; default auto). */
  readonly faStrategy: FaStrategyOption;
  /** Token of the dashboard (`KYC_DASHBOARD_TOKEN` or `_FILE`); a secret, like the API key. */
  readonly dashboardToken: string | undefined;
  /** Where a scheduled run's new HITs are POSTed (`KYC_WEBHOOK_URL`); undefined → no webhook. */
  readonly webhookUrl: string | undefined;
  /** HMAC key of the webhook signature (`KYC_WEBHOOK_SECRET` or `_FILE`); a secret, never logged. */
  readonly webhookSecret: string | undefined;
}

/**
 * A secret from `NAME`, or from the file named by `NAME_FILE` (Docker and Kubernetes secrets), trimmed.
 * Both at once is a configuration error; the value and the file's content are never echoed.
 */
export function readSecret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const direct = env[name] === '' ? undefined : env[name];
  const file = env[`${name}_FILE`] === '' ? undefined : env[`${name}_FILE`];
  if (direct !== undefined && file !== undefined)
    throw new KycError('KYC_ERR_CONFIG_INVALID', `set ${name} or ${name}_FILE, not both`);
  if (file === undefined) return direct;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new KycError('KYC_ERR_CONFIG_INVALID', `${name}_FILE: ${file} cannot be read`, { cause: error });
  }
  const value = text.trim();
  if (value === '') throw new KycError('KYC_ERR_CONFIG_INVALID', `${name}_FILE: ${file} is empty`);
  return value;
}

const positiveNumber = (name: string) =>
  z.coerce.number({ error: `${name} must be a number` }).positive({ error: `${name} must be positive` });

const schema = z.object({
  redisUrl: z
    .string()
    .regex(REDIS_URL_PATTERN, {
      error: 'REDIS_URL must start with redis://, rediss://, redis+cluster:// or redis+sentinel://',
    })
    .optional(),
  apiUrl: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, { error: 'KYC_API_URL must be an http(s) URL' })
    .optional(),
  apiKey: z.string().optional(),
  rate: positiveNumber('KYC_RATE').default(10),
  logLevel: z.enum(LOG_LEVELS).default('info'),
  prefix: z.string().min(1).default('{kyc}'),
  stateDir: z.string().min(1).default('.state'),
  requestTimeoutMs: positiveNumber('KYC_REQUEST_TIMEOUT_MS').default(10_000),
  httpConcurrency: positiveNumber('KYC_HTTP_CONCURRENCY').int().default(32),
  cacheRows: positiveNumber('KYC_CACHE_ROWS').int().default(DEFAULT_CACHE_ROWS),
  breakerThreshold: positiveNumber('KYC_BREAKER_THRESHOLD').int().default(5),
  maxRetryAfterMs: positiveNumber('KYC_MAX_RETRY_AFTER_MS').int().optional(),
  upstreamProfilePath: z.string().min(1).optional(),
  debtorNotFound: z.string().optional(),
  outputMode: z.string().optional(),
  faStrategy: z.string().optional(),
});

type ConfigKey = Exclude<
  keyof Config,
  'profile' | 'dashboardToken' | 'emulator' | 'webhookUrl' | 'webhookSecret'
>;

/** The value of KYC_API_URL (or of the `apiUrl` flag, which `--emulator` sets) that opts into the emulator. */
export const EMULATOR_URL = 'emulator';

export type ConfigInput = Partial<Record<ConfigKey, string | number | undefined>>;

const ENV_NAMES: Readonly<Record<ConfigKey, string>> = {
  redisUrl: 'REDIS_URL',
  apiUrl: 'KYC_API_URL',
  apiKey: 'KYC_API_KEY',
  rate: 'KYC_RATE',
  logLevel: 'LOG_LEVEL',
  prefix: 'KYC_PREFIX',
  stateDir: 'KYC_STATE_DIR',
  requestTimeoutMs: 'KYC_REQUEST_TIMEOUT_MS',
  httpConcurrency: 'KYC_HTTP_CONCURRENCY',
  cacheRows: 'KYC_CACHE_ROWS',
  breakerThreshold: 'KYC_BREAKER_THRESHOLD',
  upstreamProfilePath: 'KYC_UPSTREAM_PROFILE',
  debtorNotFound: 'KYC_DEBTOR_NOT_FOUND',
  outputMode: 'KYC_OUTPUT_MODE',
  faStrategy: 'KYC_FA_STRATEGY',
};

/** `a|b|c` → the phrases, trimmed, empty ones dropped. */
export function splitPhrases(list: string | undefined): string[] {
  return (list ?? '')
    .split('|')
    .map((phrase) => phrase.trim())
    .filter((phrase) => phrase !== '');
}

/**
 * The config with another upstream profile file (`--upstream-profile`, a schedule's stored one), the
 * `KYC_DEBTOR_NOT_FOUND` phrases merged in as always.
 */
export function withUpstreamProfile(config: Config, path: string): Config {
  return {
    ...config,
    upstreamProfilePath: path,
    profile: withDebtorNotFound(loadProfile(path), config.debtorNotFound),
  };
}

/** Flags win over the environment; empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, flags: ConfigInput = {}): Config {
  const raw: Record<string, string | number | undefined> = {};
  for (const [key, envName] of Object.entries(ENV_NAMES) as [ConfigKey, string][]) {
    const value = flags[key] ?? (key === 'apiKey' ? readSecret(env, envName) : env[envName]);
    raw[key] = value === '' ? undefined : value;
  }
  // Not a field of Config: it overrides the profile's own cap.
  raw.maxRetryAfterMs = env.KYC_MAX_RETRY_AFTER_MS === '' ? undefined : env.KYC_MAX_RETRY_AFTER_MS;
  const emulator = raw.apiUrl === EMULATOR_URL;
  if (emulator) raw.apiUrl = undefined;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const field = first ? String(first.path[0]) : '';
    // Never echo the rejected value: it may be a secret.
    const code =
      field === 'apiUrl'
        ? 'KYC_ERR_CONFIG_API_URL'
        : field === 'redisUrl'
          ? 'KYC_ERR_CONFIG_REDIS_URL'
          : 'KYC_ERR_CONFIG_INVALID';
    throw new KycError(code, first?.message);
  }
  const config = parsed.data;
  if (config.apiKey !== undefined && !isUuid(config.apiKey)) {
    throw new KycError(
      'KYC_ERR_CONFIG_API_KEY',
      'KYC_API_KEY must be a UUID (the form the Lookup Service issues)',
    );
  }
  if (config.apiUrl !== undefined && config.apiKey === undefined) {
    throw new KycError('KYC_ERR_CONFIG_API_KEY', 'KYC_API_KEY is required when KYC_API_URL is set');
  }
  return {
    redisUrl: config.redisUrl,
    apiUrl: config.apiUrl,
    emulator,
    apiKey: config.apiKey,
    rate: config.rate,
    logLevel: config.logLevel,
    prefix: config.prefix,
    stateDir: config.stateDir,
    requestTimeoutMs: config.requestTimeoutMs,
    httpConcurrency: config.httpConcurrency,
    cacheRows: config.cacheRows,
    breakerThreshold: config.breakerThreshold,
    upstreamProfilePath: config.upstreamProfilePath,
    debtorNotFound: splitPhrases(config.debtorNotFound),
    profile: withRetryAfterCap(
      withDebtorNotFound(loadProfile(config.upstreamProfilePath), splitPhrases(config.debtorNotFound)),
      config.maxRetryAfterMs,
    ),
    outputMode: config.outputMode === undefined ? DEFAULT_OUTPUT_MODE : parseOutputMode(config.outputMode),
    faStrategy: parseFaStrategy(config.faStrategy ?? 'auto'),
    dashboardToken: readSecret(env, 'KYC_DASHBOARD_TOKEN'),
    ...webhookOf(env),
  };
}

/** The webhook of new HITs: both or neither; a URL without a secret could not be verified by its receiver. */
function webhookOf(env: NodeJS.ProcessEnv): Pick<Config, 'webhookUrl' | 'webhookSecret'> {
  const url = env.KYC_WEBHOOK_URL === '' ? undefined : env.KYC_WEBHOOK_URL;
  const secret = readSecret(env, 'KYC_WEBHOOK_SECRET');
  if (url === undefined) return { webhookUrl: undefined, webhookSecret: secret };
  // Never echo the URL: its path or userinfo may carry a token.
  if (!/^https?:\/\/[^\s]+$/u.test(url))
    throw new KycError('KYC_ERR_CONFIG_WEBHOOK', 'KYC_WEBHOOK_URL is not an http(s) URL');
  if (secret === undefined) throw new KycError('KYC_ERR_CONFIG_WEBHOOK', 'KYC_WEBHOOK_SECRET is not set');
  return { webhookUrl: url, webhookSecret: secret };
}

function withRetryAfterCap(profile: UpstreamProfile, maxRetryAfterMs: number | undefined): UpstreamProfile {
  return maxRetryAfterMs === undefined ? profile : { ...profile, maxRetryAfterMs };
}

/** The config as it may be printed or written to a manifest: secrets replaced, credentials in URLs masked. */
export function publicConfig(config: Config): Record<string, string | number | boolean> {
  return {
    redisUrl: config.redisUrl ? maskUrlCredentials(config.redisUrl) : 'embedded',
    apiUrl: config.apiUrl
      ? maskUrlCredentials(config.apiUrl)
      : config.emulator
        ? 'built-in emulator'
        : '[unset]',
    apiKey: config.apiKey ? '[set]' : '[unset]',
    rate: config.rate,
    logLevel: config.logLevel,
    prefix: config.prefix,
    stateDir: config.stateDir,
    requestTimeoutMs: config.requestTimeoutMs,
    httpConcurrency: config.httpConcurrency,
    cacheRows: config.cacheRows,
    breakerThreshold: config.breakerThreshold,
    maxRetryAfterMs: config.profile.maxRetryAfterMs,
    upstreamProfile: config.upstreamProfilePath ?? 'defaults',
    debtorNotFound: config.debtorNotFound.join('|'),
    outputMode: `0${config.outputMode.toString(8)}`,
    faStrategy: config.faStrategy,
  };
}

/**
 * Replaces the userinfo of every URL in the text (`scheme://user:secret@host` → `scheme://***@host`), up to
 * the last `@` before the host, so that a password containing `@` is masked whole.
 */
export function maskUrlCredentials(text: string): string {
  return text.replace(/\/\/[^/?#\s]*@/g, '//***@');
}

/** The userinfo of a URL (`user:secret`), decoded and raw, or none. */
function urlCredentials(url: string | undefined): string[] {
  const userinfo = url ? /^[a-z][a-z0-9+.-]*:\/\/([^/?#\s]*)@/i.exec(url)?.[1] : undefined;
  if (!userinfo) return [];
  const parts = [userinfo, ...userinfo.split(':').slice(1)];
  const decoded = parts.map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
  return [...new Set([...parts, ...decoded])].filter((part) => part.length >= 3);
}

/** What no log line may contain: the API key and the credentials inside KYC_API_URL and REDIS_URL. */
export function logSecrets(config: Config): string[] {
  return [
    ...(config.apiKey ? [config.apiKey] : []),
    ...urlCredentials(config.apiUrl),
    ...urlCredentials(config.redisUrl),
    ...(config.webhookSecret ? [config.webhookSecret] : []),
    ...urlCredentials(config.webhookUrl),
  ];
}
