import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactEvidence, encodeBodyLine } from '../../../src/export/evidence-bodies.js';
import { evidenceOfRow, readEvidence } from '../../../src/ingest/evidence-file.js';

const lineOf = (row: number, name: string) => ({
  row,
  run_id: 'r1',
  checks: {
    sanctions: {
      status: 'POSSIBLE_MATCH',
      requests: [{ operation: 'search.sanctions', params: { name }, status: 200, digest: 'd'.repeat(64) }],
      candidates: [
        {
          source: 'sanctions',
          recordId: 'S-1',
          recordHash: 'a'.repeat(64),
          recordName: 'Иванов Иван',
          score: 0.8,
          decision: 'POSSIBLE_MATCH',
          explanation: `name 0.80 (${name})`,
        },
      ],
    },
  },
});

/** An evidence file and its bodies as the run's writer lays them out. */
function written(lines: readonly ReturnType<typeof lineOf>[], options: { compact: boolean }): string {
  const dir = mkdtempSync(join(tmpdir(), 'kyc-evidence-'));
  const evidence = join(dir, 'evidence.jsonl');
  if (!options.compact) {
    writeFileSync(evidence, lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    return evidence;
  }
  const seen = new Set<string>();
  let bodies = '';
  let text = '';
  for (const line of lines) {
    const compacted = compactEvidence(line);
    for (const body of compacted.bodies)
      if (!seen.has(body.sha256)) {
        seen.add(body.sha256);
        bodies += encodeBodyLine(body);
      }
    text += `${JSON.stringify(compacted.line)}\n`;
  }
  writeFileSync(evidence, text);
  writeFileSync(join(dir, 'evidence.bodies.jsonl'), bodies);
  return evidence;
}

async function all(path: string, select?: (text: string) => boolean): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const line of readEvidence(path, select ? { select } : {})) out.push(line);
  return out;
}

describe('reading evidence back', () => {
  const lines = [lineOf(1, 'Иванов'), lineOf(2, 'Иванов'), lineOf(3, 'Иванова')];

  it('gives the lines as written before compaction, from a compacted file and from an older one alike', async () => {
    expect(await all(written(lines, { compact: true }))).toEqual(lines);
    expect(await all(written(lines, { compact: false }))).toEqual(lines);
    expect(await evidenceOfRow(written(lines, { compact: true }), 2)).toEqual(lines[1]);
    expect(await evidenceOfRow(written(lines, { compact: true }), 9)).toBeUndefined();
    expect(await all(written(lines, { compact: true }), (t) => t.includes('Иванова'))).toEqual([lines[2]]);
  });

  it('refuses a line whose body is not beside it, naming the line', async () => {
    const path = written(lines, { compact: true });
    writeFileSync(join(path, '..', 'evidence.bodies.jsonl'), '');
    await expect(all(path)).rejects.toMatchObject({
      code: 'KYC_ERR_EVIDENCE_BODIES',
      message: expect.stringContaining('line 1') as unknown,
    });
    await expect(evidenceOfRow(path, 3)).rejects.toMatchObject({ code: 'KYC_ERR_EVIDENCE_BODIES' });
  });
});
