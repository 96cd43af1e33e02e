import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { KycError } from '../../../src/errors.js';
import { EMULATOR_KEYS_ENV, parseLatency, resolveKeys } from '../../../src/commands/emulator.js';
import { startEmulator } from '../../../src/runs/load-emulator.js';

const A = '3f2c1a7e-5b6d-4e8f-9a0b-1c2d3e4f5a6b';
const B = 'b9d8c7e6-f5a4-4b3c-8d2e-1f0a9b8c7d6e';

describe('emulator command options', () => {
  it('latency: fixed ms or a min-max range', () => {
    expect(parseLatency('250')).toBe(250);
    expect(parseLatency('50-200')).toEqual([50, 200]);
    expect(() => parseLatency('200-50')).toThrow(InvalidArgumentError);
    expect(() => parseLatency('fast')).toThrow(InvalidArgumentError);
  });

  it('keys: --keys wins, then the environment, then the demo key', () => {
    expect(resolveKeys(`${A}, ${B}`, { [EMULATOR_KEYS_ENV]: B })).toEqual({ keys: [A, B], demo: false });
    expect(resolveKeys(undefined, { [EMULATOR_KEYS_ENV]: B })).toEqual({ keys: [B], demo: false });
    expect(resolveKeys(undefined, {})).toEqual({ keys: [DEMO_API_KEY], demo: true });
  });

  it("the emulator's option errors come out as catalogue errors with their exit code", async () => {
    // @ts-expect-error: an unknown variant from untyped callers
    const started = startEmulator({ variant: 'lenient' });
    await expect(started).rejects.toBeInstanceOf(KycError);
    await expect(started).rejects.toMatchObject({ code: 'KYC_ERR_EMULATOR_OPTIONS', exitCode: 2 });
  });

  it('keys must be UUIDs, and a rejected key is not echoed', () => {
    try {
      resolveKeys(`${A},secret-token`, {});
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(KycError);
      expect((error as KycError).code).toBe('KYC_ERR_CONFIG_API_KEY');
      expect((error as KycError).message).not.toContain('secret-token');
    }
  });
});
