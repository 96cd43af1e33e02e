import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retryAfterDate } from '../../src/error-dialects.js';
import { microsecondStamp } from '../../src/record-views.js';
import { WordIndex } from '../../src/search.js';
import { words } from '../../src/text.js';
import { parseRetryAfter } from '../../../../src/upstream/client/retry-after.js';

describe('strict variant: own-script whole-word search', () => {
  const values = [
    'TSVETKOVA Iuliia Aleksandrovna',
    'Цветкова Юлия Александровна',
    'CZVETKOVA Yuliya',
    'Иванова Анна Петровна',
    'Ivanov Ivan',
  ];
  const index = new WordIndex(values, false);
  const found = (q: string) => Array.from(index.match(q));

  it('a Cyrillic query finds only Cyrillic spellings, a Latin query only its own', () => {
    expect(found('Цветкова')).toEqual([1]);
    expect(found('tsvetkova')).toEqual([0]);
    expect(found('Ivanova')).toEqual([]);
  });

  it('finds a record exactly when every query word is one of its words (case-insensitive)', () => {
    const word = fc.constantFrom(...values.flatMap((v) => v.split(' ')), 'Tcvetkova', 'Ivan', 'Анна');
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 3 }), (parts) => {
        const query = parts.map((p, i) => (i % 2 === 0 ? p.toUpperCase() : p.toLowerCase())).join(' ');
        const expected = values
          .map((v, i) => [i, new Set(words(v))] as const)
          .filter(([, set]) => words(query).every((w) => set.has(w)))
          .map(([i]) => i);
        expect(found(query)).toEqual(expected);
      }),
    );
  });
});

describe('strict variant: wire forms', () => {
  it('Retry-After as an HTTP-date is never earlier than the wait, and at most a second later', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 1.7e12, max: 1.9e12 }), (s, now) => {
        const ms = parseRetryAfter(retryAfterDate(s, now), now) ?? -1;
        expect(ms).toBeGreaterThanOrEqual(s * 1000);
        expect(ms).toBeLessThan(s * 1000 + 1000);
      }),
    );
  });

  it('registry timestamps keep UTC and Z with six fractional digits', () => {
    expect(microsecondStamp('2024-02-09T07:36:17.908Z')).toBe('2024-02-09T07:36:17.908000Z');
    expect(Date.parse(microsecondStamp('2024-02-09T07:36:17.908Z'))).toBe(
      Date.parse('2024-02-09T07:36:17.908Z'),
    );
  });
});
