import { createHash } from 'node:crypto';
import { canonicalJson } from '../matching/record-hash.js';

/**
 * Compacted evidence: what many rows repeat is written once, to a sidecar beside evidence.jsonl
 * (`evidence.bodies.jsonl`), one body per line with the sha256 of its canonical JSON, and each line of
 * evidence.jsonl refers to it by that digest. Three places of a line are compacted:
 *  - a check's `strategy` (the foreign-agent mirror's note, the same on every line of a run);
 *  - each request the run's request cache answered (`cached`): a request asked before, for this client or
 *    an earlier one (a search for one surname is the same request for every client of that name). Its
 *    operation, parameters, status and answer digest are the body; `cached`, `reused` and `fetchedAt`,
 *    which say how this row got the answer, stay on the line. A request asked for the first time stays
 *    whole on its line: most are asked once (by INN, by full name), and a reference to a body used once
 *    would cost more than the request;
 *  - each candidate: the register record it names (source, id, content hash, name), which every client
 *    with a similar name is compared with; the score, decision, explanation and the values compared side
 *    by side (src/verdict/compared-values.ts), which are this client's, stay on the line.
 * A reference is `{"$ref": "<sha256>", ...own members}` and reads as the body's members with the line's own
 * members over them. Only these places are read as references, so a `$ref` in data the register or the
 * service wrote (a cadastral report is kept whole) is never taken for one.
 */
export const REF = '$ref';

/** One line of evidence.bodies.jsonl. */
export interface EvidenceBody {
  readonly sha256: string;
  readonly body: unknown;
}

/** A candidate's members that are the client's own; the rest is the record's. */
const CANDIDATE_OWN = ['score', 'decision', 'explanation', 'compared'] as const;
/** A request's members that say how this row got the answer; the rest is the request itself. */
const REQUEST_OWN = ['cached', 'reused', 'fetchedAt'] as const;

/** The sidecar of an evidence file: `evidence.jsonl` → `evidence.bodies.jsonl`. */
export function bodiesPathOf(evidencePath: string): string {
  return evidencePath.endsWith('.jsonl')
    ? `${evidencePath.slice(0, -'.jsonl'.length)}.bodies.jsonl`
    : `${evidencePath}.bodies.jsonl`;
}

/** sha256 (hex) of the body's canonical JSON: what a reference names and `report verify` recomputes. */
export function bodyDigest(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** One line of the sidecar, newline included: the body in canonical JSON, so its digest is its text's. */
export function encodeBodyLine(body: EvidenceBody): string {
  return `{"sha256":"${body.sha256}","body":${canonicalJson(body.body)}}\n`;
}

/** A line of the sidecar, or undefined when it is not one (a torn last line, another file). */
export function parseBodyLine(text: string): EvidenceBody | undefined {
  try {
    const parsed = JSON.parse(text) as { sha256?: unknown; body?: unknown };
    if (typeof parsed.sha256 !== 'string' || !('body' in parsed)) return undefined;
    return { sha256: parsed.sha256, body: parsed.body };
  } catch {
    return undefined;
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Splits an object into its body (referenced) and the members kept on the line. */
function split(value: unknown, own: readonly string[], bodies: Map<string, unknown>): unknown {
  if (!isObject(value)) return value;
  const body: Json = {};
  const kept: Json = {};
  for (const [key, member] of Object.entries(value)) (own.includes(key) ? kept : body)[key] = member;
  const sha256 = bodyDigest(body);
  bodies.set(sha256, body);
  return { [REF]: sha256, ...kept };
}

function compactCheck(check: unknown, bodies: Map<string, unknown>): unknown {
  if (!isObject(check)) return check;
  const out: Json = { ...check };
  if (Array.isArray(check.requests))
    out.requests = check.requests.map((r: unknown) =>
      isObject(r) && r.cached === true ? split(r, REQUEST_OWN, bodies) : r,
    );
  if (Array.isArray(check.candidates))
    out.candidates = check.candidates.map((c: unknown) => split(c, CANDIDATE_OWN, bodies));
  if (check.strategy !== undefined) out.strategy = split(check.strategy, [], bodies);
  return out;
}

/**
 * The line with its repeated parts replaced by references, and every body it refers to (the writer keeps
 * those not written yet). The line depends on the row alone, never on what was written before it.
 */
export function compactEvidence<T extends { readonly checks: Partial<Record<string, unknown>> }>(
  line: T,
): { readonly line: T; readonly bodies: readonly EvidenceBody[] } {
  const bodies = new Map<string, unknown>();
  const checks: Json = {};
  for (const [kind, check] of Object.entries(line.checks)) checks[kind] = compactCheck(check, bodies);
  return {
    line: { ...line, checks },
    bodies: [...bodies].map(([sha256, body]) => ({ sha256, body })),
  };
}

/** A reference whose body is not in the sidecar. */
export class MissingBody extends Error {
  constructor(readonly sha256: string) {
    super(`evidence refers to body ${sha256}, which the bodies file does not hold`);
  }
}

function resolveRef(value: unknown, bodies: ReadonlyMap<string, unknown>): unknown {
  if (!isObject(value) || typeof value[REF] !== 'string') return value;
  const { [REF]: sha256, ...own } = value as Json & { [REF]: string };
  const body = bodies.get(sha256);
  if (body === undefined) throw new MissingBody(sha256);
  return isObject(body) ? { ...body, ...own } : body;
}

function resolveCheck(check: unknown, bodies: ReadonlyMap<string, unknown>): unknown {
  if (!isObject(check)) return check;
  const out: Json = { ...check };
  if (Array.isArray(check.requests)) out.requests = check.requests.map((r: unknown) => resolveRef(r, bodies));
  if (Array.isArray(check.candidates))
    out.candidates = check.candidates.map((c: unknown) => resolveRef(c, bodies));
  if (check.strategy !== undefined) out.strategy = resolveRef(check.strategy, bodies);
  return out;
}

/**
 * A parsed line with its references replaced by the bodies they name: the line as it was before
 * compaction. A line without references (an evidence file written before compaction) comes back as it is.
 * Throws MissingBody for a reference the bodies do not hold.
 */
export function resolveEvidence(line: unknown, bodies: ReadonlyMap<string, unknown>): unknown {
  if (!isObject(line) || !isObject(line.checks)) return line;
  const checks: Json = {};
  for (const [kind, check] of Object.entries(line.checks)) checks[kind] = resolveCheck(check, bodies);
  return { ...line, checks };
}

/** The digests a parsed line refers to, for `report verify`. */
export function referencesOf(line: unknown): string[] {
  const refs: string[] = [];
  const note = (value: unknown): void => {
    if (isObject(value) && typeof value[REF] === 'string') refs.push(value[REF]);
  };
  if (!isObject(line) || !isObject(line.checks)) return refs;
  for (const check of Object.values(line.checks)) {
    if (!isObject(check)) continue;
    for (const list of [check.requests, check.candidates]) if (Array.isArray(list)) list.forEach(note);
    note(check.strategy);
  }
  return refs;
}
