import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { neutralizeCell } from '../../src/export/csv-injection.js';

describe('CSV formula injection (OWASP)', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+7 999 000-00-00', "'+7 999 000-00-00"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tHYPERLINK', "'\tHYPERLINK"],
    ['\rx', "'\rx"],
    ['\nx', "'\nx"],
  ])('prefixes %j with a single quote', (input, expected) => expect(neutralizeCell(input)).toBe(expected));

  it.each(['-100', '-3.50', '-3,50', 'Иванов', '', '7707083893', 'a=b'])('leaves %j as it is', (input) =>
    expect(neutralizeCell(input)).toBe(input),
  );

  it('never outputs a cell that starts with a trigger unless it is a plain negative number', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = neutralizeCell(s);
        return !/^[=+\-@\t\r\n]/.test(out) || /^-\d+(?:[.,]\d+)?$/.test(out);
      }),
    );
  });
});
