import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanText, isUsableName } from '../../../src/ingest/names.js';

describe('cleanText', () => {
  it.each([
    ['Иванов Иван Иванович', 'Иванов Иван Иванович'],
    ['  Иванов   Иван\tИванович ', 'Иванов Иван Иванович'],
    ['Иванов\u00a0Иван\u202fИванович', 'Иванов Иван Иванович'],
    ['Иванов\nИван\r\nИванович', 'Иванов Иван Иванович'],
    ['Ива\u200bнов\u00ad Иван', 'Иванов Иван'],
    ['\ufeffИванов', 'Иванов'],
    ['ООО «Ромашка»', 'ООО "Ромашка"'],
    ['ООО “Ромашка”', 'ООО "Ромашка"'],
    ['ООО „Ромашка“', 'ООО "Ромашка"'],
    ['Д’Артаньян', "Д'Артаньян"],
    ['Селезнёв ЁЛКИН', 'Селезнёв ЁЛКИН'],
    ['иванов иван', 'иванов иван'],
    ['Андреи\u0306', 'Андрей'],
    ['', ''],
  ])('%j → %j', (raw, clean) => expect(cleanText(raw)).toBe(clean));

  it('is idempotent and leaves no edge, double or odd spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'аБё Z\u00a0\t\n«»“”„\u200b-."\'') }), (raw) => {
        const once = cleanText(raw);
        expect(cleanText(once)).toBe(once);
        expect(once).not.toMatch(/^\s|\s$|\s\s|[^\S ]|[«»“”„\u200b]/);
      }),
    );
  });
});

describe('isUsableName', () => {
  it.each(['Иванов Иван', 'Ли', 'ООО "Ромашка"', 'Smith John', 'Ωμέγα'])('%s is usable', (name) =>
    expect(isUsableName(name)).toBe(true),
  );
  it.each([
    '',
    '-',
    '—',
    'А',
    '123',
    'н/д',
    'Н/Д',
    'нет',
    'N/A',
    'null',
    '#N/A',
    '#Н/Д',
    '#ЗНАЧ!',
    '#REF!',
    '1 2 3',
  ])('%j is not', (name) => expect(isUsableName(name)).toBe(false));
});
