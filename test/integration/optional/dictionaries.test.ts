import { spawn } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dictionariesAction, type DictionariesOptions } from '../../../src/commands/dictionaries.js';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { generateRegisters } from '../../../packages/lookup-emulator/src/registers/index.js';

/** `kyc-screen dictionaries`: against an emulator over HTTP, pages counted on the emulator's side. */
let emulator: EmulatorHandle;
const BANKS = generateRegisters(42).banks;

beforeAll(async () => {
  emulator = await createEmulator({ keys: [DEMO_API_KEY] });
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => emulator.resetStats());

async function dictionaries(name: string | undefined, options: Partial<DictionariesOptions> = {}) {
  let out = '';
  let err = '';
  const count = await dictionariesAction(
    name,
    { format: 'table', pageSize: 100, ...options },
    { out: (t) => (out += t), err: (t) => (err += t) },
    { KYC_API_URL: emulator.url, KYC_API_KEY: DEMO_API_KEY },
  );
  return { count, out, err };
}

/** Requests the emulator served for dictionary values (`/reg2/dictionary/{name} 200`, …). */
function valuePages(): number {
  return Object.entries(emulator.stats().byRoute)
    .filter(([route]) => route.startsWith('/reg2/dictionary/'))
    .reduce((sum, [, n]) => sum + n, 0);
}

describe('kyc-screen dictionaries', () => {
  it('lists the 42 dictionaries of the service', async () => {
    const { count, out, err } = await dictionaries(undefined);
    expect(count).toBe(42);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^name\s+description$/);
    expect(lines).toHaveLength(2 + 42);
    expect(out).toContain('Banks');
    expect(out).toContain('countriesBirth');
    expect(err).toContain('42 dictionaries');
  });

  it('pages through a whole dictionary with the iterator: every bank, ceil(total / page) requests', async () => {
    const { count, out } = await dictionaries('Banks', { pageSize: 10, format: 'csv' });
    expect(count).toBe(BANKS.length);
    expect(valuePages()).toBe(Math.ceil(BANKS.length / 10));
    const [header, ...rows] = parse(out);
    expect(header).toEqual(['bik', 'name', 'corrAccount', 'city', 'address']);
    expect(rows.map((r) => r[0]).sort()).toEqual(BANKS.map((b) => b.bik).sort());
    expect(rows).toContainEqual(
      expect.arrayContaining(['044525225', 'ПАО Сбербанк', '30101810400000000225']),
    );
  });

  it('--search asks the service for the matching values only', async () => {
    const { count, out } = await dictionaries('Banks', { search: '044525225', format: 'csv' });
    expect(count).toBe(1);
    expect(parse(out)).toEqual([
      ['bik', 'name', 'corrAccount', 'city', 'address'],
      expect.arrayContaining(['044525225', 'ПАО Сбербанк']),
    ]);
    const moscow = await dictionaries('Banks', { search: 'Москва' });
    const expected = BANKS.filter((b) =>
      Object.values(b).some((v: string) => v.toLowerCase().includes('москва')),
    );
    expect(moscow.count).toBe(expected.length);
    expect(moscow.count).toBeGreaterThan(1);
    expect(moscow.count).toBeLessThan(BANKS.length);
  });

  it('csv and table show the same values; other dictionaries get columns from their items', async () => {
    const csv = await dictionaries('genders', { format: 'csv' });
    const [header, ...rows] = parse(csv.out);
    expect(header).toEqual(['code', 'name']);
    expect(rows.map((r) => r[0])).toEqual(['M', 'F']);
    const table = await dictionaries('genders');
    const lines = table.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^code\s+name$/);
    expect(lines.slice(2).map((l) => l.split(/\s{2,}/))).toEqual(rows);
    expect(table.count).toBe(2);
  });

  it('an unknown code is a usage error naming the code that differs only in case', async () => {
    await expect(dictionaries('banks')).rejects.toMatchObject({
      code: 'KYC_ERR_USAGE',
      message: expect.stringContaining('did you mean Banks'),
    });
  });

  it('runs from the command line on the built-in emulator without any Redis', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'dictionaries', 'Currency'], {
      // A Redis URL nobody listens on: the command must not need it.
      env: { ...process.env, REDIS_URL: 'redis://127.0.0.1:9', KYC_API_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code, err).toBe(0);
    expect(err).toContain('BUILT-IN EMULATOR');
    expect(out.split('\n')[0]).toMatch(/^code\s+alpha3\s+name$/);
    expect(out).toContain('RUB');
  }, 60_000);
});
