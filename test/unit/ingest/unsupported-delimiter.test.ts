import { describe, expect, it } from 'vitest';
import { expectKycError, readAll } from './helpers.js';

describe('messages that name the flag that fixes the file', () => {
  it('a file delimited by ":" is an unsupported delimiter with the flag to give, not a missing name column', async () => {
    const text = 'ФИО:ИНН:Дата рождения\nИванов Иван Иванович:500100732259:1975-03-14\n';
    const error = await expectKycError(readAll(text), 'KYC_ERR_INPUT_DELIMITER');
    expect(error.message).toContain("--delimiter ':'");
    const { items } = await readAll(text, { delimiter: ':' });
    expect(items[0]?.cells).toEqual(['Иванов Иван Иванович', '500100732259', '1975-03-14']);
  });

  it('a one-column file of names stays a one-column file', async () => {
    const { items } = await readAll('ФИО\nИванов Иван: старший\n');
    expect(items[0]?.cells).toEqual(['Иванов Иван: старший']);
  });

  it('UTF-16 without a byte order mark names the --encoding flag', async () => {
    const bytes = Buffer.from('ФИО;ИНН\r\nИванов Иван;500100732259\r\n', 'utf16le');
    const error = await expectKycError(readAll(bytes), 'KYC_ERR_INPUT_ENCODING');
    expect(error.message).toContain('--encoding utf-16le');
  });
});
