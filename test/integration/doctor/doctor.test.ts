import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorAction, type DoctorFlags } from '../../../src/commands/doctor.js';
import { DEMO_API_KEY } from '../../../src/config.js';
import { DEBTOR_NOT_FOUND_MESSAGE } from '../../../packages/lookup-emulator/src/registers/debtors.js';
import { STRICT_DEBTOR_NOT_FOUND_MESSAGE } from '../../../packages/lookup-emulator/src/record-views.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { EXIT, KycError } from '../../../src/errors.js';
import { parseProfile } from '../../../src/settings/upstream-profile.js';

interface Outcome {
  out: string;
  err: string;
  error: KycError | undefined;
}

async function doctor(url: string, flags: Partial<DoctorFlags> = {}): Promise<Outcome> {
  let out = '';
  let err = '';
  let error: KycError | undefined;
  try {
    await doctorAction(
      { budget: 40, ...flags },
      { KYC_API_URL: url, KYC_API_KEY: DEMO_API_KEY },
      { out: (text) => (out += text), err: (text) => (err += text) },
    );
  } catch (caught) {
    if (!(caught instanceof KycError)) throw caught;
    error = caught;
  }
  return { out, err, error };
}

const dir = mkdtempSync(join(tmpdir(), 'kyc-doctor-'));

describe('doctor against the default emulator with the default profile', () => {
  let emulator: EmulatorHandle;
  let outcome: Outcome;
  beforeAll(async () => {
    emulator = await createEmulator();
    outcome = await doctor(emulator.url);
  });
  afterAll(() => emulator.close());

  it('prints its call budget before the findings and stays within it', () => {
    expect(outcome.out.indexOf('budget: at most 40 calls')).toBeLessThan(outcome.out.indexOf('[ok]'));
    expect(emulator.stats().total).toBeLessThanOrEqual(40);
  });

  it('finds every checked assumption holding and exits 0', () => {
    expect(outcome.error).toBeUndefined();
    expect(outcome.out).not.toContain('[DIFF]');
    expect(outcome.out).toMatch(/\[ok\] {3}result cap\n {7}found: {3}100 records/);
    expect(outcome.out).toContain('HTTP 401, JSON {success, error: {code, message}}');
    expect(outcome.out).toContain(`message «${DEBTOR_NOT_FOUND_MESSAGE}»`);
    expect(outcome.out).toContain('read as not found');
    expect(outcome.out).toContain('a Latin query finds the Cyrillic spelling');
    expect(outcome.out).toContain('case-insensitive');
  });

  it('measures whether a birth date alone answers that day whole, and the persons no date reaches', () => {
    expect(outcome.out).toMatch(
      /\[info\] sanctions: search by birth date\n {7}found: {3}birth_date alone: \d+ record\(s\), below the page of 100; with entity_type=person: \d+ record\(s\), below the page of 100 \(a day can be enumerated whole\)/,
    );
    // The emulator writes no birth date for about 30 % of its persons.
    const undated = /sanctions: persons without a birth date\n {7}found: {3}(\d+) of (\d+) persons/.exec(
      outcome.out,
    );
    expect(Number(undated?.[1])).toBeGreaterThan(0);
    expect(Number(undated?.[2])).toBeGreaterThan(Number(undated?.[1]));
  });

  it('never prints the key', () => {
    expect(outcome.out + outcome.err).not.toContain(DEMO_API_KEY);
  });
});

describe('doctor against the strict variant behind a small burst', () => {
  let emulator: EmulatorHandle;
  let outcome: Outcome;
  const written = join(dir, 'strict-profile.json');
  beforeAll(async () => {
    // A slow refill, so that the burst the doctor measures is the bucket's size whatever the machine's load.
    emulator = await createEmulator({ variant: 'strict', rate: 0.5, burst: 3 });
    outcome = await doctor(emulator.url, { writeProfile: written });
  }, 120_000);
  afterAll(() => emulator.close());

  it('reports the differences and exits with KYC_ERR_DOCTOR_PROFILE_MISMATCH', () => {
    expect(outcome.error?.code).toBe('KYC_ERR_DOCTOR_PROFILE_MISMATCH');
    expect(outcome.error?.exitCode).toBe(EXIT.PROFILE_MISMATCH);
    expect(outcome.out).toMatch(/\[DIFF\] result cap\n {7}found: {3}20 records/);
    // The variant's not-found text is one the pipeline reads by itself (nulls in the record too).
    expect(outcome.out).toMatch(/\[ok\] {3}debtor check: INN without a record\n {7}found: {3}HTTP 200/);
    expect(outcome.out).toContain(`message «${STRICT_DEBTOR_NOT_FOUND_MESSAGE}»`);
    expect(outcome.out).toContain('a Latin query does not find the Cyrillic spelling');
  });

  it('shows the refusal and the rate limit as the variant sends them', () => {
    expect(outcome.out).toContain('HTTP 403, JSON {status, detail}');
    expect(outcome.out).toMatch(/3 of \d+ calls sent at once admitted, then 429/);
    expect(outcome.out).toMatch(/Retry-After HTTP-date \([\d.]+ s\), plain text/);
    expect(outcome.err).toMatch(/waiting [\d.]+ s as the service's Retry-After asks/);
    expect(emulator.stats().total).toBeLessThanOrEqual(40);
  });

  it('writes the measured profile, which then holds against the same service', async () => {
    const profile = parseProfile(readFileSync(written, 'utf8'));
    expect(profile.resultCap).toBe(20);
    expect(profile.crossScriptSearch).toBe(false);
    // Already read as not found: nothing to teach the profile.
    expect(profile.debtorNotFound).toEqual([]);
    expect(profile.burst).toBe(3);
    // A fresh bucket, so that the second measurement starts as the first did.
    const again = await createEmulator({ variant: 'strict', rate: 0.5, burst: 3 });
    try {
      const second = await doctor(again.url, { upstreamProfile: written });
      expect(second.out).not.toContain('[DIFF]');
      expect(second.error).toBeUndefined();
    } finally {
      await again.close();
    }
  }, 120_000);
});

describe('doctor refuses before spending a call', () => {
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    emulator = await createEmulator();
  });
  afterAll(() => emulator.close());

  it('keeps an existing profile file unless --force', async () => {
    const existing = join(dir, 'kept.json');
    writeFileSync(existing, '{"resultCap": 7}\n');
    const refused = await doctor(emulator.url, { writeProfile: existing });
    expect(refused.error?.code).toBe('KYC_ERR_DOCTOR_PROFILE_EXISTS');
    expect(readFileSync(existing, 'utf8')).toBe('{"resultCap": 7}\n');
    expect(emulator.stats().total).toBe(0);
    const forced = await doctor(emulator.url, { writeProfile: existing, force: true });
    expect(forced.error).toBeUndefined();
    expect(parseProfile(readFileSync(existing, 'utf8')).resultCap).toBe(100);
  });

  it('a budget too small for every probe is a usage error', async () => {
    emulator.resetStats();
    const outcome = await doctor(emulator.url, { budget: 5 });
    expect(outcome.error?.code).toBe('KYC_ERR_DOCTOR_BUDGET');
    expect(emulator.stats().total).toBe(0);
  });

  it('without KYC_API_URL there is nothing to measure', async () => {
    await expect(
      doctorAction({ budget: 40 }, {}, { out: () => undefined, err: () => undefined }),
    ).rejects.toMatchObject({ code: 'KYC_ERR_CONFIG_API_URL' });
  });
});
