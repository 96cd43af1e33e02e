import { describe, expect, it } from 'vitest';
import { checkForeignAgentOnMirror } from '../../../src/checks/mirror-check.js';
import type { CheckResult } from '../../../src/domain/check.js';
import type { Client } from '../../../src/domain/client.js';
import { generateRegisters } from '../../../packages/lookup-emulator/src/registers/index.js';
import { transliterate } from '../../../packages/lookup-emulator/src/transliterate.js';
import { openClientFile } from '../../../src/ingest/index.js';
import { MirrorIndex } from '../../../src/mirror/local-index.js';
import { decideForeignAgent } from '../../../src/verdict/index.js';
import { faPerson, foreignAgent, organization, person } from '../matching/fixtures.js';

/** A Banks dictionary without any bank: the evidence notes the BIK only; the decision does not use it. */
const NO_BANKS = {
  bankByBik: (bik: string) =>
    Promise.resolve({
      data: {},
      record: { operation: 'dictionary.values', params: { name: 'Banks', search: bik }, status: 200 },
    }),
};
const register = generateRegisters(42).foreignAgents;

/** Decision and the records behind it: what a reviewer sees of the check. */
function outcome(result: CheckResult) {
  return {
    status: result.status,
    flagged: result.candidates
      .filter((c) => c.decision !== 'NO_MATCH')
      .map((c) => `${c.recordId}:${c.decision}:${c.score.toFixed(3)}`)
      .sort(),
  };
}

async function sampleClients(): Promise<Client[]> {
  const file = await openClientFile('samples/clients.csv');
  const out: Client[] = [];
  for await (const item of file.rows) if ('client' in item) out.push(item.client);
  return out;
}

/** Clients written from the register's own names: as written, in Latin (ICAO), and with one letter dropped. */
function clientsFromRegister(): Client[] {
  const out: Client[] = [];
  for (const record of register.slice(0, 80)) {
    const { name, agent_type: type, birth_date: birthDate } = record.data;
    const make = (text: string) =>
      type === 'Физическое лицо' ? person(text, birthDate ? { birthDate } : {}) : organization(text);
    out.push(make(name), make(transliterate(name, 'icao')), make(name.slice(0, 2) + name.slice(3)));
  }
  return out;
}

describe('matching clients against a mirror of the register', () => {
  const index = new MirrorIndex(register);

  it('decides every client as scoring the whole register would: nothing that could flag is left out', async () => {
    const clients = [...(await sampleClients()), ...clientsFromRegister()];
    let flagged = 0;
    for (const client of clients) {
      const onMirror = await checkForeignAgentOnMirror(client, index, NO_BANKS);
      const whole = decideForeignAgent(client, register, []);
      expect(outcome(onMirror), client.name).toEqual(outcome(whole));
      if (onMirror.status !== 'CLEAR') flagged++;
    }
    // The comparison means something only if many clients do flag.
    expect(flagged).toBeGreaterThan(80);
    // Every client against every record of the register: about 65 s alone on two cores, 146 s in CI beside
    // three integration files; the time limit only stops a hang.
  }, 600_000);

  it('finds a record by an equal identifier whatever the names say', () => {
    const index = new MirrorIndex([
      foreignAgent({ name: 'Совсем Другое Имя', inn: '500100732259', agent_type: 'Физическое лицо' }),
    ]);
    const found = index.candidatesFor(person('Морозов Виктор Павлович', { inn: '500100732259' }));
    expect(found.map((r) => r.data.name)).toEqual(['Совсем Другое Имя']);
  });

  it('finds a Cyrillic record from a Latin spelling and from a one-letter slip, not an unrelated name', () => {
    const index = new MirrorIndex([faPerson('Щербаков Павел Игоревич')]);
    expect(index.candidatesFor(person('Shcherbakov Pavel'))).toHaveLength(1);
    expect(index.candidatesFor(person('Щербаков Пвел'))).toHaveLength(1);
    expect(index.candidatesFor(person('Щербакова'))).toHaveLength(1);
    expect(index.candidatesFor(person('Лебедева Анна Юрьевна'))).toHaveLength(0);
  });

  it('skips a client with neither a name nor an identifier, as the search path does', async () => {
    const client: Client = { row: 1, entityType: 'person', entityTypeSource: 'default', warnings: [] };
    const result = await checkForeignAgentOnMirror(client, index, NO_BANKS);
    expect(result).toMatchObject({ status: 'SKIPPED', reasons: ['FOREIGN_AGENT_SKIPPED_NO_NAME_OR_INN'] });
  });
});
