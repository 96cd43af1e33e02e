import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  completeInn,
  completeLuhn,
  completeOgrn,
  completeOgrnip,
  completeSnils,
  isValidBik,
  isValidCorrespondentAccount,
  isValidInn,
  isValidLuhn,
  isValidOgrn,
  isValidOgrnip,
  isValidSnils,
  withAccountKey,
} from '../../src/identifiers/index.js';

const digits = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });

/** Every single-digit change of `value` (at any position, to any other digit). */
function mutations(value: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i++) {
    for (let d = 0; d <= 9; d++) {
      if (String(d) !== value[i]) out.push(value.slice(0, i) + String(d) + value.slice(i + 1));
    }
  }
  return out;
}

describe('worked examples of docs/domain.md', () => {
  it.each(['7707083893', '7725088527', '7736050003', '500100732259', '773370857141'])(
    'INN %s is valid',
    (v) => expect(isValidInn(v)).toBe(true),
  );
  it.each(['1027700132195', '1027812400868'])('OGRN %s is valid', (v) => expect(isValidOgrn(v)).toBe(true));
  it('OGRNIP 307760324100018 is valid', () => expect(isValidOgrnip('307760324100018')).toBe(true));
  it.each(['11223344595', '08765430300', '112-233-445 95'])('SNILS %s is valid', (v) =>
    expect(isValidSnils(v)).toBe(true),
  );
  it('BIK is format only', () => {
    expect(isValidBik('044525225')).toBe(true);
    expect(isValidBik('144525225')).toBe(true);
    expect(isValidBik('04452522')).toBe(false);
  });
  it('correspondent account keys against its BIK', () => {
    expect(isValidCorrespondentAccount('30101810400000000225', '044525225')).toBe(true);
    expect(isValidCorrespondentAccount('30101810500000000225', '044525225')).toBe(false);
  });
  it.each(['4111111111111111', '5555555555554444', '2200000000000004', '378282246310005'])(
    'card %s passes Luhn',
    (v) => expect(isValidLuhn(v)).toBe(true),
  );
});

describe('edge rules', () => {
  it('OGRNIP remainder 10..12 gives check digit 0..2 (the final mod 10)', () => {
    // Find prefixes whose remainder mod 13 is 10, 11, 12 and check the completed number.
    for (const want of [10, 11, 12]) {
      let prefix = 30776032410001n;
      while (Number(prefix % 13n) !== want) prefix++;
      const full = completeOgrnip(prefix.toString());
      expect(full.at(-1)).toBe(String(want % 10));
      expect(isValidOgrnip(full)).toBe(true);
      expect(isValidOgrnip(prefix.toString() + String(want))).toBe(false);
    }
  });
  it('SNILS sums of 100 and 101 give 00; up to 001-001-998 is unchecked', () => {
    expect(isValidSnils('00100199800')).toBe(true);
    expect(isValidSnils('00100199899')).toBe(true);
    // 9 8 7 6 5 4 3 2 1 weights; 100 → 00
    const first9 = '111111112'; // 9+8+7+6+5+4+3+2+2 = 46
    expect(completeSnils(first9)).toBe('11111111246');
  });
  it('rejects non-digits and wrong lengths', () => {
    expect(isValidInn('77070838')).toBe(false);
    expect(isValidInn('770708389a')).toBe(false);
    expect(isValidOgrn('102770013219')).toBe(false);
    expect(isValidSnils('1122334459')).toBe(false);
  });
  it('sets an account key that validates', () => {
    const acc = withAccountKey('30101810000000000999', '044525999', 'correspondent');
    expect(isValidCorrespondentAccount(acc, '044525999')).toBe(true);
  });
});

/** Independent BigInt reference of each scheme's value before the final fold into a check digit. */
const rawValue = {
  inn10: (v: string) => [2, 4, 10, 3, 5, 9, 4, 6, 8].reduce((s, w, i) => s + w * Number(v[i]), 0) % 11,
  ogrn: (v: string) => Number(BigInt(v.slice(0, 12)) % 11n),
  ogrnip: (v: string) => Number(BigInt(v.slice(0, 14)) % 13n),
  snils: (v: string) => [9, 8, 7, 6, 5, 4, 3, 2, 1].reduce((s, w, i) => s + w * Number(v[i]), 0),
};

describe('property: completed identifiers pass, a single-digit change fails', () => {
  // Schemes with no blind spot for single-digit errors: every change must fail.
  const strict: [string, fc.Arbitrary<string>, (v: string) => boolean][] = [
    ['INN 12 (two check digits)', digits(10).map(completeInn), isValidInn],
    ['card (Luhn)', digits(15).map(completeLuhn), isValidLuhn],
  ];
  it.each(strict)('%s: every single-digit change fails', (_name, arb, valid) => {
    fc.assert(
      fc.property(arb, (value) => valid(value) && mutations(value).every((m) => !valid(m))),
      { numRuns: 300 },
    );
  });

  // The official algorithms fold several remainders into one check digit (mod 11 → mod 10 gives 0 for
  // both 0 and 10; mod 13 → mod 10 folds 10–12 onto 0–2; SNILS folds sums above 101). A single-digit
  // change can land on such a twin. Such a change is accepted by every correct implementation, so the
  // property is: any accepted change is exactly a fold twin (different unfolded value), never at the
  // check digit, and rare.
  const folded: [string, fc.Arbitrary<string>, (v: string) => boolean, (v: string) => number][] = [
    ['INN 10', digits(9).map(completeInn), isValidInn, rawValue.inn10],
    ['OGRN', digits(12).map(completeOgrn), isValidOgrn, rawValue.ogrn],
    ['OGRNIP', digits(14).map(completeOgrnip), isValidOgrnip, rawValue.ogrnip],
    [
      'SNILS',
      digits(9)
        .filter((d) => Number(d) > 1_001_998)
        .map(completeSnils),
      isValidSnils,
      rawValue.snils,
    ],
  ];
  it.each(folded)(
    '%s: a change fails unless it is a fold twin of the check digit',
    (_name, arb, valid, raw) => {
      let total = 0;
      let twins = 0;
      fc.assert(
        fc.property(arb, (value) => {
          if (!valid(value)) return false;
          for (const m of mutations(value)) {
            total++;
            if (!valid(m)) continue;
            twins++;
            if (m.at(-1) !== value.at(-1)) return false; // a changed check digit must always fail
            if (raw(m) === raw(value)) return false; // same unfolded value would be a real blind spot
          }
          return true;
        }),
        { numRuns: 300 },
      );
      expect(twins / total).toBeLessThan(0.05);
    },
  );
});
