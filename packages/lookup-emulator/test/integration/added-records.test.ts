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

const SANCTIONS = '/lists/search/sanctions';
const LISTED = {
  data: {
    name: 'PODSOLNUKHOV Erofei Avtandilovich',
    name_local: 'Подсолнухов Ерофей Автандилович',
    birth_date: '1961-02-03',
    entity_type: 'person',
  },
};

const sanctionsSearch = async (params: Record<string, string>) =>
  (await call(emulator.url, SANCTIONS, { params })).json as { data: Record<string, string | null> }[];

const postSanctions = (body: string) =>
  call(emulator.url, '/__emulator/sanctions', { method: 'POST', key: null, body });

describe('a sanctions record listed or changed while the emulator runs', () => {
  it('is found by name and by birth date from then on; a record naming it again is its edit', async () => {
    expect(await sanctionsSearch({ name: 'PODSOLNUKHOV' })).toEqual([]);
    const sameDay = (await sanctionsSearch({ birth_date: LISTED.data.birth_date })).length;
    const added = await postSanctions(JSON.stringify(LISTED));
    expect(added.status).toBe(200);
    const size = (added.json as { sanctions: number }).sanctions;
    const [byName] = await sanctionsSearch({ name: 'Подсолнухов' });
    expect(byName?.data).toMatchObject({ ...LISTED.data, address: null, edrpou: null });
    expect(await sanctionsSearch({ birth_date: LISTED.data.birth_date })).toHaveLength(sameDay + 1);
    // The same entry with an address: served in place of the first, the list no longer.
    const edit = await postSanctions(JSON.stringify({ data: { ...LISTED.data, address: 'Russia, Kazan' } }));
    expect((edit.json as { sanctions: number }).sanctions).toBe(size);
    const found = await sanctionsSearch({ name: 'PODSOLNUKHOV' });
    expect(found.map((r) => r.data.address)).toEqual(['Russia, Kazan']);
  });

  it('is refused without a name or a kind, with a bad date, or with a field the list does not have', async () => {
    for (const body of [
      '{"data":{"entity_type":"person"}}',
      '{"data":{"name":"X"}}',
      '{"data":{"name":"X","entity_type":"person","birth_date":"03.02.1961"}}',
      '{"data":{"name":"X","entity_type":"person","inn":"1"}}',
      '[]',
    ])
      expect((await postSanctions(body)).status, body).toBe(400);
  });
});
