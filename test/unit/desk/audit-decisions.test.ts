import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionProblems, decisionsJsonl } from '../../../src/desk/audit-decisions.js';
import type { RunDecision } from '../../../src/desk/types.js';

const H = 'c'.repeat(64);
const dir = mkdtempSync(join(tmpdir(), 'kyc-audit-decisions-'));
const evidence = join(dir, 'evidence.jsonl');
writeFileSync(
  evidence,
  `{"row":1,"run_id":"r1","checks":{"sanctions":{"candidates":[{"source":"sanctions","recordId":"S-1","recordHash":"${H}","decision":"SUPPRESSED"}]}}}\n` +
    `{"row":2,"run_id":"r1","checks":{}}\n`,
);

const applied: RunDecision = {
  row: 1,
  alertId: 7,
  register: 'sanctions',
  recordId: 'S-1',
  runRecordHash: H,
  sighting: 'suppressed',
  inForce: true,
  decision: {
    id: 3,
    alertId: 7,
    decision: 'false_positive',
    comment: 'другая дата рождения',
    decidedBy: 'alice',
    decidedAt: '2026-01-01T10:00:00.000Z',
    recordHash: H,
    source: 'desk',
    approval: {
      id: 4,
      decisionId: 3,
      approved: true,
      comment: '',
      approvedBy: 'bob',
      approvedAt: '2026-01-01T11:00:00.000Z',
    },
  },
};

async function problemsOf(decisions: readonly RunDecision[]): Promise<string[]> {
  const path = join(dir, `decisions-${Math.random()}.jsonl`);
  writeFileSync(path, decisionsJsonl(decisions));
  return (await decisionProblems(path, evidence)).map((p) => p.message);
}

describe('decisions.jsonl of an audit package', () => {
  it('passes a decision in force on the record the evidence suppressed', async () => {
    expect(await problemsOf([applied])).toEqual([]);
  });

  it('finds a self-approved decision, one on another record version, and one naming no candidate', async () => {
    const self = {
      ...applied,
      decision: { ...applied.decision, approval: { ...applied.decision.approval!, approvedBy: 'alice' } },
    };
    expect(await problemsOf([self])).toEqual([expect.stringMatching(/approved by its own analyst/u)]);
    const older = { ...applied, decision: { ...applied.decision, recordHash: 'd'.repeat(64) } };
    expect(await problemsOf([older])).toEqual([expect.stringMatching(/another version of the record/u)]);
    expect(await problemsOf([{ ...applied, row: 2 }])).toContainEqual(
      expect.stringMatching(/does not hold/u),
    );
  });
});
