import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { KycError } from '../errors.js';
import { bodiesPathOf } from '../export/evidence-bodies.js';
import type { RunState } from '../run/state/run-store.js';

/** The outputs of a run a client may download, by the name in the URL: the run's files and the report. */
export const RUN_FILES = {
  'verdicts.csv': { of: (run: RunState) => run.out, type: 'text/csv' },
  'evidence.jsonl': { of: (run: RunState) => run.evidence, type: 'application/x-ndjson' },
  // The bodies evidence.jsonl refers to (export/evidence-bodies.ts); a run made before compaction has none.
  'evidence.bodies.jsonl': {
    of: (run: RunState) => bodiesPathOf(run.evidence),
    type: 'application/x-ndjson',
  },
  'manifest.json': { of: (run: RunState) => run.manifest, type: 'application/json' },
  'report.html': {
    of: (run: RunState) => join(dirname(run.manifest), 'report.html'),
    type: 'text/html; charset=utf-8',
  },
} as const;

export type RunFileName = keyof typeof RUN_FILES;

export interface RunFile {
  readonly etag: string;
  readonly headers: Record<string, string>;
  /** Opened only when the client does not already hold this version (If-None-Match). */
  open(): ReadableStream<Uint8Array>;
}

/**
 * An output of a finished run, streamed from its file. The ETag is the file's size and modification time:
 * a run's outputs are written once, when it completes, so a new ETag means a new file.
 */
export async function runFile(run: RunState, name: RunFileName): Promise<RunFile> {
  if (run.status !== 'done') throw new KycError('KYC_ERR_API_RUN_NOT_DONE', `run ${run.id} is ${run.status}`);
  const { of, type } = RUN_FILES[name];
  const path = of(run);
  const info = await stat(path).catch((error: unknown) => {
    // A run that never wrote a report (submitted before, or its report failed) has none to give.
    if (name === 'report.html')
      throw new KycError('KYC_ERR_API_NO_REPORT', `run ${run.id}`, { cause: error });
    throw new KycError('KYC_ERR_OUTPUT_WRITE', `${name} of run ${run.id} is missing`, { cause: error });
  });
  const etag = `"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`;
  return {
    etag,
    headers: {
      'content-type': type,
      'content-length': String(info.size),
      etag,
      'content-disposition': `attachment; filename="${run.id}-${name}"`,
      'cache-control': 'private, no-cache',
    },
    open: () => Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
  };
}
