import { parseColumnsOption, type IngestOptions } from '../../ingest/index.js';
import type { RunSettings } from './run-model.js';

/** How a run reads its input: the same options wherever the file is opened (screening, sampling, resume). */
export function inputOptionsOf(run: {
  readonly [K in 'encoding' | 'delimiter' | 'columns' | 'sheet']?: RunSettings[K] | undefined;
}): IngestOptions {
  return {
    ...(run.encoding ? { encoding: run.encoding } : {}),
    ...(run.delimiter ? { delimiter: run.delimiter } : {}),
    ...(run.columns ? { columns: parseColumnsOption(run.columns) } : {}),
    ...(run.sheet ? { sheet: run.sheet } : {}),
  };
}
