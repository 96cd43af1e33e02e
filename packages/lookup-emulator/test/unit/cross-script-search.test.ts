import { describe, expect, it } from 'vitest';
import { WordIndex } from '../../src/search.js';
import { phoneticKey } from '../../src/text.js';

describe('emulator word search across scripts', () => {
  const index = new WordIndex([
    'TSVETKOVA Iuliia Aleksandrovna', // ICAO
    'SHCHERBAKOV, Dmitry Yurievich', // BGN-like
    'Иванова Анна Петровна',
    'CZVETKOVA Yuliya', // GOST 7.79 B
    'Ivanov Ivan',
    'TCVETKOVA Iuliia', // GOST R 52535
  ]);
  const found = (q: string) => Array.from(index.match(q));

  it('finds every Latin spelling of a Cyrillic surname', () => {
    expect(found('Цветкова')).toEqual([0, 3, 5]);
    expect(found('Щербаков')).toEqual([1]);
  });

  it('keeps Cyrillic to Cyrillic exact: Иванов does not find Иванова', () => {
    expect(found('Иванов')).toEqual([4]);
    // Across scripts the key is loose (the final vowel drops): the Latin `Ivanov` comes back for review.
    expect(found('Иванова')).toEqual([2, 4]);
  });

  it('finds spellings of other systems from a Latin query, in both scripts', () => {
    expect(found('tcvetkova')).toEqual([0, 3, 5]);
    expect(found('Ivanova')).toEqual([2, 4]);
  });

  it('folds the systems variant spellings to one key', () => {
    const keys = ['Юрьевич', 'Yurievich', 'Iurevich', 'Yuryevich'].map((w) => phoneticKey(w.toLowerCase()));
    expect(new Set(keys).size).toBe(1);
    expect(phoneticKey('щербаков')).toBe(phoneticKey('shherbakov'));
    expect(phoneticKey('хаматов')).toBe(phoneticKey('xamatov'));
    expect(phoneticKey('хаматов')).toBe(phoneticKey('khamatov'));
  });

  it('still needs every query word: Юлия Цветкова finds the records with both', () => {
    expect(found('Юлия Цветкова')).toEqual([0, 3, 5]);
    expect(found('Юлия Щербаков')).toEqual([]);
  });
});
