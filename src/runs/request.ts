import { z } from 'zod';
import { KycError } from '../errors.js';

/**
 * What a run is asked to be, whoever asks: the CLI builds it from its flags, a schedule stores it as its
 * definition, the HTTP API builds it from the upload. Plain JSON (paths absolute once resolved), versioned,
 * so that a stored one is read back by a later version. A new setting is one line here: the schema is the
 * type, and prepareRun reads it.
 */
export const RUN_REQUEST_VERSION = 1;

const ENCODINGS = ['utf-8', 'windows-1251', 'utf-16le'] as const;

export const runRequestSchema = z.object({
  version: z.literal(RUN_REQUEST_VERSION),
  /** The client file; absent when the request resumes a run. */
  input: z.string().min(1).optional(),
  /** The run's id (default: generated). */
  runId: z.string().optional(),
  /** Output directory of the three outputs (default: out/<run-id>), and each output by itself. */
  outDir: z.string().optional(),
  out: z.string().optional(),
  evidence: z.string().optional(),
  manifest: z.string().optional(),
  overwrite: z.boolean().optional(),
  /** Octal text, as `--output-mode` takes it. */
  outputMode: z.string().optional(),
  faStrategy: z.string().optional(),
  whitelist: z.string().optional(),
  /** Upstream calls per second of the workers that host the run (a schedule leaves it to its worker). */
  rate: z.number().positive().optional(),
  /** Check jobs at once in the process that hosts the run. */
  concurrency: z.number().int().positive().optional(),
  /** `interactive` only for the API's single-client screen (src/run/state/topology.ts). */
  priority: z.enum(['interactive', 'high', 'normal', 'low']).default('normal'),
  window: z.number().int().positive().default(1000),
  cacheRows: z.number().int().positive().optional(),
  /** Max ages of answers kept across runs, as `--max-age` takes it (`debtor=30d,…`); absent: none reused. */
  maxAge: z.string().optional(),
  attempts: z.number().int().positive().optional(),
  encoding: z.enum(ENCODINGS).optional(),
  /** The input's column delimiter, one character (`--delimiter`); absent: detected. */
  delimiter: z.string().optional(),
  columns: z.string().optional(),
  /** The sheet of an Excel workbook input, by name or 1-based number (`--sheet`). */
  sheet: z.string().optional(),
  outEncoding: z.enum(ENCODINGS).optional(),
  outDelimiter: z.string().optional(),
  outBom: z.boolean().optional(),
  /** Comma-separated check kinds (default: by the input's columns). */
  checks: z.string().optional(),
  smtp: z.boolean().optional(),
  cardRiskCountries: z.string().optional(),
  upstreamProfile: z.string().optional(),
  /** Screen against the built-in emulator. */
  emulator: z.boolean().optional(),
  /** The schedule that fired the run. */
  schedule: z.string().optional(),
  /** false: no report.html beside the manifest (`--no-report`); every other run writes one. */
  report: z.boolean().optional(),
  /** The language of report.html (`--lang`); absent: the writing worker's KYC_LANG, else Russian. */
  lang: z.enum(['ru', 'en']).optional(),
  /** Fail rather than screen without the review desk's decisions (`--require-desk`). */
  requireDesk: z.boolean().optional(),
});

export type RunRequest = z.infer<typeof runRequestSchema>;

/** The request's fields without its version: what a command or a schedule fills in. */
export type RunRequestFields = Omit<z.input<typeof runRequestSchema>, 'version'>;

/** A request from its fields; absent fields stay absent (never `undefined` in the JSON). */
export function runRequest(fields: RunRequestFields): RunRequest {
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return parseRunRequest({ ...defined, version: RUN_REQUEST_VERSION }, 'run request');
}

/** A stored or received request, checked; a request of a newer version is refused, not half read. */
export function parseRunRequest(value: unknown, what: string): RunRequest {
  const version = (value as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > RUN_REQUEST_VERSION)
    throw new KycError(
      'KYC_ERR_RUN_REQUEST',
      `${what}: version ${version} is newer than this kyc-screen's (${RUN_REQUEST_VERSION}); upgrade it`,
    );
  const parsed = runRequestSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || 'request'}: ${issue.message}` : 'request';
    throw new KycError('KYC_ERR_RUN_REQUEST', `${what}: ${where}`);
  }
  return parsed.data;
}

/** The names of a request's settings, for the migration of older stored shapes (schedule/definition.ts). */
export const RUN_REQUEST_FIELDS: readonly string[] = Object.keys(runRequestSchema.shape);
