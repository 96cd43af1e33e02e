import type { Client, RowIssue } from '../domain/client.js';

/** The columns the reader understands; every other column is passed through untouched. */
export type LogicalField =
  | 'clientId'
  | 'fullName'
  | 'surname'
  | 'given'
  | 'patronymic'
  | 'birthDate'
  | 'inn'
  | 'ogrn'
  | 'ogrnip'
  | 'snils'
  | 'entityType'
  | 'address'
  | 'email'
  | 'card'
  | 'cadastralNumber'
  | 'ownerName';

export const LOGICAL_FIELDS: readonly LogicalField[] = [
  'clientId',
  'fullName',
  'surname',
  'given',
  'patronymic',
  'birthDate',
  'inn',
  'ogrn',
  'ogrnip',
  'snils',
  'entityType',
  'address',
  'email',
  'card',
  'cadastralNumber',
  'ownerName',
];

/**
 * The name a field carries in `RowIssue.field`: snake_case, the spelling the domain type documents
 * (`inn`, `birth_date`) and the one verdict files use for column names.
 */
export const FIELD_LABEL: Readonly<Record<LogicalField, string>> = {
  clientId: 'client_id',
  fullName: 'full_name',
  surname: 'surname',
  given: 'given_name',
  patronymic: 'patronymic',
  birthDate: 'birth_date',
  inn: 'inn',
  ogrn: 'ogrn',
  ogrnip: 'ogrnip',
  snils: 'snils',
  entityType: 'entity_type',
  address: 'address',
  email: 'email',
  card: 'card',
  cadastralNumber: 'cadastral_number',
  ownerName: 'owner_name',
};

export type IngestEncoding = 'utf-8' | 'windows-1251' | 'utf-16le';

export interface IngestOptions {
  encoding?: IngestEncoding;
  delimiter?: string;
  columns?: Partial<Record<LogicalField, string>>;
  maxFieldBytes?: number;
  maxLineBytes?: number;
  /** Of an Excel workbook: its sheet inflated, or as the CSV of its rows, past which it is refused. */
  maxSheetBytes?: number;
  /** Of an Excel workbook: its shared strings inflated, past which it is refused. */
  maxSharedStringsBytes?: number;
  /** ISO date, for future-date checks; default: the local date now. */
  today?: string;
  /** Skip data rows before this 1-based row, for resume; they are still parsed, not validated. */
  startRow?: number;
  /** Of an Excel workbook: the sheet to read, by name or 1-based number; default: the first visible one. */
  sheet?: string;
}

export interface IngestHeader {
  /** Header cells exactly as read. */
  columns: readonly string[];
  mapping: Partial<Record<LogicalField, number>>;
  encoding: IngestEncoding;
  bom: boolean;
  delimiter: string;
  /** Read from an Excel workbook: the sheet the rows came from (the text fields above describe the outputs). */
  workbook?: { readonly sheet: string };
  /** Problems of the file as a whole that do not stop the run (no ИНН column mapped): for the log, summary and manifest. */
  warnings?: readonly FileWarning[];
}

/** A file-level warning: a stable code and a sentence naming the column, never a client's data. */
export interface FileWarning {
  readonly code: 'KYC_ERR_INPUT_ID_COLUMN';
  readonly message: string;
}

export type IngestItem =
  | { row: number; cells: readonly string[]; client: Client }
  | { row: number; cells: readonly string[]; invalid: RowIssue };

export interface ClientFile {
  header: IngestHeader;
  rows: AsyncIterable<IngestItem>;
  /**
   * The data rows handed out so far and the bytes of the file they took (rows before a resume's first row
   * included): unlike `bytesRead`, nothing read ahead is counted. Absent: not a CSV byte stream.
   */
  consumed?: () => { rows: number; bytes: number };
  /** Bytes of the file read so far (a little ahead of the rows yielded), when the source is a file. */
  bytesRead?: () => number;
}

export type ColumnMapping = Partial<Record<LogicalField, number>>;
