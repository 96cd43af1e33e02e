import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type EmulatorHandle } from '../../src/server.js';
import { call } from './helpers.js';

const FA = '/lists/search/minjust_foreign_agent';
const ADDED = '2031-03-14';
const RECORD = { data: { name: 'Подсолнухов Ерофей Автандилович', inn: '772801234563', added: ADDED } };

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await createEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator.close();
});

const faSearch = async (params: Record<string, string>) =>
  (await call(emulator.url, FA, { params })).json as { data: Record<string, string> }[];

describe('a foreign-agent record listed while the emulator runs', () => {
  it('is found by name, by its day and by its INN from then on, and not counted as a request', async () => {
    expect(await faSearch({ name: 'Подсолнухов' })).toEqual([]);
    expect(await faSearch({ added: ADDED })).toEqual([]);
    const before = emulator.stats().total;
    const added = await call(emulator.url, '/__emulator/foreign-agents', {
      method: 'POST',
      key: null,
      body: JSON.stringify(RECORD),
    });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ success: true });
    const size = (added.json as { foreign_agents: number }).foreign_agents;
    expect(emulator.stats().total).toBe(before);

    const [byName] = await faSearch({ name: 'Подсолнухов Ерофей' });
    expect(byName?.data).toMatchObject(RECORD.data);
    expect(byName?.data.agent_type).toBe('');
    expect((await faSearch({ added: ADDED })).map((r) => r.data.inn)).toEqual([RECORD.data.inn]);
    expect(await faSearch({ inn: RECORD.data.inn })).toHaveLength(1);
    // The generated records are still served, and the handle lists more.
    expect(emulator.addForeignAgents([])).toBe(size);
  });

  it('is refused without a name or a day, or with a field the register does not have', async () => {
    for (const body of [
      '{"data":{"added":"2031-03-14"}}',
      '{"data":{"name":"Икс","added":"14.03.2031"}}',
      '{"data":{"name":"Икс","added":"2031-03-14","nickname":"x"}}',
      '[]',
      'not json',
    ]) {
      const answer = await call(emulator.url, '/__emulator/foreign-agents', {
        method: 'POST',
        key: null,
        body,
      });
      expect(answer.status, body).toBe(400);
    }
  });
});
