import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pipelineQueuesOf } from '../../../src/commands/schedule.js';
import { claimDatedDir, datedName } from '../../../src/schedule/dated-dir.js';
import { checkScheduleName, checkTimeZone, scheduledRunId } from '../../../src/schedule/definition.js';
import { RUN_ID_PATTERN } from '../../../src/run/state/topology.js';

const AT = Date.parse('2025-03-01T23:30:00Z');

describe('scheduled run naming', () => {
  it('names the dated directory in the schedule time zone', () => {
    expect(datedName(AT, 'UTC')).toBe('2025-03-01_2330');
    expect(datedName(AT, 'Europe/Moscow')).toBe('2025-03-02_0230');
    expect(datedName(Date.parse('2025-01-01T00:05:00Z'), 'UTC')).toBe('2025-01-01_0005');
  });

  it('never reuses a directory: two firings in one minute get _2', async () => {
    const base = join(mkdtempSync(join(tmpdir(), 'kyc-dated-')), 'nightly');
    const first = await claimDatedDir(base, AT, 'UTC');
    const second = await claimDatedDir(base, AT + 20_000, 'UTC');
    expect([basename(first), basename(second)]).toEqual(['2025-03-01_2330', '2025-03-01_2330_2']);
  });

  it('derives run ids that the pipeline accepts, one per firing', () => {
    const id = scheduledRunId(checkScheduleName('clients.nightly_'.padEnd(40, 'x')), AT);
    expect(id).toMatch(RUN_ID_PATTERN);
    expect(scheduledRunId('n', AT)).not.toBe(scheduledRunId('n', AT + 1000));
  });

  it('refuses bad names and time zones with KYC_ERR_SCHEDULE_INVALID', () => {
    for (const name of ['', 'a-b', 'a:b', 'x'.repeat(41)])
      expect(() => checkScheduleName(name)).toThrow(
        expect.objectContaining({ code: 'KYC_ERR_SCHEDULE_INVALID' }),
      );
    expect(() => checkTimeZone('Mars/Olympus')).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_SCHEDULE_INVALID' }),
    );
    expect(checkTimeZone('Europe/Moscow')).toBe('Europe/Moscow');
  });

  it('parses the worker --queues list', () => {
    expect(pipelineQueuesOf('checks,verdicts,runs,schedules')).toEqual({
      only: ['checks', 'verdicts', 'runs'],
      schedules: true,
    });
    expect(pipelineQueuesOf(' runs , schedules ')).toEqual({ only: ['runs'], schedules: true });
    expect(() => pipelineQueuesOf('checks,ingest')).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_USAGE' }),
    );
  });
});
