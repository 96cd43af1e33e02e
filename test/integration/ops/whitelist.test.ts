import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deltaAction } from '../../../src/commands/report.js';
import { whitelistAddAction } from '../../../src/commands/whitelist.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { readWhitelist } from '../../../src/whitelist/file.js';
import type { RunState } from '../../../src/run/state/run-store.js';
import { readEvidenceLines } from '../../helpers/pipeline.js';
import { CLIENTS, clientsCsv, readVerdicts, startOpsPipeline, type OpsPipeline } from './helpers.js';

interface EvidenceCandidate {
  recordId: string;
  decision: string;
  recordHash: string;
  explanation: string;
}
interface Evidence {
  row: number;
  checks: Record<string, { status: string; candidates: EvidenceCandidate[] }>;
}

let pipeline: OpsPipeline;
let input: string;
let whitelist: string;
let first: RunState;
let suppressed: RunState;
let reopened: RunState;

const rowOf = (run: RunState, id: string) => readVerdicts(run.out).find((r) => r.client_id === id) ?? {};

beforeAll(async () => {
  pipeline = await startOpsPipeline();
  input = clientsCsv([
    ['CL-1', ...CLIENTS.clean1],
    ['CL-2', ...CLIENTS.foreignAgentHit],
    ['CL-3', ...CLIENTS.foreignAgentPossible],
  ]);
  whitelist = join(mkdtempSync(join(tmpdir(), 'kyc-wl-')), 'whitelist.csv');
  first = (await pipeline.run(input)).run;
});
afterAll(async () => {
  await pipeline.close();
});

describe('whitelist of reviewed false positives', () => {
  it('whitelist add takes the record id and hash of a verdict row from the evidence beside it', async () => {
    expect(rowOf(first, 'CL-2').kyc_verdict).toBe('HIT');
    const entry = await whitelistAddAction({
      verdicts: first.out,
      row: 2,
      reviewer: 'Иванова А.',
      comment: 'тёзка: другой человек',
      whitelist,
    });
    const evidence = readEvidenceLines<Evidence>(first.evidence)[1];
    const candidate = evidence?.checks.foreign_agent?.candidates.find((c) => c.recordId === 'FA-0001');
    expect(entry).toMatchObject({
      clientKey: 'id:CL-2',
      register: 'minjust_foreign_agent',
      recordId: 'FA-0001',
      recordHash: candidate?.recordHash,
      reviewer: 'Иванова А.',
    });
    expect((await readWhitelist(whitelist)).entries).toEqual([entry]);
  });

  it('whitelist add refuses a row without a match, and a row of another run', async () => {
    await expect(
      whitelistAddAction({ verdicts: first.out, row: 1, reviewer: 'X', whitelist }),
    ).rejects.toMatchObject({ code: 'KYC_ERR_WHITELIST_ROW' });
    await expect(
      whitelistAddAction({ verdicts: first.out, row: 2, register: 'sanctions', reviewer: 'X', whitelist }),
    ).rejects.toMatchObject({ code: 'KYC_ERR_WHITELIST_ROW' });
    await expect(
      whitelistAddAction({ verdicts: first.out, row: 9, reviewer: 'X', whitelist }),
    ).rejects.toMatchObject({ code: 'KYC_ERR_WHITELIST_ROW' });
  });

  it('a run with --whitelist shows the match as SUPPRESSED, names the reviewer and does not raise the verdict', async () => {
    suppressed = (await pipeline.run(input, { whitelist })).run;
    const row = rowOf(suppressed, 'CL-2');
    expect(row.kyc_verdict).toBe('CLEAR');
    expect(row.kyc_foreign_agent).toMatch(/^CLEAR: suppressed FA-0001; was MATCH: FA-0001/u);
    expect(row.kyc_reasons).toContain('FOREIGN_AGENT_SUPPRESSED: FA-0001 by Иванова А.');
    // Never hidden: the candidate stays in the evidence, marked.
    const evidence = readEvidenceLines<Evidence>(suppressed.evidence)[1];
    const candidate = evidence?.checks.foreign_agent?.candidates.find((c) => c.recordId === 'FA-0001');
    expect(candidate?.decision).toBe('SUPPRESSED');
    expect(candidate?.explanation).toContain('тёзка: другой человек');
    // The other clients are as before.
    expect(rowOf(suppressed, 'CL-3').kyc_verdict).toBe('REVIEW');
    const manifest = JSON.parse(readFileSync(suppressed.manifest, 'utf8')) as Manifest;
    expect(manifest.verdicts.HIT ?? 0).toBe(0);
    expect(manifest.config).toMatchObject({
      whitelist,
      whitelistSha256: (await readWhitelist(whitelist)).sha256,
    });
    expect(suppressed.whitelist).toMatchObject({ path: whitelist, entries: 1 });
  });

  it('reopens by itself when the register record changes: the match counts again, WHITELIST_REOPENED', async () => {
    pipeline.proxy.changeRecord();
    reopened = (await pipeline.run(input, { whitelist })).run;
    const row = rowOf(reopened, 'CL-2');
    expect(row.kyc_verdict).toBe('HIT');
    expect(row.kyc_reasons).toMatch(
      /^FOREIGN_AGENT_MATCH; FOREIGN_AGENT_WHITELIST_REOPENED: FA-0001 reviewed by Иванова А\. \d{4}-\d\d-\d\d, record changed/u,
    );
    const evidence = readEvidenceLines<Evidence>(reopened.evidence)[1];
    expect(evidence?.checks.foreign_agent?.candidates.find((c) => c.recordId === 'FA-0001')?.decision).toBe(
      'MATCH',
    );
  });

  it('the delta report of the two runs says so', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'kyc-delta-')), 'delta.csv');
    const summary = await deltaAction(suppressed.out, reopened.out, { out });
    expect(summary).toMatch(/WHITELIST_REOPENED\s+1\s/u);
    expect(summary).toMatch(/NEW_HIT\s+1\s/u);
    expect(summary).toContain(
      'Reopened whitelist entries (register record changed):\n  id:CL-2  Ковалев Андрей Сергеевич  CLEAR → HIT',
    );
    const rows = readVerdicts(out);
    expect(rows).toEqual([
      expect.objectContaining({
        changes: 'NEW_HIT WHITELIST_REOPENED VERDICT_CHANGED',
        client_key: 'id:CL-2',
        previous_verdict: 'CLEAR',
        current_verdict: 'HIT',
      }),
    ]);
  });
});
