import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyForeignAgentData, type ForeignAgentRecord } from '../../../src/domain/records.js';
import type { EvidenceLine } from '../../../src/export/evidence.js';
import { writePortfolioFile } from '../../bench/lib/portfolio-file.js';
import { readEvidenceLines, startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { uniquePrefix } from '../../helpers/redis.js';

/**
 * Two deployments on one Redis and one queue prefix, each with its own Lookup Service: a sandbox whose
 * foreign-agent register lists none of the file's clients, and a production service that lists 16 of them.
 * Both screen the same 74-row file at the same time, started in both orders. Each run's verdicts, evidence
 * and calls must come from its own service only.
 */
const ROWS = 74;
const LISTED = 16;

interface Screened {
  readonly verdicts: Map<string, string>;
  readonly evidence: readonly (EvidenceLine & { service?: string })[];
  readonly manifest: { service?: { id: string; url: string }; upstream: { calls: number } };
}

let sandbox: TestPipeline;
let production: TestPipeline;
let input: string;
let listedIds: Set<string>;

function listedRecord(row: readonly string[], n: number): ForeignAgentRecord {
  const data = {
    ...emptyForeignAgentData(),
    ...{ name: row[1] ?? '', inn: row[3] ?? '', birth_date: row[2] ?? '' },
    ...{ agent_type: 'Физическое лицо', added: '2024-01-10', registration_number: `FA-PROD-${n}` },
  };
  return { source: 'minjust_foreign_agent', data, added_at: '', updated_at: '' };
}

async function screened(pipeline: TestPipeline, runId: string): Promise<Screened> {
  const { run } = await pipeline.finish(runId, 300_000);
  const rows: string[][] = parse(readFileSync(run.out), { bom: true });
  const verdict = (rows[0] ?? []).indexOf('kyc_verdict');
  return {
    verdicts: new Map(rows.slice(1).map((r) => [r[0] ?? '', r[verdict] ?? ''])),
    evidence: readEvidenceLines<EvidenceLine & { service?: string }>(run.evidence),
    manifest: JSON.parse(readFileSync(run.manifest, 'utf8')) as Screened['manifest'],
  };
}

/** Both runs submitted 50 ms apart, the first to `first`; each finished and read with what its service served. */
async function both(first: 'sandbox' | 'production') {
  const before = { sandbox: sandbox.emulator.stats().total, production: production.emulator.stats().total };
  const order = first === 'sandbox' ? [sandbox, production] : [production, sandbox];
  const ids: string[] = [];
  for (const pipeline of order) {
    ids.push(await pipeline.submit(input, { window: 20 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const [a, b] = await Promise.all(order.map((pipeline, i) => screened(pipeline, ids[i] ?? '')));
  const [sandboxRun, productionRun] = first === 'sandbox' ? [a, b] : [b, a];
  return {
    sandbox: sandboxRun as Screened,
    production: productionRun as Screened,
    served: {
      sandbox: sandbox.emulator.stats().total - before.sandbox,
      production: production.emulator.stats().total - before.production,
    },
  };
}

type Both = Awaited<ReturnType<typeof both>>;
const results: Partial<Record<'sandbox' | 'production', Both>> = {};

beforeAll(async () => {
  const prefix = uniquePrefix();
  // A slow quota on each service keeps both runs in flight together.
  sandbox = await startTestPipeline({ prefix, settings: { rate: 150 } });
  production = await startTestPipeline({ prefix, settings: { rate: 150 } });
  input = join(mkdtempSync(join(tmpdir(), 'kyc-two-services-')), 'clients.csv');
  await writePortfolioFile(input, { rows: ROWS, seed: 11 });
  const rows: string[][] = parse(readFileSync(input), { bom: true });
  const names = rows.slice(1).map((r) => r[1]);
  const persons = rows
    .slice(1)
    .filter((r) => r[4] === 'person' && r[2] && names.filter((n) => n === r[1]).length === 1);
  const listed = persons.slice(0, LISTED);
  listedIds = new Set(listed.map((r) => r[0] ?? ''));
  production.emulator.addForeignAgents(listed.map((row, i) => listedRecord(row, i + 1)));
  results.sandbox = await both('sandbox');
  results.production = await both('production');
}, 900_000);

afterAll(async () => {
  await sandbox.close();
  await production.close();
});

describe.each(['sandbox', 'production'] as const)(
  'two services on one Redis, %s run started first',
  (first) => {
    it('has two distinct service identities to tell apart', () => {
      expect(listedIds.size).toBe(LISTED);
      expect(sandbox.service.id).not.toBe(production.service.id);
    });

    it('lists the 16 clients only in the run against the service that lists them', () => {
      const r = results[first] as Both;
      for (const id of listedIds) {
        expect(r.production.verdicts.get(id), id).toBe('HIT');
        expect(r.sandbox.verdicts.get(id), id).not.toBe('HIT');
      }
      expect([...r.sandbox.verdicts.values()].filter((v) => v === 'HIT')).toHaveLength(0);
    });

    it('sends each run’s calls to its own service only', () => {
      const r = results[first] as Both;
      expect(r.served.sandbox).toBeGreaterThan(0);
      expect(r.served.sandbox).toBe(r.sandbox.manifest.upstream.calls);
      expect(r.served.production).toBe(r.production.manifest.upstream.calls);
    });

    it('names its service in the manifest and on every evidence line', () => {
      const r = results[first] as Both;
      expect(r.sandbox.manifest.service?.id).toBe(sandbox.service.id);
      expect(r.production.manifest.service?.id).toBe(production.service.id);
      expect(r.sandbox.manifest.service?.url).toBe(sandbox.service.url);
      expect(r.sandbox.evidence).toHaveLength(ROWS);
      expect(new Set(r.sandbox.evidence.map((line) => line.service))).toEqual(new Set([sandbox.service.id]));
      expect(new Set(r.production.evidence.map((line) => line.service))).toEqual(
        new Set([production.service.id]),
      );
    });
  },
);
