import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors.js';
import { CLIENTS, clientsCsv, startOpsPipeline, type OpsPipeline } from '../ops/helpers.js';

/**
 * Runs coordinated by workers without a desk, wired as `worker` wires them without DATABASE_URL (the
 * schedules' runs and `run --no-workers`): each run says that the desk's decisions were not applied and
 * why; a run that needs the desk, by its own --require-desk or by the worker's, fails before its first row.
 */

const input = clientsCsv([
  ['CL-1', ...CLIENTS.clean1],
  ['CL-2', ...CLIENTS.sanctionsHit],
]);
let plain: OpsPipeline;
let strict: OpsPipeline;

beforeAll(async () => {
  plain = await startOpsPipeline({ deskAbsence: 'DESK_NOT_SHARED' });
  strict = await startOpsPipeline({ deskAbsence: 'DESK_NOT_SHARED', requireDesk: true });
});
afterAll(async () => {
  await plain?.close();
  await strict?.close();
});

describe('a worker without a review desk', () => {
  it('screens the run and records, in the run and its manifest, that decisions were not applied', async () => {
    const { code, run } = await plain.run(input, { checks: 'sanctions' });
    expect(code).toBe(EXIT.OK);
    expect(run.deskDecisions).toEqual({ status: 'not-applied', reason: 'DESK_NOT_SHARED' });
    const manifest = JSON.parse(readFileSync(run.manifest, 'utf8')) as { desk_decisions: unknown };
    expect(manifest.desk_decisions).toEqual({ status: 'not-applied', reason: 'DESK_NOT_SHARED' });
  }, 60_000);

  it('fails a run that requires the desk with KYC_ERR_DESK_REQUIRED, before any row is written', async () => {
    const own = await plain.run(input, { checks: 'sanctions', requireDesk: true });
    expect(own.code).toBe(EXIT.USAGE);
    expect(own.run).toMatchObject({ status: 'failed', errorCode: 'KYC_ERR_DESK_REQUIRED', written: 0 });
    const byWorker = await strict.run(input, { checks: 'sanctions' });
    expect(byWorker.code).toBe(EXIT.USAGE);
    expect(byWorker.run).toMatchObject({ status: 'failed', errorCode: 'KYC_ERR_DESK_REQUIRED', written: 0 });
  }, 60_000);
});
