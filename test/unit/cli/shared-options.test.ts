import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { loadConfig } from '../../../src/config.js';
import { configOverrides, workerSettings } from '../../../src/commands/shared-options.js';
import { addRunOptions } from '../../../src/commands/run.js';
import { DEFAULT_WORKER_SETTINGS } from '../../../src/workers/workers.js';

describe('workerSettings', () => {
  it('takes the quota and the circuit breaker from the configuration every process shares', () => {
    const config = loadConfig({ KYC_RATE: '40', KYC_BREAKER_THRESHOLD: '3' });
    const settings = workerSettings(config, { checksConcurrency: 8 });
    expect(settings.rate).toBe(40);
    expect(settings.breakerThreshold).toBe(3);
    expect(settings.checksConcurrency).toBe(8);
  });

  it('keeps the defaults for flags that were not given', () => {
    const settings = workerSettings(loadConfig({}), { checksConcurrency: undefined, attempts: undefined });
    expect(settings.checksConcurrency).toBe(DEFAULT_WORKER_SETTINGS.checksConcurrency);
    expect(settings.attempts).toBe(DEFAULT_WORKER_SETTINGS.attempts);
  });
});

describe('shared command options', () => {
  it('run still offers --log-file, --upstream-profile and --emulator', () => {
    const names = addRunOptions(new Command('run')).options.map((o) => o.long);
    expect(names).toEqual(expect.arrayContaining(['--log-file', '--upstream-profile', '--emulator']));
  });

  it('--emulator and --upstream-profile become config overrides', () => {
    const overrides = configOverrides({ emulator: true, upstreamProfile: 'p.json', rate: 5 });
    expect(overrides).toMatchObject({ apiUrl: 'emulator', rate: 5 });
    expect(String(overrides.upstreamProfilePath)).toMatch(/p\.json$/u);
  });
});
