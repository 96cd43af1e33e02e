import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames } from '../../../../src/matching/compare/index.js';
import { wadeGilesReadings } from '../../../../src/matching/text/wade-giles.js';

describe('Wade–Giles read as Pinyin', () => {
  it.each([
    ['hsi', 'xi'],
    ['tsetung', 'zedong'],
    ['chinping', 'jinping'],
    ['chiang', 'jiang'],
    ['shih', 'shi'],
    ['tzu', 'zi'],
    ['tung', 'dong'],
  ])('%s reads %s', (word, pinyin) => {
    expect(wadeGilesReadings(word)).toContain(pinyin);
  });

  it.each(['putin', 'tan', 'mao', 'ivanov', 'smith', 'tsoi', 'kaishek'])(
    '%s is no Wade–Giles word (no spelling only Wade–Giles writes, or not all syllables)',
    (word) => {
      expect(wadeGilesReadings(word)).toEqual([]);
    },
  );

  it('never throws, never returns the word itself, and stays within its bound', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = wadeGilesReadings(s);
        expect(out).not.toContain(s);
        expect(out.length).toBeLessThanOrEqual(64);
      }),
    );
  });

  it.each([
    ['Mao Tse-tung', 'Mao Zedong'],
    ['Hsi Chin-ping', 'Xi Jinping'],
  ])('%s is %s', (a, b) => {
    expect(compareNames(a, b, true).score).toBe(1);
  });

  it('another Chinese name stays apart', () => {
    expect(compareNames('Mao Tse-tung', 'Mao Zemin', true).score).toBeLessThan(0.8);
    expect(compareNames('Hsi Chin-ping', 'Li Keqiang', true).score).toBeLessThan(0.8);
  });
});
