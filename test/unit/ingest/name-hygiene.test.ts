import { describe, expect, it } from 'vitest';
import { planCheck } from '../../../src/checks/plan.js';
import { clientOf, oneClient, readAll } from './helpers.js';

/**
 * Ingest applies the matcher's name hygiene to the cells that become the Client's name, so that the
 * request plans and the matcher get the clean form; the cells themselves (the output) stay as read.
 */
describe('names cleaned at ingest', () => {
  it.each([
    ['right-to-left mark', 'Кова\u200fлев Андрей Сергеевич', 'Ковалев Андрей Сергеевич'],
    ['SOH control', 'Кова\u0001лев Андрей Сергеевич', 'Ковалев Андрей Сергеевич'],
    ['combining grapheme joiner', 'Щербак\u034fов Дмитрий', 'Щербаков Дмитрий'],
    ['Latin look-alikes', 'Щepбaков Дмитрий', 'Щербаков Дмитрий'],
    ['ESC control', 'Щерба\u001bков Дмитрий', 'Щербаков Дмитрий'],
    ['Greek letters', 'Κοвалев Андрей Сергеевич', 'Ковалев Андрей Сергеевич'],
    ['a Latin letter with no Cyrillic twin', 'Коvалев Андрей Сергеевич', 'Ковалев Андрей Сергеевич'],
    ['a Cyrillic Extended-B letter the data cannot fold', 'Кꙩвалев Андрей', 'Кꙩвалев Андрей'],
  ])('%s: the Client has the clean name, the row a warning', async (_, dirty, clean) => {
    const { items } = await readAll(`full_name,inn\n"${dirty}",\n`);
    const item = items[0];
    const client = clientOf(item);
    expect(client.name).toBe(clean);
    expect(client.warnings).toEqual([
      expect.objectContaining({ code: 'KYC_ERR_ROW_NAME_OBFUSCATED', field: 'full_name' }),
    ]);
    // The warning never quotes the name.
    expect(client.warnings[0]?.message).not.toMatch(/[А-Яа-я]{3}/);
    expect(item?.cells[0]).toBe(dirty);
  });

  it('folds a person’s word written half in each script, which an organization keeps as a brand', async () => {
    const person = await oneClient('full_name,birth_date', 'Гусev Анатолий Игоревич,1970-05-05');
    expect(person.entityType).toBe('person');
    expect(person.name).toBe('Гусев Анатолий Игоревич');
    expect(person.warnings).toEqual([
      expect.objectContaining({ code: 'KYC_ERR_ROW_NAME_OBFUSCATED', field: 'full_name' }),
    ]);
    // By default (no type column, nothing to infer from) a row is a person's.
    const parts = await oneClient('Фамилия,Имя', 'Гусev,Анатолий');
    expect(parts.nameParts).toEqual({ surname: 'Гусев', given: 'Анатолий' });
    expect(parts.warnings.map((w) => [w.code, w.field])).toEqual([
      ['KYC_ERR_ROW_NAME_OBFUSCATED', 'surname'],
    ]);
    const org = await oneClient('full_name,inn', 'ООО «ЭкоLife»,7701234560');
    expect(org.entityType).toBe('organization');
    expect(org.name).toBe('ООО "ЭкоLife"');
    expect(org.warnings).toEqual([]);
    const typed = await oneClient('full_name,entity_type', 'ЭкоLife,organization');
    expect(typed.name).toBe('ЭкоLife');
    expect(typed.warnings).toEqual([]);
  });

  it('cleans the name parts and the owner name too, one warning per cell', async () => {
    const client = await oneClient(
      'Фамилия,Имя,Отчество,cadastral_number,owner_name',
      'Щер\u200fбаков,Дмит\u00adрий,Юрьевич,77:01:0001001:1234,Иван\u2060ов Иван',
    );
    expect(client.nameParts).toEqual({ surname: 'Щербаков', given: 'Дмитрий', patronymic: 'Юрьевич' });
    expect(client.name).toBe('Щербаков Дмитрий Юрьевич');
    expect(client.ownerName).toBe('Иванов Иван');
    expect(client.warnings.map((w) => [w.code, w.field])).toEqual([
      ['KYC_ERR_ROW_NAME_OBFUSCATED', 'surname'],
      ['KYC_ERR_ROW_NAME_OBFUSCATED', 'given_name'],
      ['KYC_ERR_ROW_NAME_OBFUSCATED', 'owner_name'],
    ]);
  });

  it('gives no warning for what plain exports hold: NBSP, doubled spaces, ё, typographic quotes', async () => {
    const client = await oneClient('full_name', '"ООО  «Ёлка»\u00a0плюс "');
    expect(client.name).toBe('ООО "Ёлка" плюс');
    expect(client.warnings).toEqual([]);
  });

  it('a name of nothing but invisible characters is no name', async () => {
    const { items } = await readAll('full_name,inn\n"\u200b\u200f\u0001",\n');
    expect(items[0]).toMatchObject({ invalid: { code: 'KYC_ERR_ROW_NO_NAME_OR_ID' } });
  });

  it('the request plans search for the clean surname and organization words', async () => {
    const person = await oneClient('full_name', 'Кова\u0001лев Андрей Сергеевич');
    const org = await oneClient('full_name,inn', 'ООО "Север\u200fный ветер",7701234560');
    const planned = (client: typeof person, kind: 'foreign_agent' | 'sanctions') =>
      JSON.stringify(planCheck(kind, client));
    expect(planned(person, 'foreign_agent')).toContain('"Ковалев"');
    expect(planned(person, 'sanctions')).toContain('"Ковалев"');
    expect(planned(org, 'foreign_agent')).toContain('Северный ветер');
    expect(planned(org, 'foreign_agent')).not.toContain('\u200f');
  });
});

describe('control bytes anywhere in the file', () => {
  it('a NUL after the binary sniff window never reaches a name, an e-mail or an identifier', async () => {
    // 100 KiB of ordinary rows first: the sniff (first 64 KiB) sees no NUL and accepts the file.
    const filler = Array.from({ length: 1000 }, (_, i) => `Клиент Номер${i},,,${'x'.repeat(60)}`).join('\n');
    const late = 'Щерба\u0000ков Дмитрий,ivan\u0000@example.ru,7707\u00000838,ул. Ленина\u0000 1';
    const { items } = await readAll(`full_name,email,inn,address\n${filler}\n${late}\n`);
    const client = clientOf(items.at(-1));
    expect(client.name).toBe('Щербаков Дмитрий');
    expect(client.email).toBeUndefined();
    expect(client.inn).toBeUndefined();
    expect(client.address).toBe('ул. Ленина 1');
    expect(client.warnings.map((w) => w.code)).toEqual([
      'KYC_ERR_ROW_NAME_OBFUSCATED',
      'KYC_ERR_ROW_INN_FORMAT',
      'KYC_ERR_ROW_EMAIL_FORMAT',
    ]);
    expect(items.at(-1)?.cells[0]).toBe('Щерба\u0000ков Дмитрий');
  });
});
