import { dirname, join, resolve } from 'node:path';
import { defaultChecks, parseChecksOption, parseRiskCountries } from '../checks/select-checks.js';
import type { Config } from '../config.js';
import type { CheckKind } from '../domain/check.js';
import { KycError } from '../errors.js';
import { openClientFile, parseColumnsOption, type FileWarning, type IngestHeader } from '../ingest/index.js';
import { inputOptionsOf } from '../run/state/input-options.js';
import { ensureWritableDir, ensureWritableParent } from '../infra/writable.js';
import { parseFaStrategy, type FaStrategyOption } from '../settings/fa-strategy-option.js';
import { parseOutputMode } from '../settings/output-mode.js';
import { checkRunId, newRunId } from '../run/state/topology.js';
import { readWhitelist, type WhitelistFile } from '../whitelist/file.js';
import type { RunRequest } from './request.js';
import { parseMaxAge, type AnswerPolicy } from '../settings/answer-policy.js';
import type { WorkbookLimits } from '../settings/input-limits.js';

/** Final paths of a new run's outputs. */
export interface OutputFiles {
  readonly outDir: string;
  readonly out: string;
  readonly evidence: string;
  readonly manifest: string;
}

/** A new run as its request settled it, before anything is stored: every file-level problem is behind it. */
export interface PreparedRun {
  readonly request: RunRequest;
  readonly runId: string;
  readonly input: string;
  readonly outputs: OutputFiles;
  readonly checks: CheckKind[];
  readonly whitelist?: WhitelistFile;
  readonly outputMode: number;
  readonly faStrategy: FaStrategyOption;
  readonly cardRiskCountries: string[];
  readonly cacheRows: number;
  /** The reader's file-level warnings (no ИНН column mapped), told at the start and in the summary. */
  readonly inputWarnings: readonly FileWarning[];
  /** The request's `--max-age`, read; absent: the configured KYC_MAX_AGE applies (run-settings.ts). */
  readonly maxAge?: AnswerPolicy;
}

/** Settings a request may carry that are checked the same way for a new run and a resumed one. */
export function checkRequestSettings(request: RunRequest): void {
  if (request.runId !== undefined) checkRunId(request.runId, '--run-id');
  if (request.maxAge !== undefined) parseMaxAge(request.maxAge, '--max-age');
  if (request.columns) parseColumnsOption(request.columns);
  if (request.outBom && request.outEncoding === 'windows-1251')
    throw new KycError('KYC_ERR_USAGE', '--out-bom: windows-1251 has no byte-order mark');
}

/** The caps of an Excel workbook input, as configured. */
export function workbookLimitsOf(config: Config): WorkbookLimits {
  return {
    maxSheetBytes: config.xlsxMaxSheetBytes,
    maxSharedStringsBytes: config.xlsxMaxSharedStringsBytes,
  };
}

/**
 * The reader's own first look at the file: empty, binary, no header, no name or identifier column. With
 * `maxRows` (an upload to the API) every row is read, and a file of more data rows is refused here, before
 * the run is queued (KYC_ERR_API_TOO_LARGE).
 */
export async function probeInput(
  path: string,
  request: Pick<RunRequest, 'encoding' | 'delimiter' | 'columns' | 'sheet'>,
  limits: WorkbookLimits & { readonly maxRows?: number | undefined },
): Promise<IngestHeader> {
  const probe = await openClientFile(path, {
    ...inputOptionsOf(request),
    maxSheetBytes: limits.maxSheetBytes,
    maxSharedStringsBytes: limits.maxSharedStringsBytes,
  });
  const rows = probe.rows[Symbol.asyncIterator]();
  try {
    if (limits.maxRows !== undefined) await countRows(rows, limits.maxRows);
  } finally {
    await rows.return?.();
  }
  return probe.header;
}

async function countRows(rows: AsyncIterator<unknown>, maxRows: number): Promise<void> {
  let count = 0;
  while (!(await rows.next()).done)
    if (++count > maxRows)
      throw new KycError(
        'KYC_ERR_API_TOO_LARGE',
        `more than ${maxRows} data rows (KYC_API_MAX_UPLOAD_ROWS); split the file into several runs`,
      );
}

/** --out, --evidence, --manifest, else in the output directory (default out/<runId>). */
export function outputFiles(request: RunRequest, runId: string): OutputFiles {
  const outDir = resolve(request.outDir ?? join('out', runId));
  return {
    outDir,
    out: resolve(request.out ?? join(outDir, 'verdicts.csv')),
    evidence: resolve(request.evidence ?? join(outDir, 'evidence.jsonl')),
    manifest: resolve(request.manifest ?? join(outDir, 'manifest.json')),
  };
}

/**
 * Every place a new run writes must take a file before anything starts (docs/operations.md, "Output
 * files"). The default out/<runId> is left to be created with the run: only out/ is proved, so a command
 * that fails later (Redis down) leaves no empty run directory behind.
 */
function checkWritable(request: RunRequest, files: OutputFiles): void {
  ensureWritableDir(request.outDir ? files.outDir : dirname(files.outDir));
  for (const file of [files.out, files.evidence, files.manifest])
    if (dirname(file) !== files.outDir) ensureWritableParent(file);
}

/**
 * A new run's request checked and settled, before Redis or the emulator start and before anything is
 * queued: the input probed (with its own code and exit code), the checks chosen by its columns, the
 * whitelist read, the outputs proved writable. The config gives what the request leaves to it.
 */
export async function prepareRun(
  request: RunRequest,
  config: Config,
  maxRows?: number,
): Promise<PreparedRun> {
  if (!request.input) throw new KycError('KYC_ERR_USAGE', 'give an input file, or --resume <runId>');
  checkRequestSettings(request);
  const outputMode = request.outputMode ? parseOutputMode(request.outputMode) : config.outputMode;
  const faStrategy = request.faStrategy ? parseFaStrategy(request.faStrategy) : config.faStrategy;
  const whitelist = request.whitelist ? await readWhitelist(resolve(request.whitelist)) : undefined;
  const cardRiskCountries = parseRiskCountries(request.cardRiskCountries ?? '');
  const input = resolve(request.input);
  const { mapping, warnings } = await probeInput(input, request, { ...workbookLimitsOf(config), maxRows });
  const checks =
    request.checks === undefined ? defaultChecks(mapping) : parseChecksOption(request.checks, mapping);
  const runId = request.runId ?? newRunId();
  const outputs = outputFiles(request, runId);
  checkWritable(request, outputs);
  return {
    request,
    runId,
    input,
    outputs,
    checks,
    ...(whitelist ? { whitelist } : {}),
    outputMode,
    faStrategy,
    cardRiskCountries,
    // A scheduled run keeps its own: the host's config is the worker's.
    cacheRows: request.cacheRows ?? config.cacheRows,
    inputWarnings: warnings ?? [],
    ...(request.maxAge === undefined ? {} : { maxAge: parseMaxAge(request.maxAge, '--max-age') }),
  };
}
