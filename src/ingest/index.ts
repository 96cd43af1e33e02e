/**
 * Client file ingest: bytes of a bank's client export in, an async stream of screened-ready Clients
 * (or INVALID rows with a reason) out. See docs/ingest.md for the rules.
 */
export type {
  ClientFile,
  FileWarning,
  IngestEncoding,
  IngestHeader,
  IngestItem,
  IngestOptions,
  LogicalField,
} from './types.js';
export { FIELD_LABEL, LOGICAL_FIELDS } from './types.js';
export { openClientFile, openRegularFile } from './open-file.js';
export { readClientStream } from './reader.js';
export { parseColumnsOption } from './columns-option.js';
export {
  parseDelimiter,
  parseEncodingName,
  DEFAULT_MAX_FIELD_BYTES,
  DEFAULT_MAX_LINE_BYTES,
} from './options.js';
