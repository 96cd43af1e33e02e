import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressLine, RateMeter } from '../../../src/cli-ui/progress-figures.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { followRun, type FollowTick } from '../../../src/runs/submit.js';
import { upstreamProfileSchema } from '../../../src/settings/upstream-profile.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

/**
 * A run that downloads the foreign-agent register before it screens, followed as the CLI follows it: the
 * progress line says what the run is doing, with the mirror's own counts, instead of `0/? rows`.
 */
const PROFILE = upstreamProfileSchema.parse({ foreignAgentMirror: { acceptUndatedGap: true } });

let pipeline: TestPipeline;
const ticks: FollowTick[] = [];
const lines: { phase: string; line: string }[] = [];
let manifest: Manifest;

beforeAll(async () => {
  pipeline = await startTestPipeline({ settings: { rate: 1_000 } });
  const runId = await pipeline.submit('samples/clients.csv', { profile: PROFILE, faStrategy: 'mirror' });
  const meter = new RateMeter();
  const run = await followRun(
    pipeline.redis,
    pipeline.prefix,
    runId,
    (tick) => {
      ticks.push(tick);
      const figures = meter.figures(tick);
      lines.push({ phase: figures.phase, line: progressLine(figures, 80) });
    },
    { pollMs: 20, signal: AbortSignal.timeout(300_000) },
  );
  expect(run.status).toBe('done');
  manifest = JSON.parse(readFileSync(run.manifest, 'utf8')) as Manifest;
}, 600_000);

afterAll(async () => {
  await pipeline.close();
});

describe('the progress of a run with the register mirror', () => {
  it('goes through its phases in order and says so in words', () => {
    const order = ['queued', 'preflight', 'mirror', 'screening', 'writing', 'done'];
    const seen = lines.map((l) => l.phase).filter((p, i, all) => all[i - 1] !== p);
    expect(seen).toContain('mirror');
    expect(seen).toContain('screening');
    expect(seen.at(-1)).toBe('done');
    expect(seen.map((p) => order.indexOf(p))).toEqual([...seen.map((p) => order.indexOf(p))].sort());
    for (const { phase, line } of lines) {
      expect(line.length).toBeLessThan(80);
      if (phase === 'mirror') expect(line).toMatch(/^register mirror: \d+ searches, \d+ records/);
    }
  });

  it('counts the mirror’s searches as it downloads, up to the searches the manifest records', () => {
    const searches = ticks.map((t) => t.live?.mirrorSearches ?? 0);
    const note = manifest.foreign_agent_strategy;
    expect(note?.strategy).toBe('mirror');
    if (note?.strategy !== 'mirror') return;
    expect(searches.at(-1)).toBe(note.calls);
    expect(ticks.at(-1)?.live?.mirrorRecords).toBe(note.records);
    // Seen part way, not only at the end.
    expect(searches.some((n) => n > 0 && n < note.calls)).toBe(true);
  });
});
