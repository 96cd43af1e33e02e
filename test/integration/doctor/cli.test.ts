import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { EXIT } from '../../../src/errors.js';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';

let strict: EmulatorHandle;
beforeAll(async () => {
  strict = await createEmulator({ variant: 'strict' });
});
afterAll(() => strict.close());

it('`kyc-screen doctor` against the strict variant prints the report and exits 7', async () => {
  const child = cli(['doctor', '--budget', '30'], { KYC_API_URL: strict.url });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  const err = stderrOf(child);
  const code = await exited(child);
  expect(code, err()).toBe(EXIT.PROFILE_MISMATCH);
  expect(out).toContain('budget: at most 30 calls');
  expect(out).toMatch(/\[DIFF\] result cap\n {7}found: {3}20 records/);
  expect(err()).toContain('KYC_ERR_DOCTOR_PROFILE_MISMATCH');
  expect(strict.stats().total).toBeLessThanOrEqual(30);
}, 60_000);
