import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForeignAgentRecord } from '../../../src/domain/records.js';
import { generateRegisters } from '../../../packages/lookup-emulator/src/registers/index.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { upstreamProfileSchema } from '../../../src/settings/upstream-profile.js';
import { registerSearch } from '../../helpers/fa-register-search.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

/**
 * A service that cuts every answer at 6 records, a page size it never states, while the profile's cap is
 * 100: several days of the emulator's register hold 7 or 8 records, so their `added=` answer is cut. The
 * persons such a cut leaves out, screened with `--fa-strategy mirror`, must be found: the run learns the
 * page size before it builds the mirror and splits such a day, or falls back to per-client searches.
 */
const PAGE = 6;
// Every kind of agent outnumbers a page of 6: the undated gap is what this profile accepts.
const PROFILE = upstreamProfileSchema.parse({ foreignAgentMirror: { acceptUndatedGap: true } });

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

describe('the foreign-agent mirror against a service with a small unstated page size', () => {
  let pipeline: TestPipeline;
  let header: string[];
  let rows: string[][];
  let manifest: Manifest;
  let listed: ForeignAgentRecord[];

  beforeAll(async () => {
    const register = generateRegisters(42).foreignAgents;
    const search = registerSearch(register, PAGE);
    listed = [];
    const days = new Map<string, ForeignAgentRecord[]>();
    for (const r of register) days.set(r.data.added, [...(days.get(r.data.added) ?? []), r]);
    for (const [day, records] of days) {
      if (records.length <= PAGE) continue;
      const answered = new Set((await search({ added: day })).data.map((r) => r.data.registration_number));
      listed.push(
        ...records.filter(
          (r) => r.data.agent_type === 'Физическое лицо' && !answered.has(r.data.registration_number),
        ),
      );
    }
    pipeline = await startTestPipeline({ emulator: { resultCap: PAGE }, settings: { rate: 2_000 } });
    const dir = mkdtempSync(join(tmpdir(), 'kyc-page-mirror-'));
    const input = join(dir, 'clients.csv');
    const lines = [
      ['client_id', 'full_name', 'birth_date', 'entity_type'],
      ...listed.map((r, i) => [`CUT-${String(i)}`, r.data.name, r.data.birth_date, 'person']),
    ];
    writeFileSync(input, lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n');
    const runId = await pipeline.submit(input, {
      outDir: dir,
      profile: PROFILE,
      faStrategy: 'mirror',
      checks: ['foreign_agent'],
    });
    const { run } = await pipeline.finish(runId, 300_000);
    [header = [], ...rows] = parse(readFileSync(run.out), { bom: true });
    manifest = JSON.parse(readFileSync(run.manifest, 'utf8')) as Manifest;
  }, 600_000);

  afterAll(async () => {
    await pipeline?.close();
  });

  it('has listed persons that a cut day answer leaves out', () => {
    expect(listed.length).toBeGreaterThan(0);
    expect(manifest.upstream).toMatchObject({ page_size: { learned: PAGE, source: 'preflight' } });
  });

  it('never clears one of them: the mirror holds them, or the run searched per client', () => {
    const col = (name: string) => header.indexOf(name);
    expect(rows).toHaveLength(listed.length);
    for (const row of rows) {
      expect(row[col('kyc_foreign_agent')], row[col('full_name')]).toMatch(/^(MATCH|POSSIBLE_MATCH)/);
      expect(row[col('kyc_verdict')], row[col('full_name')]).not.toBe('CLEAR');
    }
    // A day holds more individuals than a page: no split by agent_type shows it whole, so the run searched.
    expect(manifest.foreign_agent_strategy).toMatchObject({
      strategy: 'search',
      reason: expect.stringMatching(/^mirror incomplete: added=.* reached the result cap \(6\)$/),
    });
  });
});
