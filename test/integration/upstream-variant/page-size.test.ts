import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRegisters } from '../../../packages/lookup-emulator/src/registers/index.js';
import { DEFAULT_SEED } from '../../../packages/lookup-emulator/src/server.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

/**
 * A service whose searches answer ten records at most and never say so (the contract states no page
 * size), with the run's upstream profile left at its default cap of 100. Every listed person of the
 * sanctions register who shares a surname with more than ten others is a client: a run that trusts an
 * answer of ten as complete never sees most of them.
 */
const PAGE_SIZE = 10;

interface Listed {
  readonly name: string;
  readonly birthDate: string;
}

/** The listed persons of the register (Cyrillic name and birth date) whose surname is on more than a page. */
function crowdedSurnames(): Listed[] {
  const bySurname = new Map<string, Listed[]>();
  for (const { data } of generateRegisters(DEFAULT_SEED).sanctions) {
    if (data.entity_type !== 'person' || !data.name_local) continue;
    const surname = data.name_local.split(' ')[0] ?? '';
    bySurname.set(surname, [
      ...(bySurname.get(surname) ?? []),
      { name: data.name_local, birthDate: data.birth_date ?? '' },
    ]);
  }
  return [...bySurname.values()]
    .filter((namesakes) => namesakes.length > PAGE_SIZE)
    .flatMap((namesakes) => namesakes.filter((p) => p.birthDate !== ''));
}

function clientFile(listed: readonly Listed[]): string {
  const lines = listed.map((p, i) => `PS-${String(i + 1).padStart(3, '0')},${p.name},${p.birthDate}`);
  const path = join(mkdtempSync(join(tmpdir(), 'kyc-page-')), 'clients.csv');
  writeFileSync(path, ['client_id,full_name,birth_date', ...lines].join('\n') + '\n');
  return path;
}

describe('a service that cuts every answer at a page size it never states', () => {
  let pipeline: TestPipeline;
  let listed: Listed[];
  let rows: Record<string, string>[];
  let manifest: { upstream: { page_size?: unknown } };

  beforeAll(async () => {
    listed = crowdedSurnames();
    pipeline = await startTestPipeline({
      emulator: { variant: 'strict', resultCap: PAGE_SIZE },
      settings: { rate: 200 },
    });
    const runId = await pipeline.submit(clientFile(listed), { checks: ['sanctions'] });
    const { run } = await pipeline.finish(runId, 240_000);
    rows = parse(readFileSync(run.out, 'utf8'), { columns: true, bom: true });
    manifest = JSON.parse(readFileSync(run.manifest, 'utf8'));
  }, 300_000);
  afterAll(async () => {
    await pipeline.close();
  });

  it('finds every listed person among more than a page of namesakes', () => {
    expect(listed.length).toBeGreaterThan(5 * PAGE_SIZE);
    const missed = rows.filter((row) => row.kyc_verdict !== 'HIT').map((row) => row.full_name);
    const recall = (rows.length - missed.length) / rows.length;
    console.log(`page size ${PAGE_SIZE}: recall ${recall.toFixed(3)} of ${rows.length} listed persons`);
    expect({ recall, missed }).toEqual({ recall: 1, missed: [] });
  });

  it('says in the manifest which page size it learned, and from where', () => {
    expect(manifest.upstream.page_size).toEqual({ learned: PAGE_SIZE, source: 'preflight' });
  });
});
