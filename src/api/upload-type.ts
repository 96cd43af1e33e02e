import { open } from 'node:fs/promises';
import { KycError } from '../errors.js';
import { parseEncodingName, type IngestEncoding } from '../ingest/index.js';

/**
 * What an upload says it is: a CSV (with the charset it names, if any) or an Excel workbook. The reader
 * decides by content in the end — a ZIP of Office parts is read as a workbook whatever its label — so a
 * workbook sent as text/csv is screened as the workbook it is; a body labelled a workbook that is not one
 * is refused rather than read as text.
 */
export type UploadKind =
  { readonly kind: 'csv'; readonly encoding: IngestEncoding | undefined } | { readonly kind: 'workbook' };

export const WORKBOOK_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The body's Content-Type: text/csv (optionally with a charset) or the .xlsx type; any other is 415. */
export function uploadKindOf(contentType: string | undefined): UploadKind {
  const [essence = '', ...params] = (contentType ?? '').split(';').map((part) => part.trim());
  const type = essence.toLowerCase();
  if (type === WORKBOOK_TYPE) return { kind: 'workbook' };
  if (type !== 'text/csv')
    throw new KycError(
      'KYC_ERR_API_MEDIA_TYPE',
      `got ${JSON.stringify(essence.slice(0, 80) || 'none')}; send text/csv or ${WORKBOOK_TYPE}`,
    );
  const charset = params.find((param) => /^charset=/iu.test(param))?.slice('charset='.length);
  return { kind: 'csv', encoding: charset ? parseEncodingName(charset.replace(/"/gu, '')) : undefined };
}

/**
 * A multipart file part: what browsers and curl call a .csv file (text/csv, what Windows calls a .csv when
 * Excel is installed, curl's application/octet-stream for a *.csv) or an .xlsx one (its type, or
 * application/octet-stream for a *.xlsx); undefined for anything else.
 */
export function partKindOf(mimeType: string, filename: string | undefined): UploadKind['kind'] | undefined {
  const type = mimeType.toLowerCase();
  if (type === 'text/csv' || type === 'application/csv' || type === 'application/vnd.ms-excel') return 'csv';
  if (type === WORKBOOK_TYPE) return 'workbook';
  if (type !== 'application/octet-stream') return undefined;
  if (/\.csv$/iu.test(filename ?? '')) return 'csv';
  return /\.xlsx$/iu.test(filename ?? '') ? 'workbook' : undefined;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A stored upload labelled a workbook must start as one (a ZIP); the reader checks the rest. */
export async function requireWorkbook(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(ZIP_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead < head.length || !head.equals(ZIP_MAGIC))
      throw new KycError(
        'KYC_ERR_API_MEDIA_TYPE',
        'the upload is labelled an .xlsx workbook but is not one (no ZIP signature); send a CSV as text/csv',
      );
  } finally {
    await handle.close();
  }
}
