import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';

/**
 * A test run never writes into the checkout's `.state` (docs/testing.md): the commands a test runs, in its
 * process or as a child, read the state directory from the environment, and that is the test file's own.
 */
describe("a test file's state directory", () => {
  it('is outside the checkout, and the commands use it', () => {
    const stateDir = resolve(loadConfig(process.env, {}).stateDir);
    expect(relative(process.cwd(), stateDir).startsWith('..')).toBe(true);
    expect(stateDir).toBe(resolve(process.env.KYC_STATE_DIR ?? '.state'));
    expect(existsSync(stateDir)).toBe(false);
  });
});
