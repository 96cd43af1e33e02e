import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  maskCardCell,
  maskCardColumn,
  maskCardNumber,
  readCardCell,
} from '../../../src/checks/card-number.js';
import { completeLuhn } from '../../../src/identifiers/index.js';
import { maskCard } from '../../../src/upstream/client/index.js';

describe('readCardCell', () => {
  it('blank cells are no card', () => {
    expect(readCardCell(undefined)).toBeUndefined();
    expect(readCardCell('  ')).toBeUndefined();
  });

  it('a full number is Luhn-checked and comes out masked only', () => {
    expect(readCardCell('4111 1111 1111 1111')).toEqual({
      form: 'full',
      masked: '411111******1111',
      luhnValid: true,
    });
    expect(readCardCell('4111-1111-1111-1112')).toEqual({
      form: 'full',
      masked: '411111******1112',
      luhnValid: false,
    });
    expect(readCardCell('="2200000000000004"')).toMatchObject({ form: 'full', luhnValid: true });
    expect(readCardCell("'378282246310005")).toMatchObject({ form: 'full', masked: '378282*****0005' });
  });

  it('a masked number keeps its BIN; other mask characters become asterisks', () => {
    expect(readCardCell('2200 24** **** 7788')).toEqual({ form: 'masked', masked: '220024******7788' });
    expect(readCardCell('220024xxxxxx7788')).toEqual({ form: 'masked', masked: '220024******7788' });
    expect(readCardCell('220024••••••7788')).toEqual({ form: 'masked', masked: '220024******7788' });
  });

  it('a source mask showing more than six and four digits is masked further', () => {
    expect(readCardCell('22002412****7788')).toEqual({ form: 'masked', masked: '220024******7788' });
  });

  it('what cannot be looked up is unreadable', () => {
    for (const cell of [
      '1234 56',
      '4111 **** **** 1111',
      '411111**********',
      'карта',
      '4111111111111111111111',
    ])
      expect(readCardCell(cell), cell).toEqual({ form: 'unreadable' });
  });
});

describe('masking', () => {
  it('maskCardNumber is the registry client’s maskCard', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12,19}$/), (digits) => {
        expect(maskCardNumber(digits)).toBe(maskCard(digits));
      }),
    );
  });

  it('a cell keeps its first six and last four digits and its separators', () => {
    expect(maskCardCell('2202 2000 1234 5672')).toBe('2202 20** **** 5672');
    expect(maskCardCell('2202200098765430')).toBe('220220******5430');
    expect(maskCardCell('4111-1111-1111-1111')).toBe('4111-11**-****-1111');
  });

  it('leaves cells without a card-length number alone, masked ones included', () => {
    for (const cell of ['', '1234 56', '2200 24** **** 7788', 'нет карты', '12345678901'])
      expect(maskCardCell(cell)).toBe(cell);
  });

  it('never lets a full Luhn-valid number through', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,18}$/), fc.constantFrom('', ' ', '-'), (body, sep) => {
        const number = completeLuhn(body);
        const cell = number.replace(/(\d{4})(?=\d)/g, `$1${sep}`);
        const masked = maskCardCell(cell);
        expect(masked.replace(/\D/g, '')).toBe(number.slice(0, 6) + number.slice(-4));
        expect(masked).not.toContain(number);
      }),
    );
  });

  it('maskCardColumn masks only the card column and returns the same array when nothing changes', () => {
    const cells = ['CL-1', '4111111111111111', '4111111111111111'];
    expect(maskCardColumn(cells, 1)).toEqual(['CL-1', '411111******1111', '4111111111111111']);
    const clean = ['CL-2', ''];
    expect(maskCardColumn(clean, 1)).toBe(clean);
    expect(maskCardColumn(cells, undefined)).toBe(cells);
  });
});
