import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ukrainianWord } from '../../../src/checks/ukrainian-forms.js';
import { ukrainianNationalLatin } from '../../../src/domain/ukrainian-latin.js';

describe('a Russian surname as a Ukrainian list writes it', () => {
  it.each([
    ['григорьев', 'y', "григор'єв", 'hryhoriev'],
    ['никитин', 'i', 'нікітін', 'nikitin'],
    ['кравченко', 'y', 'кравченко', 'kravchenko'],
    ['соловьёв', 'y', 'соловйов', 'soloviov'],
    ['ковалёв', 'y', 'ковальов', 'kovalov'],
    ['пугачёв', 'y', 'пугачов', 'puhachov'],
    ['объедков', 'y', "об'єдков", 'obiedkov'],
    ['егоров', 'y', 'єгоров', 'yehorov'],
    ['ильин', 'i', 'ільїн', 'ilin'],
    ['крылов', 'y', 'крилов', 'krylov'],
    ['эрдниев', 'i', 'ерднієв', 'erdniiev'],
    ['соколовский', 'y', 'соколовський', 'sokolovskyi'],
    ['соколовская', 'i', 'соколовська', 'sokolovska'],
    ['згуров', 'y', 'згуров', 'zghurov'],
    ['юрьев', 'y', "юр'єв", 'yuriev'],
    ['щербаков', 'y', 'щербаков', 'shcherbakov'],
    ['римская-корсакова', 'y', 'римська-корсакова', 'rymska-korsakova'],
  ] as const)('%s (и as %s) → %s, %s', (russian, reading, ukrainian, latin) => {
    expect(ukrainianWord(russian, reading)).toBe(ukrainian);
    expect(ukrainianNationalLatin(ukrainian)).toBe(latin);
  });

  it('writes the national Latin of resolution No. 55 letter by letter', () => {
    expect(ukrainianNationalLatin('юрій')).toBe('yurii');
    expect(ukrainianNationalLatin('олексій')).toBe('oleksii');
    expect(ukrainianNationalLatin('наталія')).toBe('nataliia');
    expect(ukrainianNationalLatin('євген')).toBe('yevhen');
    expect(ukrainianNationalLatin('ґалаґан')).toBe('galagan');
    expect(ukrainianNationalLatin('їжакевич')).toBe('yizhakevych');
    expect(ukrainianNationalLatin('згорани')).toBe('zghorany');
    // Not Ukrainian letters: no spelling rather than a wrong one.
    expect(ukrainianNationalLatin('крылов')).toBeUndefined();
  });
});

const RUSSIAN = [...'абвгдеёжзийклмнопрстуфхцчшщъыьэюя'];
const russianWord = fc
  .array(fc.constantFrom(...RUSSIAN), { minLength: 1, maxLength: 12 })
  .map((letters) => letters.join(''));

describe('Ukrainian forms and their Latin, any Russian word', () => {
  it('have only Ukrainian letters and a national Latin in plain ASCII letters', () => {
    fc.assert(
      fc.property(russianWord, fc.constantFrom('i', 'y'), (word, reading) => {
        const ukrainian = ukrainianWord(word, reading);
        expect(ukrainian).not.toMatch(/[ыэёъ]/);
        const latin = ukrainianNationalLatin(ukrainian);
        // Only a word of nothing but signs has no Latin (every letter of it is omitted).
        if (/[^ьъ']/.test(ukrainian)) expect(latin).toMatch(/^[a-z]+$/);
      }),
    );
  });

  it('are deterministic and differ between the readings only where the word has и', () => {
    fc.assert(
      fc.property(russianWord, (word) => {
        expect(ukrainianWord(word, 'i')).toBe(ukrainianWord(word, 'i'));
        if (!word.includes('и')) expect(ukrainianWord(word, 'i')).toBe(ukrainianWord(word, 'y'));
      }),
    );
  });
});
