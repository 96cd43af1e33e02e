import { formatMaxAge, hasReuse } from '../../settings/answer-policy.js';
import { type UpstreamTarget } from '../../settings/service-identity.js';
import { isDeepStrictEqual } from 'node:util';
import { maskUrlCredentials, publicConfig, type Config } from '../../config.js';
import type { FaStrategyOption } from '../../settings/fa-strategy-option.js';
import type { FileDigest } from '../../infra/file-digest.js';
import { DEFAULT_PROFILE } from '../../upstream/client/index.js';
import { DEFAULT_OUTPUT_MODE } from '../../settings/output-mode.js';
import type { RunSettings } from './run-store.js';
import { fileDigest } from '../../infra/file-digest.js';

/** What a submitter (the `run` command, the HTTP API) decides about a new run; the rest comes from config. */
export type NewRun = Pick<
  RunSettings,
  | 'id'
  | 'input'
  | 'out'
  | 'evidence'
  | 'manifest'
  | 'priority'
  | 'window'
  | 'cacheRows'
  | 'maxAge'
  | 'attempts'
  | 'checks'
  | 'overwrite'
  | 'smtp'
  | 'cardRiskCountries'
  | 'encoding'
  | 'delimiter'
  | 'columns'
  | 'sheet'
  | 'outEncoding'
  | 'outDelimiter'
  | 'outBom'
  | 'whitelist'
  | 'schedule'
  | 'submitter'
  | 'report'
  | 'lang'
  | 'requireDesk'
> & {
  /** Always decided for a new run; stored runs of older versions may lack them. */
  readonly outputMode: number;
  readonly faStrategy: FaStrategyOption;
  /** The input's digest when the submitter took it as it wrote the file; otherwise the file is read for it. */
  readonly inputDigest?: FileDigest;
};

/**
 * The settings stored with a new run, whoever submits it: one place decides what a run records (input hash,
 * profile, the emulator marker, the public config of its manifest), so that a run submitted over HTTP
 * screens and reports exactly like one from the command line.
 */
export async function newRunSettings(
  config: Config,
  upstream: UpstreamTarget,
  run: NewRun,
): Promise<RunSettings> {
  const { sha256, bytes } = run.inputDigest ?? (await fileDigest(run.input, 'KYC_ERR_INPUT_NOT_FOUND'));
  const cardRiskCountries = run.cardRiskCountries ?? [];
  const cacheRows = run.cacheRows ?? config.cacheRows;
  // The submitter's policy, else KYC_MAX_AGE; none is every answer fresh (the manifest says `none`).
  const maxAge = run.maxAge ?? config.maxAge;
  return {
    id: run.id,
    input: run.input,
    inputSha256: sha256,
    inputBytes: bytes,
    out: run.out,
    evidence: run.evidence,
    manifest: run.manifest,
    ...(run.overwrite ? { overwrite: true } : {}),
    ...(run.outputMode === DEFAULT_OUTPUT_MODE ? {} : { outputMode: run.outputMode }),
    ...(run.faStrategy === 'auto' ? {} : { faStrategy: run.faStrategy }),
    priority: run.priority,
    window: run.window,
    cacheRows,
    ...(hasReuse(maxAge) ? { maxAge } : {}),
    ...(run.attempts !== undefined ? { attempts: run.attempts } : {}),
    checks: run.checks,
    ...(run.smtp ? { smtp: true } : {}),
    ...(cardRiskCountries.length > 0 ? { cardRiskCountries } : {}),
    ...(run.encoding ? { encoding: run.encoding } : {}),
    ...(run.delimiter ? { delimiter: run.delimiter } : {}),
    ...(run.columns ? { columns: run.columns } : {}),
    ...(run.sheet ? { sheet: run.sheet } : {}),
    ...(run.outEncoding ? { outEncoding: run.outEncoding } : {}),
    ...(run.outDelimiter ? { outDelimiter: run.outDelimiter } : {}),
    ...(run.outBom === undefined ? {} : { outBom: run.outBom }),
    createdAt: new Date().toISOString(),
    ...(run.whitelist ? { whitelist: run.whitelist } : {}),
    ...(run.schedule ? { schedule: run.schedule } : {}),
    ...(run.submitter ? { submitter: run.submitter } : {}),
    ...(run.report ? { report: true } : {}),
    ...(run.lang ? { lang: run.lang } : {}),
    ...(run.requireDesk ? { requireDesk: true } : {}),
    ...(isDeepStrictEqual(config.profile, DEFAULT_PROFILE) ? {} : { profile: config.profile }),
    ...(upstream.usingEmulator ? { emulator: true } : {}),
    service: upstream.service,
    config: {
      ...publicConfig(config),
      cacheRows,
      maxAge: formatMaxAge(maxAge),
      ...(run.attempts !== undefined ? { attempts: run.attempts } : {}),
      apiUrl: upstream.usingEmulator ? 'built-in emulator' : maskUrlCredentials(upstream.apiUrl),
      service: upstream.service.id,
      apiKeyFingerprint: upstream.service.keyFingerprint,
      ...(run.whitelist ? { whitelist: run.whitelist.path, whitelistSha256: run.whitelist.sha256 } : {}),
      ...(run.schedule ? { schedule: run.schedule } : {}),
      ...(run.submitter ? { submitter: run.submitter } : {}),
      ...(run.report ? { report: true } : {}),
      ...(run.requireDesk ? { requireDesk: true } : {}),
      smtp: run.smtp === true,
      cardRiskCountries: cardRiskCountries.join(','),
    },
  };
}
