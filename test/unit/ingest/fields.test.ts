import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { completeInn, completeSnils, isValidInn } from '../../../src/identifiers/index.js';
import {
  checkBik,
  checkCadastralNumber,
  checkCard,
  checkEmail,
  checkInn,
  checkRegistrationNumber,
  checkSnils,
  normalizeIdentifier,
  type FieldCheck,
} from '../../../src/ingest/fields.js';

function value<T>(check: FieldCheck<T> | undefined): T {
  if (check === undefined || !check.ok) throw new Error(`expected a value, got ${JSON.stringify(check)}`);
  return check.value;
}
function problem(check: FieldCheck<unknown> | undefined): { code: string; message: string } {
  if (check === undefined || check.ok) throw new Error(`expected a problem, got ${JSON.stringify(check)}`);
  return check;
}

describe('spreadsheet damage that loses nothing is undone', () => {
  it.each([
    ['7707083893', '7707083893'],
    [' 7707083893 ', '7707083893'],
    ['7 707 083 893', '7707083893'],
    ['7\u00a0707\u00a0083\u00a0893', '7707083893'],
    ["'0277083890", '0277083890'],
    ['="0277083890"', '0277083890'],
    ['7707083893.0', '7707083893'],
    ['7707083893,00', '7707083893'],
  ])('%j → %s', (raw, normalized) => expect(normalizeIdentifier(raw)).toBe(normalized));
});

describe('INN', () => {
  it.each(['7707083893', '7725088527', '500100732259', '773370857141'])('%s is valid', (inn) =>
    expect(value(checkInn(inn))).toBe(inn),
  );
  it('an empty cell says nothing', () => {
    expect(checkInn('')).toBeUndefined();
    expect(checkInn('  ')).toBeUndefined();
  });
  it('a wrong check digit is a checksum problem', () => {
    expect(problem(checkInn('7707083894')).code).toBe('KYC_ERR_ROW_INN_CHECKSUM');
    expect(problem(checkInn('500100732258')).code).toBe('KYC_ERR_ROW_INN_CHECKSUM');
  });
  it('other lengths and non-digits are format problems', () => {
    expect(problem(checkInn('77070838')).code).toBe('KYC_ERR_ROW_INN_FORMAT');
    expect(problem(checkInn('77070838A3')).code).toBe('KYC_ERR_ROW_INN_FORMAT');
    expect(problem(checkInn('0000000000')).message).toMatch(/placeholder/);
  });
  it('Excel scientific notation is named as such', () => {
    const p = problem(checkInn('7,70708E+11'));
    expect(p.code).toBe('KYC_ERR_ROW_INN_FORMAT');
    expect(p.message).toMatch(/scientific notation/);
  });
  it('9 or 11 digits: a stripped leading zero, with the padded value suggested when it is valid', () => {
    const org = completeInn('027708389');
    const p9 = problem(checkInn(org.slice(1)));
    expect(p9.code).toBe('KYC_ERR_ROW_INN_LEADING_ZERO');
    expect(p9.message).toMatch(/leading zero/);
    expect(p9.message).toContain(`${org} would be valid`);
    const person = completeInn('0277083890');
    const p11 = problem(checkInn(person.slice(1)));
    expect(p11.code).toBe('KYC_ERR_ROW_INN_LEADING_ZERO');
    expect(p11.message).toContain(`${person} would be valid`);
    expect(problem(checkInn('123456789')).message).toMatch(/does not pass the checksum either/);
  });
  it('agrees with the checksum functions on valid INNs and on every one-digit change of them', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.nat(11),
        fc.integer({ min: 1, max: 9 }),
        (org, n, pos, delta) => {
          const inn = completeInn(String(n).padStart(org ? 9 : 10, '0'));
          expect(value(checkInn(inn))).toBe(inn);
          const i = pos % inn.length;
          const changed = inn.slice(0, i) + String((Number(inn[i]) + delta) % 10) + inn.slice(i + 1);
          expect(checkInn(changed)?.ok).toBe(isValidInn(changed) && !/^0+$/.test(changed));
        },
      ),
    );
  });
});

describe('OGRN and OGRNIP', () => {
  it('13 digits is an OGRN, 15 an OGRNIP, in either column', () => {
    expect(value(checkRegistrationNumber('1027700132195', 'ogrn'))).toEqual({
      kind: 'ogrn',
      value: '1027700132195',
    });
    expect(value(checkRegistrationNumber('307760324100018', 'ogrn'))).toEqual({
      kind: 'ogrnip',
      value: '307760324100018',
    });
    expect(value(checkRegistrationNumber('307760324100018', 'ogrnip')).kind).toBe('ogrnip');
    expect(value(checkRegistrationNumber('1027700132195', 'ogrnip')).kind).toBe('ogrn');
  });
  it('checksums', () => {
    expect(problem(checkRegistrationNumber('1027700132196', 'ogrn')).code).toBe('KYC_ERR_ROW_OGRN_CHECKSUM');
    expect(problem(checkRegistrationNumber('307760324100019', 'ogrnip')).code).toBe(
      'KYC_ERR_ROW_OGRNIP_CHECKSUM',
    );
  });
  it('format problems carry the column’s own code', () => {
    expect(problem(checkRegistrationNumber('102770013219', 'ogrn')).code).toBe('KYC_ERR_ROW_OGRN_FORMAT');
    expect(problem(checkRegistrationNumber('30776032410001', 'ogrnip')).code).toBe(
      'KYC_ERR_ROW_OGRNIP_FORMAT',
    );
    expect(problem(checkRegistrationNumber('ОГРН 1', 'ogrn')).code).toBe('KYC_ERR_ROW_OGRN_FORMAT');
  });
  it('empty says nothing', () => expect(checkRegistrationNumber('', 'ogrn')).toBeUndefined());
});

describe('SNILS', () => {
  it.each([
    ['11223344595', '11223344595'],
    ['112-233-445 95', '11223344595'],
    ['112-233-445-95', '11223344595'],
    ['112 233 445 95', '11223344595'],
    ['112\u00a0233\u00a0445\u00a095', '11223344595'],
    ['087-654-303 00', '08765430300'],
    [' 08765430300 ', '08765430300'],
  ])('%j is valid', (raw, snils) => expect(value(checkSnils(raw))).toBe(snils));

  it('numbers up to 001-001-998 have no check number and are accepted', () => {
    expect(value(checkSnils('001-001-998 00'))).toBe('00100199800');
    expect(value(checkSnils('001-001-997 42'))).toBe('00100199742');
    expect(checkSnils('001-001-999 00')?.ok).toBe(false);
  });
  it('all zeros is a placeholder', () => {
    expect(problem(checkSnils('000-000-000 00')).code).toBe('KYC_ERR_ROW_SNILS_FORMAT');
  });
  it('wrong check number', () => {
    expect(problem(checkSnils('112-233-445 96')).code).toBe('KYC_ERR_ROW_SNILS_CHECKSUM');
    expect(problem(checkSnils('11223344596')).code).toBe('KYC_ERR_ROW_SNILS_CHECKSUM');
  });
  it('9 or 10 digits: leading zeros stripped by Excel, with the padded value suggested', () => {
    const p = problem(checkSnils('8765430300'));
    expect(p.code).toBe('KYC_ERR_ROW_SNILS_LEADING_ZERO');
    expect(p.message).toContain('08765430300 would be valid');
  });
  it('other shapes are format problems', () => {
    expect(problem(checkSnils('123-45-6789')).code).toBe('KYC_ERR_ROW_SNILS_FORMAT');
    expect(problem(checkSnils('СНИЛС нет')).code).toBe('KYC_ERR_ROW_SNILS_FORMAT');
  });
  it('generated valid numbers pass in both written forms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_001_999, max: 999_999_999 }), (n) => {
        const snils = completeSnils(String(n).padStart(9, '0'));
        const dashed = `${snils.slice(0, 3)}-${snils.slice(3, 6)}-${snils.slice(6, 9)} ${snils.slice(9)}`;
        expect(value(checkSnils(snils))).toBe(snils);
        expect(value(checkSnils(dashed))).toBe(snils);
      }),
    );
  });
});

describe('BIK', () => {
  it('nine digits, no check digit', () => {
    expect(value(checkBik('044525225'))).toBe('044525225');
    expect(value(checkBik('144525225'))).toBe('144525225');
  });
  it('eight digits: the leading zero went missing', () => {
    expect(problem(checkBik('44525225'))).toMatchObject({ code: 'KYC_ERR_ROW_BIK_FORMAT' });
    expect(problem(checkBik('44525225')).message).toMatch(/leading zero/);
    expect(problem(checkBik('БИК')).code).toBe('KYC_ERR_ROW_BIK_FORMAT');
  });
});

describe('e-mail, card, cadastral number', () => {
  it('e-mail is checked loosely', () => {
    expect(value(checkEmail(' ivanov@example.ru '))).toBe('ivanov@example.ru');
    expect(value(checkEmail('почта@пример.рф'))).toBe('почта@пример.рф');
    for (const bad of ['client@@example.ru', 'client', 'client@example', 'a b@example.ru', '@example.ru']) {
      expect(problem(checkEmail(bad)).code).toBe('KYC_ERR_ROW_EMAIL_FORMAT');
    }
  });
  it('card numbers: Luhn, 12–19 digits, separators allowed, masks refused', () => {
    expect(value(checkCard('4111 1111 1111 1111'))).toBe('4111111111111111');
    expect(value(checkCard('2200-0000-0000-0004'))).toBe('2200000000000004');
    expect(value(checkCard('378282246310005'))).toBe('378282246310005');
    expect(problem(checkCard('4111111111111112')).message).toMatch(/Luhn/);
    expect(problem(checkCard('4111 11** **** 1111')).message).toMatch(/masked/);
    expect(problem(checkCard('41111')).code).toBe('KYC_ERR_ROW_CARD_FORMAT');
  });
  it('cadastral numbers', () => {
    expect(value(checkCadastralNumber('77:01:0001001:1234'))).toBe('77:01:0001001:1234');
    expect(value(checkCadastralNumber('50:21:130101:55'))).toBe('50:21:130101:55');
    expect(value(checkCadastralNumber(' 77:01:0001001:1 '))).toBe('77:01:0001001:1');
    for (const bad of ['77:01:ABC', '77-01-0001001-1', '7:01:0001001:1', '77:01:00010:1']) {
      expect(problem(checkCadastralNumber(bad)).code).toBe('KYC_ERR_ROW_CADASTRAL_FORMAT');
    }
  });
});
