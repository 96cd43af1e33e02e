import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partPath } from '../../../src/run/output-paths.js';
import { parseOutputMode } from '../../../src/settings/output-mode.js';
import { checkRunId, newRunId } from '../../../src/run/state/topology.js';

describe('run ids', () => {
  it('accepts generated and scheduled ids, refuses anything that could name another directory', () => {
    expect(checkRunId(newRunId())).toMatch(/^r\d{8}_\d{6}_/u);
    for (const ok of ['s_nightly.v2_1763942400000', 'client-42', 'A_b-c.d']) expect(checkRunId(ok)).toBe(ok);
    for (const bad of ['', '.', '..', '../x', 'a/b', 'a\\b', '.hidden', 'a..b', 'x'.repeat(65), 'имя', 'a b'])
      expect(() => checkRunId(bad), bad).toThrow(expect.objectContaining({ code: 'KYC_ERR_RUN_ID' }));
  });

  it('property: an accepted run id joined to a directory stays a direct child of it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), (id) => {
        let accepted = true;
        try {
          checkRunId(id);
        } catch {
          accepted = false;
        }
        if (accepted) expect(join('/out', id).split('/')).toEqual(['', 'out', id]);
      }),
    );
  });
});

describe('output file names and modes', () => {
  it('part files are hidden siblings named for the run', () => {
    expect(partPath('/data/out/verdicts.csv', 'r1')).toBe('/data/out/.verdicts.csv.r1.part');
  });

  it('modes are octal', () => {
    expect(parseOutputMode('0600')).toBe(0o600);
    expect(parseOutputMode('640')).toBe(0o640);
    expect(parseOutputMode('0o644')).toBe(0o644);
    for (const bad of ['rw-------', '0800', '600000', ''])
      expect(() => parseOutputMode(bad)).toThrow(expect.objectContaining({ code: 'KYC_ERR_OUTPUT_MODE' }));
  });
});
