import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRegisters } from '../../../packages/lookup-emulator/src/registers/index.js';
import { DEFAULT_SEED } from '../../../packages/lookup-emulator/src/server.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

/**
 * Listed persons who share their surname with more than a page of others, screened without a birth date
 * against a service that cuts every answer at ten records and never says so: only the name can narrow
 * the cut surname answers. Every one must come out HIT or REVIEW, never CLEAR.
 */
const PAGE_SIZE = 10;
const CLIENTS = 40;

function crowdedNames(): string[] {
  const bySurname = new Map<string, string[]>();
  for (const { data } of generateRegisters(DEFAULT_SEED).sanctions) {
    if (data.entity_type !== 'person' || !data.name_local) continue;
    const surname = data.name_local.split(' ')[0] ?? '';
    bySurname.set(surname, [...(bySurname.get(surname) ?? []), data.name_local]);
  }
  return [...bySurname.values()]
    .filter((namesakes) => namesakes.length > PAGE_SIZE)
    .flatMap((namesakes) => namesakes.slice(0, 2))
    .slice(0, CLIENTS);
}

describe('listed persons without a birth date among more than a page of namesakes', () => {
  let pipeline: TestPipeline;
  let names: string[];
  let rows: Record<string, string>[];

  beforeAll(async () => {
    names = crowdedNames();
    const path = join(mkdtempSync(join(tmpdir(), 'kyc-undated-')), 'clients.csv');
    const lines = names.map((name, i) => `UD-${String(i + 1).padStart(3, '0')},${name}`);
    writeFileSync(path, ['client_id,full_name', ...lines].join('\n') + '\n');
    pipeline = await startTestPipeline({
      emulator: { variant: 'strict', resultCap: PAGE_SIZE },
      settings: { rate: 200 },
    });
    const runId = await pipeline.submit(path, { checks: ['sanctions'] });
    const { run } = await pipeline.finish(runId, 240_000);
    rows = parse(readFileSync(run.out, 'utf8'), { columns: true, bom: true });
  }, 300_000);
  afterAll(async () => {
    await pipeline.close();
  });

  it('are never CLEAR: the name narrows the cut answer, or the row goes to review', () => {
    expect(names.length).toBeGreaterThanOrEqual(CLIENTS / 2);
    expect(rows).toHaveLength(names.length);
    const clear = rows.filter((row) => row.kyc_verdict === 'CLEAR').map((row) => row.full_name);
    expect(clear).toEqual([]);
    const found = rows.filter((row) => /MATCH/.test(row.kyc_sanctions ?? '')).length;
    console.log(
      `page size ${PAGE_SIZE}, no birth date: ${found} of ${rows.length} listed persons found by name`,
    );
    expect(found).toBe(rows.length);
  });
});
