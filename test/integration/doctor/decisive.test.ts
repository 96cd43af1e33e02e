import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorAction } from '../../../src/commands/doctor.js';
import { loadConfig } from '../../../src/config.js';
import { KycError } from '../../../src/errors.js';
import { appliedProfileNotice } from '../../../src/settings/applied-profile.js';
import { parseProfile } from '../../../src/settings/upstream-profile.js';
import { generateDataset } from '../../eval/names/dataset.js';
import { startServer, type RunningServer, type SearchMode } from '../../eval/names/server.js';

const KEY = '7f0c3a52-5b9e-4d21-9a6e-2f1d8c4b7e90';
const data = generateDataset();

async function doctorOn(server: RunningServer, stateDir: string) {
  let out = '';
  let error: KycError | undefined;
  try {
    await doctorAction(
      { budget: 40, apply: true, stateDir },
      { KYC_API_URL: server.url, KYC_API_KEY: KEY },
      { out: (text) => (out += text), err: () => undefined },
    );
  } catch (caught) {
    if (!(caught instanceof KycError)) throw caught;
    error = caught;
  }
  return { out, error };
}

/**
 * Against a Lookup Service written independently of the emulator (test/eval/names), cutting every answer at
 * 50 records: the doctor must find the page size and the search mode, and keep them for later runs.
 */
describe.each<[SearchMode, boolean]>([
  ['whole-word', false],
  ['loose', true],
])('doctor --apply against an independent service that pages at 50 (%s search)', (mode, crossScript) => {
  let server: RunningServer;
  let outcome: { out: string; error: KycError | undefined };
  const stateDir = mkdtempSync(join(tmpdir(), 'kyc-doctor-apply-'));
  beforeAll(async () => {
    server = await startServer(data, { mode, pageSize: 50, apiKey: KEY });
    outcome = await doctorOn(server, stateDir);
  }, 120_000);
  afterAll(() => server.close());

  it('reads the page size from answers of one repeated length and says the assumed 100 is wrong', () => {
    expect(outcome.out).toMatch(/\[DIFF\] result cap\n {7}found: {3}50 records/);
    expect(outcome.error?.code).toBe('KYC_ERR_DOCTOR_PROFILE_MISMATCH');
  });

  it('measures name search across scripts, and prints the profile it suggests with its calls per client', () => {
    expect(outcome.out).not.toContain('name search\n       found:   not measured');
    expect(outcome.out).toContain(
      crossScript
        ? 'a Latin query finds the Cyrillic spelling'
        : 'a Latin query does not find the Cyrillic spelling',
    );
    expect(outcome.out).toMatch(/Planned calls per client: [\d.]+ with it, [\d.]+ with the assumed profile/);
  });

  it('measures the sanctions search by birth date against the page of 50', () => {
    expect(outcome.out).toMatch(
      /sanctions: search by birth date\n {7}found: {3}birth_date alone: \d+ record\(s\), below the page of 50;/,
    );
    expect(outcome.out).toMatch(/sanctions: persons without a birth date\n {7}found: {3}\d+ of \d+ persons/);
  });

  it('keeps the measured profile where every later run finds it, and the run says so', () => {
    const path = join(stateDir, 'upstream-profile.json');
    const profile = parseProfile(readFileSync(path, 'utf8'));
    expect(profile.resultCap).toBe(50);
    expect(profile.crossScriptSearch).toBe(crossScript);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const config = loadConfig({ KYC_STATE_DIR: stateDir }, {});
    expect(config.profile.resultCap).toBe(50);
    expect(appliedProfileNotice(config.upstreamProfilePath, stateDir)).toMatch(
      /measured by doctor --apply on/,
    );
    // A profile the operator names wins over the applied one, and the run then says nothing of it.
    const own = join(stateDir, 'own-profile.json');
    writeFileSync(own, '{"resultCap": 7}\n');
    const named = loadConfig({ KYC_STATE_DIR: stateDir, KYC_UPSTREAM_PROFILE: own }, {});
    expect(named.profile.resultCap).toBe(7);
    expect(appliedProfileNotice(named.upstreamProfilePath, stateDir)).toBeUndefined();
  });
});
