import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runNamesEval, type ModeResult } from '../../eval/names/names-eval.js';

/**
 * A slice of the end-to-end names evaluation (test/eval/names, `npm run eval:names`): about 60 clients of a
 * Windows-1251 bank export, every phenomenon represented, screened by the CLI against the independent Lookup
 * Service in both search modes. The acceptance of names as other countries' lists and bank exports write
 * them: recall ≥ 0.97, precision ≥ 0.95, no INCOMPLETE row.
 */
describe('names evaluation, a slice end to end', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kyc-names-eval-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const describeMisses = (r: ModeResult): string =>
    [
      `${r.mode}: recall ${r.figures.overall.recall}, precision ${r.figures.overall.precision}`,
      ...r.figures.missed.map((m) => `missed ${m.id} (${m.phenomenon}) → ${m.verdict}`),
      ...r.figures.falseFlags.map((m) => `false flag ${m.id} (${m.phenomenon}) → ${m.verdict}`),
    ].join('\n');

  for (const mode of ['loose', 'whole-word'] as const) {
    it(`${mode} search: recall ≥ 0.97, precision ≥ 0.95, INCOMPLETE 0`, async () => {
      const [result] = await runNamesEval({
        modes: [mode],
        pageSize: 50,
        rate: 500,
        slice: 60,
        workDir: join(dir, mode),
        cli: 'source',
      });
      if (result === undefined) throw new Error('no result');
      const overall = result.figures.overall;
      expect(overall.listed).toBeGreaterThanOrEqual(25);
      expect(overall.unlisted).toBeGreaterThanOrEqual(25);
      expect(overall.incomplete, describeMisses(result)).toBe(0);
      expect(overall.recall ?? 0, describeMisses(result)).toBeGreaterThanOrEqual(0.97);
      expect(overall.precision ?? 0, describeMisses(result)).toBeGreaterThanOrEqual(0.95);
    }, 240_000);
  }
});
