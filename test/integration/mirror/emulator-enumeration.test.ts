import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { generateRegisters } from '../../../packages/lookup-emulator/src/registers/index.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { STRICT_RESULT_CAP, type EmulatorVariant } from '../../../packages/lookup-emulator/src/variant.js';
import { enumerateForeignAgents } from '../../../src/mirror/enumerate.js';
import { RegistryClient } from '../../../src/upstream/client/index.js';

/**
 * The mirror of each emulator variant, enumerated over HTTP through the registry client, holds exactly
 * the emulator's foreign-agent register: every generated and planted record, whatever the variant's cap
 * (100, or 20 for the strict one) and however it writes its records.
 */
const register = generateRegisters(42).foreignAgents;
const key = (r: { data: { registration_number: string | null; name: string | null } }) =>
  `${r.data.registration_number ?? ''}|${r.data.name ?? ''}`;

describe.each<[EmulatorVariant, number]>([
  ['default', 100],
  ['strict', STRICT_RESULT_CAP],
])('the mirror of the %s emulator (cap %i)', (variant, resultCap) => {
  let emulator: EmulatorHandle;
  let registry: RegistryClient;
  beforeAll(async () => {
    emulator = await createEmulator({ keys: [DEMO_API_KEY], variant });
    registry = new RegistryClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, timeoutMs: 10_000 });
  });
  afterAll(async () => {
    await registry.close();
    await emulator.close();
  });

  it('equals the full register, planted records included', async () => {
    const result = await enumerateForeignAgents((params) => registry.searchForeignAgents(params), {
      since: '2012-11-21',
      until: '2026-11-24',
      resultCap,
      // Individuals outnumber any cap: whether undated ones hide beyond it is what the profile accepts.
      acceptUndatedGap: true,
      concurrency: 8,
    });
    if (!result.complete) throw new Error(result.reason);
    expect(result.records.map(key).sort()).toEqual(register.map(key).sort());
    const planted = ['Ковалёв Андрей Сергеевич', 'Смирнова Ольга Викторовна', 'Петров Игорь Николаевич'];
    for (const name of planted) expect(result.records.map((r) => r.data.name)).toContain(name);
    expect(emulator.stats().byRoute['/lists/search/minjust_foreign_agent 200']).toBe(result.calls);
  }, 180_000);
});
