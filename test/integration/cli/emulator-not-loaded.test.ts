import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';

/**
 * The Lookup Service emulator (packages/lookup-emulator) is loaded only when asked for. The CLI runs in a
 * child process with a module resolve hook that notes every module it loads; a static import of the
 * emulator anywhere in the CLI's module graph (every command is registered at start-up) shows up here.
 */
const HOOKS = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.KYC_TEST_MODULE_LOG, result.url + '\\n');
  return result;
}`;
const REGISTER = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}));`;

const work = mkdtempSync(join(tmpdir(), 'kyc-emulator-loading-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The modules a `kyc-screen …` process loaded, and how it ended. */
async function modulesOf(name: string, args: string[], env: NodeJS.ProcessEnv) {
  const log = join(work, `${name}.log`);
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      '--import',
      `data:text/javascript,${encodeURIComponent(REGISTER)}`,
    ].concat(['src/cli.ts', ...args]),
    {
      env: { ...process.env, LOG_LEVEL: 'warn', KYC_TEST_MODULE_LOG: log, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const modules = readFileSync(log, 'utf8').split('\n');
  return { code, out, modules };
}

const emulatorModules = (modules: readonly string[]) =>
  modules.filter((url) => url.includes('/packages/lookup-emulator/'));

describe('the product loads the emulator only when asked', () => {
  it('a command against a service URL walks the start-up path without loading it', async () => {
    const { code, out, modules } = await modulesOf('url', ['dictionaries'], {
      KYC_API_URL: 'http://127.0.0.1:9',
      KYC_API_KEY: DEMO_API_KEY,
      KYC_REQUEST_TIMEOUT_MS: '2000',
    });
    expect(code, out).not.toBe(0); // nothing listens on port 9
    expect(modules.some((url) => url.endsWith('/src/runs/runtime.ts'))).toBe(true);
    expect(modules.some((url) => url.endsWith('/src/commands/worker.ts'))).toBe(true);
    expect(emulatorModules(modules)).toEqual([]);
  });

  it('KYC_API_URL=emulator loads it (the hook sees the package when it is loaded)', async () => {
    const { code, out, modules } = await modulesOf('emulator', ['dictionaries'], {
      KYC_API_URL: 'emulator',
      KYC_API_KEY: '',
    });
    expect(code, out).toBe(0);
    expect(emulatorModules(modules)).toContainEqual(
      expect.stringMatching(/lookup-emulator\/src\/index\.ts$/),
    );
  });
});
