/**
 * How large an input the pipeline reads before it refuses it: the caps on what an Excel workbook inflates
 * to, and the rows of one upload to the HTTP API. A CSV line's and cell's bytes (`maxLineBytes`,
 * `maxFieldBytes`, src/ingest/options.ts) bound a workbook's rows as well; these bound the rest.
 */

/**
 * `KYC_XLSX_MAX_SHEET_BYTES`: the sheet's XML as inflated, and the CSV its rows make (their cells with a
 * delimiter between), whichever is larger. 1 GiB holds a million rows of twenty columns of text; a bomb
 * of a few MB that inflates to gigabytes, or that pads rows to thousands of empty cells, is refused.
 */
export const DEFAULT_XLSX_MAX_SHEET_BYTES = 1024 * 1024 * 1024;

/**
 * `KYC_XLSX_MAX_SHARED_STRINGS_BYTES`: the shared strings table as inflated. The strings are kept while the
 * sheet is read (about their UTF-8 size), so this bounds the memory a workbook takes; 128 MiB is two
 * million distinct names and addresses.
 */
export const DEFAULT_XLSX_MAX_SHARED_STRINGS_BYTES = 128 * 1024 * 1024;

/** `KYC_API_MAX_UPLOAD_ROWS`: data rows of one file uploaded to the API; counted before the run is queued. */
export const DEFAULT_API_MAX_UPLOAD_ROWS = 1_000_000;

/** What the ingest of a workbook is bounded by (IngestOptions takes them as they are). */
export interface WorkbookLimits {
  readonly maxSheetBytes: number;
  readonly maxSharedStringsBytes: number;
}
