import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ErrorCode } from '../../errors.js';
import type { ManifestView } from './package.js';

/**
 * The files of one run name that run: the manifest's run id and input digest are the run's, every
 * evidence line carries its run id, and the package's config.json and versions.json name the same run as
 * its manifest. Checksums alone cannot see two runs mixed in one package (two runs written to one
 * directory, then exported): each file is intact, they just belong to different runs.
 */
export interface CrossProblem {
  readonly code: ErrorCode;
  readonly message: string;
}

const MISMATCH = 'KYC_ERR_AUDIT_RUN_MISMATCH' as const;

/** What the run itself recorded (Redis meta at export; config.json and versions.json in a package). */
export interface RunClaims {
  readonly runId: string;
  readonly inputSha256?: string;
  /** Paths the run wrote its verdicts, evidence and bodies to (export only: a package holds copies). */
  readonly outputs?: readonly string[];
}

/** Pure: the manifest against what the run claims. */
export function manifestProblems(manifest: ManifestView, claims: RunClaims, source: string): CrossProblem[] {
  const problems: CrossProblem[] = [];
  if (manifest.run_id !== claims.runId)
    problems.push({
      code: MISMATCH,
      message: `manifest.json is of run ${manifest.run_id}, ${source} names ${claims.runId}`,
    });
  if (claims.inputSha256 !== undefined && manifest.input?.sha256 !== claims.inputSha256)
    problems.push({
      code: MISMATCH,
      message: `manifest.json records another input (sha256) than ${source}`,
    });
  if (claims.outputs) {
    claims.outputs.forEach((path, i) => {
      const recorded = manifest.outputs[i]?.path;
      if (recorded !== path)
        problems.push({
          code: MISMATCH,
          message: `manifest.json records its output ${i + 1} at ${recorded ?? '(none)'}, the run wrote ${path}`,
        });
    });
  }
  return problems;
}

/**
 * Streams evidence.jsonl: every line must be JSON of the given run, and the lines must number the rows
 * the manifest counted. Stops at the first line of another run (one is enough to say the files are mixed).
 */
export async function evidenceProblems(
  path: string,
  runId: string,
  rows: number | undefined,
): Promise<CrossProblem[]> {
  let lines = 0;
  const lineReader = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  try {
    for await (const line of lineReader) {
      if (line === '') continue;
      lines++;
      let id: unknown;
      try {
        id = (JSON.parse(line) as { run_id?: unknown }).run_id;
      } catch {
        id = undefined;
      }
      if (id !== runId)
        return [
          {
            code: MISMATCH,
            message: `evidence.jsonl line ${lines} is of run ${typeof id === 'string' ? id : '(none)'}, not ${runId}`,
          },
        ];
    }
  } finally {
    lineReader.close();
  }
  if (rows !== undefined && lines !== rows)
    return [
      { code: MISMATCH, message: `evidence.jsonl has ${lines} lines, the manifest counted ${rows} rows` },
    ];
  return [];
}
