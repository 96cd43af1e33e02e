import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completeInn,
  completeOgrn,
  completeOgrnip,
  completeSnils,
  isValidInn10,
  isValidInn12,
  isValidSnils,
} from '../../../src/identifiers/index.js';
import { identifierDigits, readInnCell } from '../../../src/identifiers/repair.js';

const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
/** Valid INNs with a non-zero first digit, so that a lost leading zero is not in play. */
const inn10 = digits(8).map((d) => completeInn('7' + d));
const inn12 = digits(9).map((d) => completeInn('5' + d));
const anyInn = fc.oneof(inn10, inn12);

/** The ways exports and people dress an INN up: each must read back as the INN itself. */
const dressings: readonly ((inn: string) => string)[] = [
  (i) => `ИНН ${i}`,
  (i) => `INN: ${i}`,
  (i) => `№ ${i}`,
  (i) => `="${i}"`,
  (i) => `'${i}`,
  (i) => `${i}.0`,
  (i) => ` ${i.slice(0, 4)} ${i.slice(4)} `,
  (i) => `${i.slice(0, 4)}-${i.slice(4)}`,
  (i) => `${i.slice(0, 2)}.${i.slice(2, 4)}.${i.slice(4)}`,
  (i) => `${i[0]},${i.slice(1)}E+${i.length - 1}`,
];

describe('readInnCell', () => {
  it('reads a dressed-up valid INN back as that INN', () => {
    fc.assert(
      fc.property(anyInn, fc.integer({ min: 0, max: dressings.length - 1 }), (inn, k) => {
        const reading = readInnCell(dressings[k]!(inn));
        expect(reading).toMatchObject({ kind: 'inn', value: inn });
      }),
    );
  });

  it('puts back one lost leading zero when that is the only valid reading, and never otherwise', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          digits(8).map((d) => completeInn('0' + d)),
          digits(9).map((d) => completeInn('0' + d)),
        ),
        (inn) => {
          const cut = inn.slice(1);
          const reading = readInnCell(cut);
          const alsoSnils = cut.length === 11 && isValidSnils(cut);
          if (alsoSnils) expect(reading).toEqual({ kind: 'none' });
          else expect(reading).toEqual({ kind: 'inn', value: inn, repair: 'leading-zero' });
        },
      ),
    );
  });

  it('a value that passes nothing gives no reading: no guess is used', () => {
    fc.assert(
      fc.property(fc.oneof(digits(9), digits(10), digits(11), digits(12)), (value) => {
        const padded = '0' + value;
        const passes =
          isValidInn10(value) ||
          isValidInn12(value) ||
          (value.length === 11 && isValidSnils(value)) ||
          ((value.length === 9 || value.length === 11) && (isValidInn10(padded) || isValidInn12(padded)));
        const reading = readInnCell(value);
        expect(reading.kind === 'none').toBe(!passes);
      }),
    );
  });

  it('splits an INN/KPP pair on any of the separators', () => {
    fc.assert(
      fc.property(inn10, digits(9), fc.constantFrom('/', '\\', ' ', ';', ' / '), (inn, kpp, sep) => {
        expect(readInnCell(`${inn}${sep}${kpp}`)).toEqual({ kind: 'inn-kpp', inn, kpp });
      }),
    );
  });

  it('recognises an OGRN, an OGRNIP and a SNILS typed into the column', () => {
    fc.assert(
      fc.property(digits(11), digits(13), digits(8), (twelve, fourteen, nine) => {
        const ogrn = completeOgrn('1' + twelve);
        expect(readInnCell(ogrn)).toEqual({ kind: 'ogrn', value: ogrn });
        const ogrnip = completeOgrnip('3' + fourteen);
        expect(readInnCell(ogrnip)).toEqual({ kind: 'ogrnip', value: ogrnip });
        const snils = completeSnils('2' + nine);
        const padded = '0' + snils;
        // A SNILS that is also a 12-digit INN without its zero is ambiguous and stays unread.
        if (!isValidInn12(padded)) expect(readInnCell(snils)).toEqual({ kind: 'snils', value: snils });
      }),
    );
  });

  it('the examples met in bank exports', () => {
    expect(readInnCell('74010182873')).toEqual({
      kind: 'inn',
      value: '074010182873',
      repair: 'leading-zero',
    });
    expect(readInnCell('ИНН 8567301011')).toMatchObject({ kind: 'inn', value: '8567301011' });
    expect(readInnCell('2530477025/253001001')).toEqual({
      kind: 'inn-kpp',
      inn: '2530477025',
      kpp: '253001001',
    });
    // Scientific notation that rounded digits away is not guessed back.
    expect(readInnCell('7,70708E+09')).toEqual({ kind: 'none' });
    expect(readInnCell('000000000000')).toEqual({ kind: 'none' });
    expect(identifierDigits('ИНН: 77 07-083.893')).toBe('7707083893');
  });
});
