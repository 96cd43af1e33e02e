import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { Agent, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../src/export/manifest.js';
import type { FaStrategyOption } from '../../../src/settings/fa-strategy-option.js';
import { runKeys } from '../../../src/run/state/topology.js';
import { upstreamProfileSchema } from '../../../src/settings/upstream-profile.js';
import { readEvidenceLines, startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

/**
 * The sample client file screened twice against the emulator: with per-client foreign-agent searches and
 * with the run's mirror of the register. Same verdicts; with the mirror, no foreign-agent call carries
 * anything of a client.
 */
const INPUT = 'samples/clients.csv';
// Individuals outnumber the cap of 100: the emulator's undated ones cannot be proven found, and this
// profile accepts it (docs/foreign-agent-mirror.md). Both runs read answers by the same profile.
const PROFILE = upstreamProfileSchema.parse({ foreignAgentMirror: { acceptUndatedGap: true } });
const FA_PATH = '/lists/search/minjust_foreign_agent';

/** Notes the query of every foreign-agent search the client sends. */
class QueryLog extends Agent {
  readonly queries: URLSearchParams[] = [];
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const [path = '', query = ''] = options.path.split('?');
    if (path.endsWith(FA_PATH)) this.queries.push(new URLSearchParams(query));
    return super.dispatch(options, handler);
  }
}

interface Outcome {
  header: string[];
  rows: string[][];
  manifest: Manifest;
  evidence: {
    row: number;
    checks: { foreign_agent?: { strategy?: { strategy: string; sha256?: string } } };
  }[];
  queries: URLSearchParams[];
  mirrorKeyLeft: number;
}

const agent = new QueryLog();
let pipeline: TestPipeline;

async function screen(faStrategy: FaStrategyOption, profile = PROFILE): Promise<Outcome> {
  agent.queries.length = 0;
  const runId = await pipeline.submit(INPUT, { profile, faStrategy });
  const { run } = await pipeline.finish(runId, 300_000);
  const [header = [], ...rows] = parse(readFileSync(run.out, 'utf8'), { bom: true });
  return {
    header,
    rows,
    manifest: JSON.parse(readFileSync(run.manifest, 'utf8')) as Manifest,
    evidence: readEvidenceLines(run.evidence),
    queries: [...agent.queries],
    mirrorKeyLeft: await pipeline.redis.exists(runKeys(pipeline.prefix, runId).foreignAgentMirror),
  };
}

let search: Outcome;
let mirror: Outcome;
let fallback: Outcome;

beforeAll(async () => {
  pipeline = await startTestPipeline({ settings: { rate: 2_000 }, dispatcher: agent });
  search = await screen('search');
  mirror = await screen('mirror');
  fallback = await screen('mirror', upstreamProfileSchema.parse({}));
}, 600_000);

afterAll(async () => {
  await pipeline.close();
});

const cell = (o: Outcome, row: string[], column: string) => row[o.header.indexOf(column)] ?? '';
const status = (value: string) => value.split(':')[0] ?? '';

describe('a run with the foreign-agent mirror', () => {
  it('gives every row the verdict and foreign-agent status of per-client searches', () => {
    expect(mirror.rows).toHaveLength(search.rows.length);
    const summary = (o: Outcome) =>
      o.rows.map(
        (r) =>
          `${cell(o, r, 'client_id')} ${cell(o, r, 'kyc_verdict')} ${status(cell(o, r, 'kyc_foreign_agent'))}`,
      );
    expect(summary(mirror)).toEqual(summary(search));
    // The planted foreign agents are there to be found.
    expect(
      mirror.rows.filter((r) => status(cell(mirror, r, 'kyc_foreign_agent')) === 'MATCH').length,
    ).toBeGreaterThan(0);
  });

  it('sends no foreign-agent search with a client’s name or identifier: only added and agent_type', () => {
    expect(search.queries.some((q) => q.has('name'))).toBe(true);
    const clientValues = new Set(search.queries.flatMap((q) => [...q.entries()]).map(([, value]) => value));
    for (const query of mirror.queries) {
      expect([...query.keys()].every((k) => k === 'added' || k === 'agent_type')).toBe(true);
      for (const value of query.values()) expect(clientValues.has(value)).toBe(false);
    }
    expect(mirror.queries.length).toBe(
      mirror.manifest.foreign_agent_strategy?.strategy === 'mirror'
        ? mirror.manifest.foreign_agent_strategy.calls
        : -1,
    );
  });

  it('records the mirror in the manifest and on every foreign-agent evidence line, and leaves it out of Redis', () => {
    const note = mirror.manifest.foreign_agent_strategy;
    expect(note).toMatchObject({ strategy: 'mirror', range: { since: '2012-11-21' } });
    if (note?.strategy !== 'mirror') return;
    expect(note.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(note.records).toBeGreaterThan(600);
    expect(mirror.manifest.upstream.calls_by_operation['search.foreign_agent']?.['200']).toBe(note.calls);
    const lines = mirror.evidence.filter((l) => l.checks.foreign_agent);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.checks.foreign_agent?.strategy?.sha256).toBe(note.sha256);
    expect(search.manifest.foreign_agent_strategy).toEqual({
      strategy: 'search',
      reason: 'requested (--fa-strategy search)',
    });
    expect(mirror.mirrorKeyLeft).toBe(0);
  });
});

describe('a mirror that cannot be shown complete', () => {
  it('falls back to per-client searches, says why, and screens every row as they would', () => {
    expect(fallback.manifest.foreign_agent_strategy).toEqual({
      strategy: 'search',
      reason:
        'mirror incomplete: the search of agent_type «Физическое лицо» reached the result cap (100): records ' +
        'of that type without a date in 2012-11-21..' +
        String(fallback.manifest.started_at).slice(0, 10) +
        ' could be missed',
      mirror_calls: 1,
    });
    const summary = (o: Outcome) =>
      o.rows.map((r) => `${cell(o, r, 'kyc_verdict')} ${cell(o, r, 'kyc_foreign_agent')}`);
    expect(summary(fallback)).toEqual(summary(search));
    expect(fallback.queries.some((q) => q.has('name'))).toBe(true);
  });
});
