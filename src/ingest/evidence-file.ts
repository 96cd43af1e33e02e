import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { KycError } from '../errors.js';
import { bodiesPathOf, MissingBody, parseBodyLine, resolveEvidence } from '../export/evidence-bodies.js';

/** Where the bodies of an evidence file are, for the parts that serve or copy the run's files. */
export { bodiesPathOf };

/**
 * An evidence.jsonl read back as it was before compaction (export/evidence-bodies.ts): every reader of
 * evidence (report, audit, API, whitelist, desk) reads it here, so none resolves references itself. A file
 * written before compaction has no bodies file and no references, and reads as it is.
 */

/** The non-blank lines of a text file, streamed: evidence and its bodies can be larger than memory. */
export async function* textLines(path: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  try {
    for await (const line of lines) if (line.trim() !== '') yield line;
  } finally {
    lines.close();
  }
}

/** The bodies of an evidence file by digest; empty when it has no bodies file (written before compaction). */
export async function evidenceBodies(evidencePath: string): Promise<Map<string, unknown>> {
  const bodies = new Map<string, unknown>();
  const path = bodiesPathOf(evidencePath);
  if (!existsSync(path)) return bodies;
  let number = 0;
  for await (const text of textLines(path)) {
    number++;
    const body = parseBodyLine(text);
    if (!body) throw new KycError('KYC_ERR_EVIDENCE_BODIES', `${path} line ${number} is not a body`);
    bodies.set(body.sha256, body.body);
  }
  return bodies;
}

export interface ReadOptions {
  /** The bodies, when the caller has them already (evidenceBodies). */
  readonly bodies?: ReadonlyMap<string, unknown>;
  /**
   * A quick look at a line's text before it is parsed: lines it refuses are skipped. What a line says of
   * the row itself (row, verdict, decisions, scores, explanations) stays on it, references aside.
   */
  readonly select?: (text: string) => boolean;
}

/**
 * The lines of an evidence file in order, parsed, references resolved. A reference the bodies file does not
 * hold fails with KYC_ERR_EVIDENCE_BODIES: the line cannot be explained without it. Lines stay streamed (a
 * file can hold millions); the bodies, one per distinct record and request, are held in memory.
 */
export async function* readEvidence(
  evidencePath: string,
  options: ReadOptions = {},
): AsyncGenerator<unknown> {
  const bodies = options.bodies ?? (await evidenceBodies(evidencePath));
  let number = 0;
  for await (const text of textLines(evidencePath)) {
    number++;
    if (options.select && !options.select(text)) continue;
    yield resolved(text, bodies, `${evidencePath} line ${number}`);
  }
}

function resolved(text: string, bodies: ReadonlyMap<string, unknown>, where: string): unknown {
  try {
    return resolveEvidence(JSON.parse(text), bodies);
  } catch (error) {
    if (!(error instanceof MissingBody)) throw error;
    throw new KycError('KYC_ERR_EVIDENCE_BODIES', `${where}: ${error.message}`);
  }
}

/**
 * The line of one row, references resolved; undefined when the file has none. Lines are written in row
 * order and start with the row number: only the wanted one is parsed.
 */
export async function evidenceOfRow(evidencePath: string, row: number): Promise<unknown> {
  const head = `{"row":${row},`;
  let found: string | undefined;
  for await (const text of textLines(evidencePath))
    if (text.startsWith(head)) {
      found = text;
      break;
    }
  if (found === undefined) return undefined;
  return resolved(found, await evidenceBodies(evidencePath), `${evidencePath} row ${row}`);
}
