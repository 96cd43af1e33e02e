import { maskUrlCredentials } from './url-mask.js';
import { environment } from './settings/environment.js';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { KycError } from './errors.js';
import { DEFAULT_BREAKER_THRESHOLD, DEFAULT_CACHE_ROWS, DEFAULT_RATE } from './settings/defaults.js';
import { findAppliedProfile } from './settings/applied-profile.js';
import { parseFaStrategy, type FaStrategyOption } from './settings/fa-strategy-option.js';
import { DEFAULT_OUTPUT_MODE, parseOutputMode } from './settings/output-mode.js';
import { loadProfile, withDebtorNotFound, type UpstreamProfile } from './settings/upstream-profile.js';
import { checkBaseUrlParts, REDIS_URL_PATTERN } from './settings/urls.js';
import { formatMaxAge, parseMaxAge, type AnswerPolicy } from './settings/answer-policy.js';
import {
  DEFAULT_XLSX_MAX_SHARED_STRINGS_BYTES,
  DEFAULT_XLSX_MAX_SHEET_BYTES,
} from './settings/input-limits.js';

/**
 * Environment and flags become one typed config, validated once at start-up. Everything downstream takes
 * this object, never the environment itself, so a run's effective config can be written to its manifest (without
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

/**
 * A secret from `NAME`, or from the file named by `NAME_FILE` (Docker and Kubernetes secrets), trimmed;
 * a blank one (spaces only) is refused from either. Both at once is a configuration error; the value and
 * the file's content are never echoed.
 */
export function readSecret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  // A value of spaces is a mistake, not an unset secret nor a secret of spaces.
  if (env[name] !== undefined && env[name] !== '' && env[name].trim() === '')
    throw new KycError('KYC_ERR_CONFIG_INVALID', `${name} is blank`);
  const direct = env[name] === '' ? undefined : env[name]?.trim();
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

/** What publicConfig shows of a field besides its own value: both are settled only once the fields are. */
interface Context {
  readonly emulator: boolean;
  readonly profile: UpstreamProfile;
}

/**
 * One field of the configuration: its environment variable, the zod type that checks it and gives its
 * default, what Config holds of it, and what publicConfig shows of it. Every field is checked before any
 * is converted, so the first bad one in table order is the one reported, and a conversion that fails with
 * its own code (an output mode, a strategy) never hides a bad URL or key.
 */
interface ConfigField<Checked, Value> {
  readonly env: string;
  /** A secret: `<env>_FILE` may name a file that holds it instead (readSecret). */
  readonly secret?: boolean;
  readonly schema: z.ZodType<Checked, unknown>;
  /** Not a field of Config and no flag: it overrides the upstream profile's own value. */
  readonly profileOverride?: true;
  // Methods, not function properties: their parameters are compared bivariantly, so fields of different
  // types can be walked as one list (FIELD_LIST) while `field` still types each entry on its own.
  value(checked: Checked): Value;
  /** The key in publicConfig, when not the field's own name. */
  readonly shownAs?: string;
  /** The value as it may be printed or written to a manifest: no secret, no credentials of a URL. */
  show(value: Value, context: Context): string | number | boolean;
}

function field<Checked, Value>(spec: ConfigField<Checked, Value>): ConfigField<Checked, Value> {
  return spec;
}

/** A field Config holds, and publicConfig shows, as checked. */
function plain<Checked extends string | number>(
  env: string,
  schema: z.ZodType<Checked, unknown>,
): ConfigField<Checked, Checked> {
  return { env, schema, value: (checked) => checked, show: (value) => value };
}

type ProfileOverride<Checked> = ConfigField<Checked, Checked> & { readonly profileOverride: true };

/**
 * The fields, in the order loadConfig checks them and publicConfig lists them. Config's other fields
 * (`emulator`, `profile`, the dashboard's and the webhook's) follow from these or are read on their own.
 */
const FIELDS = {
  /** Redis to use; undefined → the embedded redis-server. */
  redisUrl: field({
    env: 'REDIS_URL',
    schema: z
      .string()
      .regex(REDIS_URL_PATTERN, {
        error: 'REDIS_URL must start with redis://, rediss://, redis+cluster:// or redis+sentinel://',
      })
      .optional(),
    value: (checked) => checked,
    show: (value) => (value ? maskUrlCredentials(value) : 'embedded'),
  }),
  /**
   * Redis of the answers kept across runs (`--max-age`); undefined → the queues' Redis. A store of its own
   * may run an eviction policy: the queues' Redis must not (docs/configuration.md).
   */
  answersRedisUrl: field({
    env: 'KYC_ANSWERS_REDIS_URL',
    schema: z
      .string()
      .regex(REDIS_URL_PATTERN, {
        error:
          'KYC_ANSWERS_REDIS_URL must start with redis://, rediss://, redis+cluster:// or redis+sentinel://',
      })
      .optional(),
    value: (checked) => checked,
    show: (value) => (value ? maskUrlCredentials(value) : 'the queues’ Redis'),
  }),
  /** Lookup Service base URL; undefined → none configured (the built-in emulator only with `emulator`). */
  apiUrl: field({
    env: 'KYC_API_URL',
    schema: z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, { error: 'KYC_API_URL must be an http(s) URL' })
      .optional(),
    value: (checked) => checked,
    show: (value, { emulator }) =>
      value ? maskUrlCredentials(value) : emulator ? 'built-in emulator' : '[unset]',
  }),
  apiKey: field({
    env: 'KYC_API_KEY',
    secret: true,
    schema: z.string().optional(),
    value: (checked) => checked,
    show: (value) => (value ? '[set]' : '[unset]'),
  }),
  /** Upstream calls per second shared by every worker on every machine. */
  rate: plain('KYC_RATE', positiveNumber('KYC_RATE').default(DEFAULT_RATE)),
  logLevel: plain('LOG_LEVEL', z.enum(LOG_LEVELS).default('info')),
  /** Hash-tagged so every queue key lands in one Redis Cluster slot. */
  prefix: plain('KYC_PREFIX', z.string().min(1).default('{kyc}')),
  /** Where the embedded Redis keeps its AOF, so `--resume` survives a crash. */
  stateDir: plain('KYC_STATE_DIR', z.string().min(1).default('.state')),
  /** The Ed25519 key that signs audit packages; absent: `audit-signing-key.pem` in the state directory. */
  auditKey: field({
    env: 'KYC_AUDIT_KEY',
    schema: z.string().min(1).optional(),
    value: (checked) => checked,
    show: (value) => value ?? 'state directory',
  }),
  requestTimeoutMs: plain('KYC_REQUEST_TIMEOUT_MS', positiveNumber('KYC_REQUEST_TIMEOUT_MS').default(10_000)),
  /** Concurrent in-flight HTTP requests per registry client instance. */
  httpConcurrency: plain('KYC_HTTP_CONCURRENCY', positiveNumber('KYC_HTTP_CONCURRENCY').int().default(32)),
  /** An Excel workbook's sheet, inflated or as the CSV of its rows, past which it is refused (src/settings/input-limits.ts). */
  xlsxMaxSheetBytes: plain(
    'KYC_XLSX_MAX_SHEET_BYTES',
    positiveNumber('KYC_XLSX_MAX_SHEET_BYTES').int().default(DEFAULT_XLSX_MAX_SHEET_BYTES),
  ),
  /** An Excel workbook's shared strings, inflated, past which it is refused. */
  xlsxMaxSharedStringsBytes: plain(
    'KYC_XLSX_MAX_SHARED_STRINGS_BYTES',
    positiveNumber('KYC_XLSX_MAX_SHARED_STRINGS_BYTES').int().default(DEFAULT_XLSX_MAX_SHARED_STRINGS_BYTES),
  ),
  /** A repeated request within this many rows is answered from the run's cache (see RequestCache). */
  cacheRows: plain('KYC_CACHE_ROWS', positiveNumber('KYC_CACHE_ROWS').int().default(DEFAULT_CACHE_ROWS)),
  /**
   * Auth or network failures of calls in a row, across every worker, that open the circuit breaker: the
   * checks queue stops and the runs fail resumably instead of spending the quota on a bad key or a dead URL.
   */
  breakerThreshold: plain(
    'KYC_BREAKER_THRESHOLD',
    positiveNumber('KYC_BREAKER_THRESHOLD').int().default(DEFAULT_BREAKER_THRESHOLD),
  ),
  /** Overrides the profile file's `maxRetryAfterMs`; shown as the profile's cap in effect. */
  maxRetryAfterMs: {
    env: 'KYC_MAX_RETRY_AFTER_MS',
    schema: positiveNumber('KYC_MAX_RETRY_AFTER_MS').int().optional(),
    value: (checked) => checked,
    show: (_value, { profile }) => profile.maxRetryAfterMs,
    profileOverride: true,
  } satisfies ProfileOverride<number | undefined>,
  /** The upstream profile file (`KYC_UPSTREAM_PROFILE`); undefined → the safe defaults. */
  upstreamProfilePath: field({
    env: 'KYC_UPSTREAM_PROFILE',
    schema: z.string().min(1).optional(),
    value: (checked) => checked,
    shownAs: 'upstreamProfile',
    show: (value) => value ?? 'defaults',
  }),
  /**
   * Debtor "not found" phrasings from `KYC_DEBTOR_NOT_FOUND` (separated by `|`), merged into `profile`, so
   * that an operator can teach a run a new phrasing without a file or a release.
   */
  debtorNotFound: field({
    env: 'KYC_DEBTOR_NOT_FOUND',
    schema: z.string().optional(),
    value: (checked): readonly string[] => splitPhrases(checked),
    show: (value) => value.join('|'),
  }),
  /** Mode of the output files a run creates (`KYC_OUTPUT_MODE`, octal; default 0600). */
  outputMode: field({
    env: 'KYC_OUTPUT_MODE',
    schema: z.string().optional(),
    value: (checked) => (checked === undefined ? DEFAULT_OUTPUT_MODE : parseOutputMode(checked)),
    show: (value) => `0${value.toString(8)}`,
  }),
  /** Max age per check of answers kept across runs (`KYC_MAX_AGE`, src/answers); unset → no reuse. */
  maxAge: field({
    env: 'KYC_MAX_AGE',
    schema: z.string().optional(),
    value: (checked): AnswerPolicy => parseMaxAge(checked ?? '', 'KYC_MAX_AGE'),
    show: (value) => formatMaxAge(value),
  }),
  /** Key of the answer store's hashes (`KYC_ANSWERS_SECRET`); unset → `<state-dir>/answers.key`. */
  answersSecret: field({
    env: 'KYC_ANSWERS_SECRET',
    secret: true,
    schema: z.string().optional(),
    value: (checked) => checked,
    show: (value) => (value ? '[set]' : '[unset]'),
  }),
  /** How a run's foreign-agent check finds candidates (`KYC_FA_STRATEGY`; default auto). */
  faStrategy: field({
    env: 'KYC_FA_STRATEGY',
    schema: z.string().optional(),
    value: (checked): FaStrategyOption => parseFaStrategy(checked ?? 'auto'),
    show: (value) => value,
  }),
};

type Fields = typeof FIELDS;
type FieldName = keyof Fields;

/** Every field as Config would hold it (mapped field by field, so each keeps its documentation). */
type Converted = { readonly [K in keyof Fields]: ReturnType<Fields[K]['value']> };
type HeldName = {
  [K in FieldName]: Fields[K] extends { readonly profileOverride: true } ? never : K;
}[FieldName];
/** The fields Config holds, as it holds them. */
type FieldValues = Pick<Converted, HeldName>;

export interface Config extends FieldValues {
  /**
   * The operator opted into the built-in emulator (`KYC_API_URL=emulator` or `--emulator`). Without a URL
   * and without this opt-in, `run`, `worker` and `schedule` refuse to start: a lost KYC_API_URL must not turn
   * a nightly screening into a synthetic one.
   */
  readonly emulator: boolean;
  /**
   * What this deployment's Lookup Service does where its contract is open (src/settings/upstream-profile.ts);
   * `KYC_MAX_RETRY_AFTER_MS` overrides the file's `maxRetryAfterMs`.
   */
  readonly profile: UpstreamProfile;
  /** Token of the dashboard (`KYC_DASHBOARD_TOKEN` or `_FILE`); a secret, like the API key. */
  readonly dashboardToken: string | undefined;
  /** Where a scheduled run's new HITs are POSTed (`KYC_WEBHOOK_URL`); undefined → no webhook. */
  readonly webhookUrl: string | undefined;
  /** HMAC key of the webhook signature (`KYC_WEBHOOK_SECRET` or `_FILE`); a secret, never logged. */
  readonly webhookSecret: string | undefined;
}

/** The value of KYC_API_URL (or of the `apiUrl` flag, which `--emulator` sets) that opts into the emulator. */
export const EMULATOR_URL = 'emulator';

/** Flags that override the environment: one for each field Config holds as checked or converted. */
export type ConfigInput = Partial<Record<keyof FieldValues, string | number | undefined>>;

/** The table as loadConfig and publicConfig walk it; each entry was typed on its own by `field`. */
const FIELD_LIST = Object.entries(FIELDS) as [FieldName, ConfigField<unknown, unknown>][];

/** The zod types of the fields, by name: one object, so that zod reports the first bad field in order. */
function shapeOf<F extends Readonly<Record<string, { readonly schema: z.ZodType }>>>(
  fields: F,
): { [K in keyof F]: F[K]['schema'] } {
  return Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, spec.schema])) as {
    [K in keyof F]: F[K]['schema'];
  };
}

const schema = z.object(shapeOf(FIELDS));

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
export function loadConfig(env: NodeJS.ProcessEnv = environment(), flags: ConfigInput = {}): Config {
  const given: Readonly<Record<string, string | number | undefined>> = flags;
  const raw: Record<string, string | number | undefined> = {};
  for (const [name, spec] of FIELD_LIST) {
    const flag = spec.profileOverride ? undefined : given[name];
    const value = flag ?? (spec.secret ? readSecret(env, spec.env) : env[spec.env]);
    raw[name] = value === '' ? undefined : value;
  }
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
        : field === 'redisUrl' || field === 'answersRedisUrl'
          ? 'KYC_ERR_CONFIG_REDIS_URL'
          : 'KYC_ERR_CONFIG_INVALID';
    throw new KycError(code, first?.message);
  }
  const checked = parsed.data;
  if (checked.apiUrl !== undefined) checkBaseUrlParts(checked.apiUrl);
  if (checked.apiKey !== undefined && !isUuid(checked.apiKey)) {
    throw new KycError(
      'KYC_ERR_CONFIG_API_KEY',
      'KYC_API_KEY must be a UUID (the form the Lookup Service issues)',
    );
  }
  if (checked.apiUrl !== undefined && checked.apiKey === undefined) {
    throw new KycError('KYC_ERR_CONFIG_API_KEY', 'KYC_API_KEY is required when KYC_API_URL is set');
  }
  // The profile file is read before the fields' own conversions, as it always was: of two bad settings,
  // the same one is reported.
  // Unless a file is named, what `doctor --apply` measured on this machine.
  const profilePath = checked.upstreamProfilePath ?? findAppliedProfile(checked.stateDir);
  const profile = withRetryAfterCap(
    withDebtorNotFound(loadProfile(profilePath), splitPhrases(checked.debtorNotFound)),
    checked.maxRetryAfterMs,
  );
  const values = Object.fromEntries(
    FIELD_LIST.filter(([, spec]) => !spec.profileOverride).map(([name, spec]) => [
      name,
      spec.value(checked[name]),
    ]),
  ) as FieldValues;
  return {
    ...values,
    upstreamProfilePath: profilePath,
    emulator,
    profile,
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
  const shown: Record<string, string | number | boolean> = {};
  for (const [name, spec] of FIELD_LIST) {
    const value = spec.profileOverride ? undefined : config[name as keyof FieldValues];
    shown[spec.shownAs ?? name] = spec.show(value, config);
  }
  return shown;
}

// One masking of URLs for every error, log line and manifest (src/url-mask.ts).
export { maskUrlCredentials } from './url-mask.js';

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

/**
 * What no log line may contain: the API key and the credentials inside KYC_API_URL, REDIS_URL and
 * KYC_ANSWERS_REDIS_URL.
 */
export function logSecrets(config: Config): string[] {
  return [
    ...(config.apiKey ? [config.apiKey] : []),
    ...urlCredentials(config.apiUrl),
    ...urlCredentials(config.redisUrl),
    ...urlCredentials(config.answersRedisUrl),
    ...(config.webhookSecret ? [config.webhookSecret] : []),
    ...urlCredentials(config.webhookUrl),
  ];
}
