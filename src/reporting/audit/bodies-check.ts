import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { bodiesPathOf, bodyDigest, parseBodyLine, referencesOf } from '../../export/evidence-bodies.js';
import type { CrossProblem } from './cross-check.js';
import { textLines as lines } from '../../ingest/evidence-file.js';

/**
 * The bodies compacted evidence refers to (export/evidence-bodies.ts): every body of the bodies file is the
 * content its digest names (a body edited in place is caught even with SHA256SUMS recomputed and the
 * manifest's digest of the file aside), and every reference of every evidence line names a body the file
 * holds. Evidence written before compaction has neither bodies file nor references, and passes.
 */
export async function bodiesProblems(evidencePath: string): Promise<CrossProblem[]> {
  const path = bodiesPathOf(evidencePath);
  const name = basename(path);
  const problems: CrossProblem[] = [];
  const known = new Set<string>();
  if (existsSync(path)) {
    let number = 0;
    for await (const text of lines(path)) {
      number++;
      const body = parseBodyLine(text);
      // An edited body is reported once, here; the references to it are not dangling on top of that.
      if (body) known.add(body.sha256);
      if (!body || bodyDigest(body.body) !== body.sha256)
        problems.push({
          code: 'KYC_ERR_AUDIT_MISMATCH',
          message: `${name} line ${number}: ${body ? 'the body is not the content its sha256 names' : 'not a body'}`,
        });
    }
  }
  let number = 0;
  let dangling = 0;
  let first = '';
  for await (const text of lines(evidencePath)) {
    number++;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue; // cross-check.ts reports a line that is not JSON
    }
    for (const ref of referencesOf(parsed))
      if (!known.has(ref)) {
        dangling++;
        first ||= `line ${number} refers to body ${ref}`;
      }
  }
  if (dangling > 0)
    problems.push({
      code: 'KYC_ERR_AUDIT_MISMATCH',
      message: `${basename(evidencePath)}: ${dangling} references to bodies ${name} does not hold (${first})`,
    });
  return problems;
}
