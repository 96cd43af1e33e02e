import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../../../src/domain/day-range.js';
import { emptyForeignAgentData, type ForeignAgentRecord } from '../../../src/domain/records.js';
import type { EvidenceLine } from '../../../src/export/evidence.js';
import type { Manifest } from '../../../src/export/manifest.js';
import type { ForeignAgentStrategyNote } from '../../../src/export/mirror-snapshot.js';
import { parseMaxAge } from '../../../src/settings/answer-policy.js';
import { upstreamProfileSchema } from '../../../src/settings/upstream-profile.js';
import { writePortfolioFile } from '../../bench/lib/portfolio-file.js';
import { readEvidenceLines, startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

/**
 * The nightly rescreening's acceptance at a small scale (`npm run bench:nightly` runs it at 20,000 clients):
 * night 1 screens a Zipf portfolio with the nightly policy; the register then lists one record, added
 * today, naming a client night 1 cleared; night 2 screens the same file plus new clients with the same
 * policy. Nothing tells the workers to keep the register's mirror but the runs' own policy
 * (`foreign_agent=1d`), as with `kyc-screen run --max-age`.
 */
const NIGHTLY = parseMaxAge('debtor=30d,bankruptcy=7d,sanctions=1d,foreign_agent=1d');
const OLD = 200;
const NEW = 20;
// The emulator dates every record: the mirror's agent_type searches at the cap are no gap.
const PROFILE = upstreamProfileSchema.parse({ foreignAgentMirror: { acceptUndatedGap: true } });

interface Night {
  readonly manifest: Manifest & { foreign_agent_strategy?: ForeignAgentStrategyNote };
  /** client_id → verdict. */
  readonly verdicts: Map<string, string>;
  readonly evidence: EvidenceLine[];
  /** Requests the emulator answered during the night. */
  readonly served: number;
}

interface Sent {
  readonly row: number;
  readonly operation: string;
}

/** The requests rows sent themselves: neither the run's cache nor an answer kept from an earlier run. */
function sentByRows(night: Night): Sent[] {
  return night.evidence.flatMap((line) =>
    Object.values(line.checks).flatMap((check) =>
      ((check as { requests?: { operation: string; cached?: boolean; reused?: boolean }[] }).requests ?? [])
        .filter((r) => !r.cached && !r.reused)
        .map((r) => ({ row: line.row, operation: r.operation })),
    ),
  );
}

let pipeline: TestPipeline;
let files: { night1: string; night2: string };
let listed: { id: string; name: string; inn: string; birthDate: string };
let first: Night;
let second: Night;
let plain: Night;

async function night(input: string, options: { maxAge?: typeof NIGHTLY; faStrategy?: 'mirror' }) {
  const before = pipeline.emulator.stats().total;
  const runId = await pipeline.submit(input, { profile: PROFILE, ...options });
  const { run } = await pipeline.finish(runId, 600_000);
  const rows: string[][] = parse(readFileSync(run.out), { bom: true });
  const verdict = (rows[0] ?? []).indexOf('kyc_verdict');
  return {
    manifest: JSON.parse(readFileSync(run.manifest, 'utf8')) as Night['manifest'],
    verdicts: new Map(rows.slice(1).map((r) => [r[0] ?? '', r[verdict] ?? ''])),
    evidence: readEvidenceLines<EvidenceLine>(run.evidence),
    served: pipeline.emulator.stats().total - before,
  };
}

/** A client night 1 cleared whose full name no other client of night 2 has, as the register lists them. */
function clientToList(): typeof listed {
  const rows: string[][] = parse(readFileSync(files.night2), { bom: true });
  const names = rows.slice(1).map((r) => r[1]);
  const row = rows
    .slice(1, OLD + 1)
    .find((r) => first.verdicts.get(r[0] ?? '') === 'CLEAR' && names.filter((n) => n === r[1]).length === 1);
  if (!row) throw new Error('night 1 cleared no client with a name of their own');
  return { id: row[0] ?? '', name: row[1] ?? '', birthDate: row[2] ?? '', inn: row[3] ?? '' };
}

function record(): ForeignAgentRecord {
  const data = {
    ...emptyForeignAgentData(),
    ...{ name: listed.name, inn: listed.inn, birth_date: listed.birthDate },
    ...{ agent_type: 'Физическое лицо', added: utcDay(new Date()), registration_number: 'FA-NIGHT-2' },
  };
  return { source: 'minjust_foreign_agent', data, added_at: '', updated_at: '' };
}

beforeAll(async () => {
  pipeline = await startTestPipeline({
    settings: {
      rate: 2_000,
      answerStore: () => ({ secret: Buffer.alloc(32, 3), upstream: 'test-emulator' }),
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'kyc-nightly-'));
  files = { night1: join(dir, 'night1.csv'), night2: join(dir, 'night2.csv') };
  // One seed: night 2's first OLD rows are night 1's file.
  await writePortfolioFile(files.night1, { rows: OLD, seed: 5 });
  await writePortfolioFile(files.night2, { rows: OLD + NEW, seed: 5 });
  // 200 clients would search per client (auto): a 20,000-client night enumerates the register by cost.
  first = await night(files.night1, { maxAge: NIGHTLY, faStrategy: 'mirror' });
  listed = clientToList();
  pipeline.emulator.addForeignAgents([record()]);
  second = await night(files.night2, { maxAge: NIGHTLY });
  plain = await night(files.night2, {});
}, 900_000);

afterAll(async () => {
  await pipeline.close();
});

describe('night 2 of a nightly rescreening, with a record listed since night 1', () => {
  it('syncs the mirror night 1 kept with one search of today, and no client searches on its own', () => {
    expect(first.manifest.foreign_agent_strategy).toMatchObject({ strategy: 'mirror' });
    expect(first.manifest.foreign_agent_strategy).not.toHaveProperty('kept');
    const note = second.manifest.foreign_agent_strategy;
    expect(note).toMatchObject({
      strategy: 'mirror',
      kept: { new_records: 1, new_record_ids: ['FA-NIGHT-2'] },
    });
    const syncCalls = note?.strategy === 'mirror' ? note.calls : Infinity;
    expect(syncCalls).toBeLessThanOrEqual(2);
    const faCalls = Object.values(second.manifest.upstream.calls_by_operation['search.foreign_agent'] ?? {});
    expect(faCalls.reduce((a, b) => a + b, 0)).toBe(syncCalls);
    expect(sentByRows(second).filter((s) => s.operation === 'search.foreign_agent')).toEqual([]);
  });

  it('hits the client the new record names, and every other client of night 1 keeps its verdict', () => {
    expect(first.verdicts.get(listed.id)).toBe('CLEAR');
    expect(second.verdicts.get(listed.id)).toBe('HIT');
    const others = (n: Night) =>
      [...first.verdicts.keys()].filter((id) => id !== listed.id).map((id) => n.verdicts.get(id));
    expect(others(second)).toEqual(others(first));
    expect(second.manifest.foreign_agent_mirror).toMatchObject({ clients_hit_by_new_records: 1 });
  });

  it("asks only the new clients' requests, the sync and the preflight; night 1's clients ask nothing", () => {
    const sent = sentByRows(second);
    expect(sent.filter((s) => s.row <= OLD)).toEqual([]);
    const fromNew = sent.filter((s) => s.row > OLD).length;
    expect(fromNew).toBeGreaterThan(0);
    const note = second.manifest.foreign_agent_strategy;
    const sync = note?.strategy === 'mirror' ? note.calls : 0;
    const calls = second.manifest.upstream.calls;
    // The preflight: the dictionary list and the broad search that learns the page size.
    expect(calls - fromNew - sync).toBeGreaterThanOrEqual(0);
    expect(calls - fromNew - sync).toBeLessThanOrEqual(2);
    expect(second.served).toBe(calls);
    expect(calls).toBeLessThan(first.manifest.upstream.calls / 5);
  });

  it('under the default policy asks everything again and hits the listed client too', () => {
    expect(plain.manifest.upstream.answers_reused).toBe(0);
    expect(plain.manifest.upstream.calls).toBeGreaterThan(second.manifest.upstream.calls * 5);
    expect(plain.verdicts.get(listed.id)).toBe('HIT');
    expect(plain.manifest.foreign_agent_strategy).not.toHaveProperty('kept');
  });
});
