import { requireDeskOf } from '../../../src/settings/require-desk.js';
import { describe, expect, it } from 'vitest';
import { loadTokenLimits } from '../../../src/api/token-limits.js';
import { parseMaxUploadBytes, parseMaxUploadRows } from '../../../src/api/upload.js';
import { loadApiWebhookConfig } from '../../../src/api/webhooks.js';
import { loadConfig } from '../../../src/config.js';
import { resolveLang } from '../../../src/i18n/lang.js';
import { ENVIRONMENT, type EnvironmentName } from '../../../src/settings/environment.js';
import { parseOutputMode } from '../../../src/settings/output-mode.js';
import { trustedProxyOf } from '../../../src/settings/trusted-proxy.js';

/**
 * The defaults the settings table states (and --help and docs/configuration.md print) are what the parsers
 * give when the variable is unset: each is parsed as if set to the stated default and compared.
 */
const unset = loadConfig({});
const tokenLimits = loadTokenLimits({});

const ACTUAL: Readonly<Partial<Record<EnvironmentName, unknown>>> = {
  KYC_LANG: resolveLang(undefined, {}),
  KYC_OUTPUT_MODE: unset.outputMode,
  KYC_TRUSTED_PROXY: trustedProxyOf({}),
  KYC_REQUIRE_DESK: requireDeskOf({}),
  KYC_API_RATE_LIMIT: tokenLimits.requestsPerMinute,
  KYC_API_MAX_ACTIVE_RUNS: tokenLimits.activeRuns,
  KYC_API_MAX_UPLOAD_BYTES: parseMaxUploadBytes(undefined),
  KYC_API_MAX_UPLOAD_ROWS: parseMaxUploadRows(undefined),
  KYC_XLSX_MAX_SHEET_BYTES: unset.xlsxMaxSheetBytes,
  KYC_XLSX_MAX_SHARED_STRINGS_BYTES: unset.xlsxMaxSharedStringsBytes,
  KYC_API_WEBHOOK_BACKOFF_MS: loadApiWebhookConfig({}).backoffMs,
  KYC_RATE: unset.rate,
  KYC_PREFIX: unset.prefix,
  KYC_STATE_DIR: unset.stateDir,
  KYC_REQUEST_TIMEOUT_MS: unset.requestTimeoutMs,
  KYC_HTTP_CONCURRENCY: unset.httpConcurrency,
  KYC_BREAKER_THRESHOLD: unset.breakerThreshold,
  KYC_CACHE_ROWS: unset.cacheRows,
  KYC_FA_STRATEGY: unset.faStrategy,
  LOG_LEVEL: unset.logLevel,
};

/** The stated default, parsed as the variable would be. */
function parsedDefault(name: EnvironmentName, text: string): unknown {
  if (name === 'KYC_LANG') return resolveLang(undefined, { KYC_LANG: text });
  if (name === 'KYC_OUTPUT_MODE') return parseOutputMode(text);
  if (name === 'KYC_TRUSTED_PROXY') return trustedProxyOf({ KYC_TRUSTED_PROXY: text });
  if (name === 'KYC_REQUIRE_DESK') return requireDeskOf({ KYC_REQUIRE_DESK: text });
  return typeof ACTUAL[name] === 'number' ? Number(text) : text;
}

describe('the defaults of the settings table', () => {
  const stated = ENVIRONMENT.flatMap((setting) =>
    'default' in setting ? [[setting.name, setting.default] as const] : [],
  );

  it('are checked for every variable that states one', () => {
    expect(stated.map(([name]) => name).sort()).toEqual(Object.keys(ACTUAL).sort());
  });

  it.each(stated)('%s defaults to %s', (name, text) => {
    expect(ACTUAL[name]).toEqual(parsedDefault(name, text));
  });
});
