import { describe, expect, it } from 'vitest';
import {
  recordHash,
  scoreBankruptcy,
  scoreForeignAgent,
  scoreSanctions,
} from '../../../../src/matching/index.js';
import { bankruptcyEntry, faPerson, foreignAgent, organization, person, sanctions } from '../fixtures.js';

describe('identifiers first', () => {
  it('an equal valid INN is a MATCH on its own, whatever the name', () => {
    const scored = scoreForeignAgent(
      organization('ООО «Старое Имя»', { inn: '7707083893' }),
      foreignAgent({ name: 'ООО «Новое Имя»', inn: '7707083893', agent_type: 'Юридическое лицо' }),
    );
    expect(scored).toMatchObject({ decision: 'MATCH', score: 1 });
    expect(scored.explanation).toContain('inn equal');
  });

  it('an equal valid OGRN decides alone', () => {
    const scored = scoreForeignAgent(
      organization('ООО «А»', { ogrn: '1027700132195' }),
      foreignAgent({ name: 'ООО «Б»', ogrn: '1027700132195' }),
    );
    expect(scored.decision).toBe('MATCH');
  });

  it('an equal valid SNILS decides alone', () => {
    const scored = scoreForeignAgent(
      person('Петров Игорь Николаевич', { snils: '11223344595' }),
      faPerson('Петров Игорь', '', { snils: '112-233-445 95' }),
    );
    expect(scored.decision).toBe('MATCH');
  });

  it('a conflicting INN is strong evidence against, however equal the name and birth date', () => {
    const scored = scoreForeignAgent(
      person('Петров Игорь Николаевич', { birthDate: '1969-07-21', inn: '500100732259' }),
      faPerson('Петров Игорь Николаевич', '1969-07-21', { inn: '773370857141' }),
    );
    expect(scored.decision).toBe('NO_MATCH');
    expect(scored.score).toBeLessThanOrEqual(0.4);
    expect(scored.explanation).toContain('inn differs');
  });

  it('one identifier equal and another conflicting goes to review', () => {
    const scored = scoreForeignAgent(
      organization('ООО «А»', { inn: '7707083893', ogrn: '1027700132195' }),
      foreignAgent({ name: 'ООО «А»', inn: '7707083893', ogrn: '1027812400868' }),
    );
    expect(scored.decision).toBe('POSSIBLE_MATCH');
    expect(scored.explanation).toContain('identifiers disagree');
  });

  it('a record identifier with a bad check digit is ignored', () => {
    const scored = scoreForeignAgent(
      person('Петров Игорь Николаевич', { birthDate: '1969-07-21', inn: '500100732259' }),
      faPerson('Петров Игорь Николаевич', '1969-07-21', { inn: '500100732250' }),
    );
    expect(scored.decision).toBe('MATCH');
    expect(scored.explanation).toContain('inn invalid on record');
  });
});

describe('birth dates in the score', () => {
  const name = 'Петров Игорь Николаевич';
  it.each([
    ['1969-07-21', 'MATCH'],
    ['1969-01-01', 'POSSIBLE_MATCH'],
    // Unreadable (month 21): no evidence either way, as if absent.
    ['1969-21-07', 'POSSIBLE_MATCH'],
    ['', 'POSSIBLE_MATCH'],
    ['1970-07-21', 'NO_MATCH'],
  ])('record %s → %s', (recordDate, decision) => {
    const scored = scoreForeignAgent(person(name, { birthDate: '1969-07-21' }), faPerson(name, recordDate));
    expect(scored.decision).toBe(decision);
  });

  it('day/month swapped is a POSSIBLE_MATCH', () => {
    const scored = scoreForeignAgent(person(name, { birthDate: '1969-05-11' }), faPerson(name, '1969-11-05'));
    expect(scored.decision).toBe('POSSIBLE_MATCH');
    expect(scored.explanation).toContain('day/month swapped');
  });
});

describe('scoreForeignAgent', () => {
  it('uses the registration number as the record id, else a content hash', () => {
    const withNumber = scoreForeignAgent(
      person('Петров Игорь'),
      faPerson('Петров Игорь', '', { registration_number: '123' }),
    );
    expect(withNumber.recordId).toBe('123');
    const without = scoreForeignAgent(person('Петров Игорь'), faPerson('Петров Игорь'));
    expect(without.recordId).toMatch(/^minjust_foreign_agent:[0-9a-f]{16}$/u);
  });

  it('reads the entity kind from agent_type', () => {
    const scored = scoreForeignAgent(
      person('Петров Игорь Николаевич', { birthDate: '1969-07-21' }),
      foreignAgent({
        name: 'Петров Игорь Николаевич',
        birth_date: '1969-07-21',
        agent_type: 'Незарегистрированное общественное объединение',
      }),
    );
    expect(scored.decision).toBe('NO_MATCH');
    expect(scored.explanation).toContain('entity differs (client person, record organization)');
  });

  it('infers the kind of a record without agent_type from its name', () => {
    const scored = scoreForeignAgent(
      person('Ромашка Игорь', { birthDate: '1969-07-21' }),
      foreignAgent({ name: 'ООО «Ромашка»' }),
    );
    expect(scored.explanation).toContain('record organization');
  });

  it('carries the sha256 of the canonical record data', () => {
    const record = faPerson('Петров Игорь');
    expect(scoreForeignAgent(person('Петров Игорь'), record).recordHash).toBe(recordHash(record.data));
  });
});

describe('scoreSanctions', () => {
  it('takes the better of name and name_local', () => {
    const client = person('Щербаков Дмитрий Юрьевич', { birthDate: '1971-02-08' });
    const scored = scoreSanctions(
      client,
      sanctions({
        name: 'SHERBAKOFF, Dmitri',
        name_local: 'Щербаков Дмитрий Юрьевич',
        birth_date: '1971-02-08',
      }),
    );
    expect(scored.decision).toBe('MATCH');
    expect(scored.explanation).toContain('name_local');
    expect(scored.recordName).toBe('SHERBAKOFF, Dmitri / Щербаков Дмитрий Юрьевич');
  });

  it('an individual entrepreneur is screened as a person', () => {
    const client = person('ИП Щербаков Дмитрий Юрьевич', {
      entityType: 'individual_entrepreneur',
      birthDate: '1971-02-08',
    });
    const scored = scoreSanctions(
      client,
      sanctions({ name: 'SHCHERBAKOV, Dmitrii Iurevich', birth_date: '1971-02-08' }),
    );
    expect(scored.decision).toBe('MATCH');
  });

  it('entity_type must agree with the client', () => {
    const client = organization('ООО «Восток-Трейд»');
    const scored = scoreSanctions(client, sanctions({ name: 'VOSTOK-TREID LLC', entity_type: 'person' }));
    expect(scored.decision).toBe('NO_MATCH');
  });

  it('uses a content hash of the identifying fields as the id', () => {
    const a = sanctions({ name: 'IVANOV, Ivan', birth_date: '1970-01-01' });
    const b = sanctions({ name: 'IVANOV, Ivan', birth_date: '1970-01-01', address: 'Moscow' });
    const client = person('Иванов Иван');
    expect(scoreSanctions(client, a).recordId).toBe(scoreSanctions(client, b).recordId);
    expect(scoreSanctions(client, a).recordHash).not.toBe(scoreSanctions(client, b).recordHash);
  });
});

describe('scoreBankruptcy', () => {
  it('INN equality first', () => {
    const scored = scoreBankruptcy(
      person('Морозов Виктор Павлович', { inn: '500100732259' }),
      bankruptcyEntry({ name: 'Морозов Виктор Павлович', inn: '500100732259' }),
    );
    expect(scored).toMatchObject({ decision: 'MATCH', recordId: '00000000-0000-4000-8000-000000000001' });
  });

  it('a person by name alone is a POSSIBLE_MATCH (the register has no birth dates)', () => {
    const scored = scoreBankruptcy(
      person('Морозов Виктор Павлович', { birthDate: '1980-04-12' }),
      bankruptcyEntry({ name: 'Морозов Виктор Павлович', inn: '500100732259' }),
    );
    expect(scored.decision).toBe('POSSIBLE_MATCH');
  });

  it('an organization by name and legal form is a MATCH', () => {
    const scored = scoreBankruptcy(
      organization('ООО СтройИнвест'),
      bankruptcyEntry({ name: 'ООО «СтройИнвест»', category: 'Юридическое лицо', inn: '5003344552' }),
    );
    expect(scored.decision).toBe('MATCH');
  });

  it('a citizen entry against an organization client is no match', () => {
    const scored = scoreBankruptcy(organization('ООО «Морозов»'), bankruptcyEntry({ name: 'Морозов' }));
    expect(scored.decision).toBe('NO_MATCH');
  });

  it('an OGRNIP identifies an individual entrepreneur', () => {
    const client = person('ИП Морозов Виктор', {
      entityType: 'individual_entrepreneur',
      ogrnip: '307760324100018',
    });
    const scored = scoreBankruptcy(
      client,
      bankruptcyEntry({
        name: 'Морозов Виктор Павлович',
        category: 'Индивидуальный предприниматель',
        ogrn: '307760324100018',
      }),
    );
    expect(scored.decision).toBe('MATCH');
  });
});

describe('a client without a name', () => {
  it('is matched by identifiers only', () => {
    const client = {
      row: 1,
      entityType: 'organization',
      entityTypeSource: 'column',
      warnings: [],
      inn: '7707083893',
    } as const;
    expect(scoreForeignAgent(client, foreignAgent({ name: 'ООО «А»', inn: '7707083893' })).decision).toBe(
      'MATCH',
    );
    const other = scoreForeignAgent(client, foreignAgent({ name: 'ООО «А»' }));
    expect(other.decision).toBe('NO_MATCH');
    expect(other.explanation).toContain('name absent on client');
  });
});
