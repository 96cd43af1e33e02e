import { describe, expect, it } from 'vitest';
import { generateRegisters } from '../../../packages/lookup-emulator/src/registers/index.js';
import { STRICT_RESULT_CAP } from '../../../packages/lookup-emulator/src/variant.js';
import { FOREIGN_AGENT_TYPES } from '../../../src/domain/records.js';
import { enumerateForeignAgents, splitTypes, type Enumeration } from '../../../src/mirror/enumerate.js';
import { mirrorDigest } from '../../../src/export/mirror-snapshot.js';
import { foreignAgent } from '../matching/fixtures.js';
import { registerSearch } from '../../helpers/fa-register-search.js';

const RANGE = { since: '2012-11-21', until: '2026-11-24' };
const full = generateRegisters(42).foreignAgents;
const ids = (records: readonly { data: { registration_number: string; name: string } }[]) =>
  records.map((r) => `${r.data.registration_number}|${r.data.name}`).sort();

function complete(result: Enumeration) {
  if (!result.complete) throw new Error(`incomplete: ${result.reason}`);
  return result;
}

describe('enumerating the foreign-agent register', () => {
  it('stops after the agent_type searches when one reaches the cap and the profile does not accept it', async () => {
    const search = registerSearch(full, 100);
    const result = await enumerateForeignAgents(search, {
      ...RANGE,
      resultCap: 100,
      acceptUndatedGap: false,
    });
    expect(result.complete).toBe(false);
    if (result.complete) return;
    expect(result.reason).toContain('agent_type «Физическое лицо» reached the result cap (100)');
    // Individuals are searched first: the gap costs one call, not an enumeration.
    expect(result.calls).toBe(1);
  });

  it.each([100, STRICT_RESULT_CAP])(
    'finds every record of the emulator, planted ones included, under a cap of %i',
    async (cap) => {
      const search = registerSearch(full, cap);
      const result = complete(
        await enumerateForeignAgents(search, { ...RANGE, resultCap: cap, acceptUndatedGap: true }),
      );
      expect(ids(result.records)).toEqual(ids(full));
      expect(result.records.map((r) => r.data.name)).toContain('Ковалёв Андрей Сергеевич');
      expect(result.undatedGaps).toContain('Физическое лицо');
      expect(result.calls).toBe(search.calls.length);
      expect(mirrorDigest(result.records)).toBe(mirrorDigest(full));
    },
  );

  it('splits a capped day by agent_type, unknown types seen on any day included, and stays complete', async () => {
    const day = '2024-03-01';
    const records = [
      ...Array.from({ length: 4 }, (_, i) =>
        foreignAgent({
          name: `Лицо ${i}`,
          added: day,
          agent_type: 'Физическое лицо',
          registration_number: `P${i}`,
        }),
      ),
      ...Array.from({ length: 3 }, (_, i) =>
        foreignAgent({ name: `СМИ ${i}`, added: day, agent_type: 'СМИ', registration_number: `M${i}` }),
      ),
      // Beyond the day's cap; its type is written on a record of a later, uncapped day.
      foreignAgent({ name: 'Другое', added: day, agent_type: 'Иной вид', registration_number: 'X1' }),
      foreignAgent({
        name: 'Другое позже',
        added: '2024-03-02',
        agent_type: 'Иной вид',
        registration_number: 'X2',
      }),
    ];
    const search = registerSearch(records, 5);
    const result = complete(
      await enumerateForeignAgents(search, {
        since: '2024-02-28',
        until: '2024-03-02',
        resultCap: 5,
        acceptUndatedGap: false,
        concurrency: 1,
      }),
    );
    expect(ids(result.records)).toEqual(ids(records));
    expect(result.splitDays).toEqual([day]);
    expect(search.calls).toContainEqual({ added: day, agent_type: 'Иной вид' });
  });

  it('is incomplete when one agent_type of a capped day still reaches the cap', async () => {
    const day = '2024-03-01';
    const records = Array.from({ length: 6 }, (_, i) =>
      foreignAgent({
        name: `Лицо ${i}`,
        added: '2024-03-01',
        agent_type: 'Физическое лицо',
        registration_number: `P${i}`,
      }),
    );
    // Records of another day keep the type search under the cap, so the day search decides.
    const search = registerSearch(records, 6);
    const result = await enumerateForeignAgents(search, {
      since: '2024-03-01',
      until: '2024-03-01',
      resultCap: 6,
      acceptUndatedGap: true,
    });
    expect(result).toMatchObject({ complete: false });
    if (!result.complete)
      expect(result.reason).toBe(`added=${day} agent_type «Физическое лицо» reached the result cap (6)`);
  });

  it('adds records without a date in the range from the agent_type searches', async () => {
    const records = [
      foreignAgent({ name: 'Без даты', added: '', agent_type: 'СМИ', registration_number: 'U1' }),
      foreignAgent({
        name: 'Старая',
        added: '2001-01-05',
        agent_type: 'Юридическое лицо',
        registration_number: 'U2',
      }),
      foreignAgent({
        name: 'В диапазоне',
        added: '2024-03-01',
        agent_type: 'СМИ',
        registration_number: 'D1',
      }),
    ];
    const search = registerSearch(records, 100);
    const result = complete(
      await enumerateForeignAgents(search, {
        since: '2024-02-25',
        until: '2024-03-05',
        resultCap: 100,
        acceptUndatedGap: false,
      }),
    );
    expect(ids(result.records)).toEqual(ids(records));
    expect(result.undated).toBe(2);
    expect(result.calls).toBe(FOREIGN_AGENT_TYPES.length + 10);
  });

  it('is incomplete, with the error code only, when a call finally fails', async () => {
    const search = registerSearch(full.slice(0, 10), 100);
    const failing = (params: Readonly<Record<string, string>>) => {
      if (params.added === '2024-03-01')
        return Promise.reject(Object.assign(new Error('Иванов: 503'), { code: 'KYC_ERR_UPSTREAM_5XX' }));
      return search(params);
    };
    const result = await enumerateForeignAgents(failing, {
      since: '2024-02-25',
      until: '2024-03-05',
      resultCap: 100,
      acceptUndatedGap: false,
    });
    expect(result).toMatchObject({
      complete: false,
      reason: 'the search of added=2024-03-01 failed (KYC_ERR_UPSTREAM_5XX)',
    });
  });

  it('splits by the known types and by any other seen in the answer, each once', () => {
    const answer = [
      foreignAgent({ agent_type: 'СМИ' }),
      foreignAgent({ agent_type: 'Новый вид' }),
      foreignAgent({}),
    ];
    expect(splitTypes(answer)).toEqual([...FOREIGN_AGENT_TYPES, 'Новый вид']);
  });
});
