import { KycError } from '../errors.js';
import {
  DEFAULT_XLSX_MAX_SHARED_STRINGS_BYTES,
  DEFAULT_XLSX_MAX_SHEET_BYTES,
} from '../settings/input-limits.js';
import { isIsoDate, localToday } from './dates.js';
import type { IngestEncoding, IngestOptions, LogicalField } from './types.js';

/** 64 KiB: far above any real cell (a long address is a few hundred bytes), far below a runaway field. */
export const DEFAULT_MAX_FIELD_BYTES = 64 * 1024;
/** 1 MiB: a real line is under a few KB; a longer one means a wrong delimiter or a binary file. */
export const DEFAULT_MAX_LINE_BYTES = 1024 * 1024;
/** How much of the file is looked at up front to detect the encoding, binary content and the delimiter. */
export const SNIFF_BYTES = 64 * 1024;

export const ENCODINGS: readonly IngestEncoding[] = ['utf-8', 'windows-1251', 'utf-16le'];

/** Options after validation, with every default filled in. */
export interface ResolvedOptions {
  readonly encoding: IngestEncoding | undefined;
  readonly delimiter: string | undefined;
  readonly columns: Partial<Record<LogicalField, string>>;
  readonly maxFieldBytes: number;
  readonly maxLineBytes: number;
  readonly maxSheetBytes: number;
  readonly maxSharedStringsBytes: number;
  readonly today: string;
  readonly startRow: number;
}

const DELIMITER_NAMES: Readonly<Record<string, string>> = {
  tab: '\t',
  '\\t': '\t',
  comma: ',',
  semicolon: ';',
  pipe: '|',
};

function fail(detail: string): never {
  throw new KycError('KYC_ERR_INPUT_OPTIONS', detail);
}

/** The encoding names the CLI accepts, folded to the three the reader supports. */
export function parseEncodingName(value: string): IngestEncoding {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  switch (key) {
    case 'utf8':
      return 'utf-8';
    case 'windows1251':
    case 'cp1251':
    case 'win1251':
      return 'windows-1251';
    case 'utf16le':
    case 'utf16':
      return 'utf-16le';
    default:
      return fail(`encoding "${value}" is not supported; use one of ${ENCODINGS.join(', ')}`);
  }
}

/** One character, or a name (`tab`, `comma`, `semicolon`, `pipe`) since a tab is awkward on a command line. */
export function parseDelimiter(value: string): string {
  const named = DELIMITER_NAMES[value.toLowerCase()];
  const delimiter = named ?? value;
  if ([...delimiter].length !== 1) fail(`delimiter must be one character, got ${JSON.stringify(value)}`);
  if (delimiter === '"' || delimiter === '\r' || delimiter === '\n') {
    fail(`delimiter cannot be a quote or a line break, got ${JSON.stringify(value)}`);
  }
  return delimiter;
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) fail(`${name} must be a positive integer, got ${value}`);
  return value;
}

export function resolveOptions(options: IngestOptions = {}): ResolvedOptions {
  const today = options.today ?? localToday();
  if (!isIsoDate(today)) fail(`today must be a valid YYYY-MM-DD date, got ${JSON.stringify(options.today)}`);
  return {
    encoding: options.encoding === undefined ? undefined : parseEncodingName(options.encoding),
    delimiter: options.delimiter === undefined ? undefined : parseDelimiter(options.delimiter),
    columns: options.columns ?? {},
    maxFieldBytes: positiveInteger('maxFieldBytes', options.maxFieldBytes, DEFAULT_MAX_FIELD_BYTES),
    maxLineBytes: positiveInteger('maxLineBytes', options.maxLineBytes, DEFAULT_MAX_LINE_BYTES),
    maxSheetBytes: positiveInteger('maxSheetBytes', options.maxSheetBytes, DEFAULT_XLSX_MAX_SHEET_BYTES),
    maxSharedStringsBytes: positiveInteger(
      'maxSharedStringsBytes',
      options.maxSharedStringsBytes,
      DEFAULT_XLSX_MAX_SHARED_STRINGS_BYTES,
    ),
    today,
    startRow: positiveInteger('startRow', options.startRow, 1),
  };
}
