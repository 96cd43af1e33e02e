import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames } from '../../../../src/matching/compare/index.js';
import { hasDevanagari, romanizeDevanagari } from '../../../../src/matching/text/devanagari.js';
import { plainFold } from '../../../../src/matching/text/index.js';

describe('Devanagari by ISO 15919 and Hunterian', () => {
  it.each([
    ['नरेन्द्र', 'narendra'],
    ['मोदी', 'modi'],
    ['गांधी', 'gandhi'],
    ['बच्चन', 'bachchan'],
    ['राम', 'ram'],
    ['क़ुरैशी', 'quraishi'],
    ['पुतिन', 'putin'],
  ])('%s reads %s', (word, latin) => {
    expect(romanizeDevanagari(word).map(plainFold)).toContain(latin);
  });

  it('reads the retroflex and the dental d alike, as Latin lists write both', () => {
    expect(romanizeDevanagari('मोडी').map(plainFold)).toContain('modi');
    expect(compareNames('नरेन्द्र मोडी', 'नरेन्द्र मोदी', true).score).toBeGreaterThanOrEqual(0.9);
  });

  it('a name in Devanagari agrees with its Latin spelling, another name does not', () => {
    expect(compareNames('नरेन्द्र मोदी', 'Narendra Modi', true).score).toBe(1);
    expect(compareNames('नरेन्द्र मोदी', 'Rahul Gandhi', true).score).toBeLessThan(0.8);
  });

  it('never throws and leaves a word without Devanagari as it is', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = romanizeDevanagari(s);
        expect(out.length).toBeGreaterThan(0);
        if (!hasDevanagari(s)) expect(out).toEqual([s.normalize('NFD')]);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{0,12}$/), (s) => {
        expect(romanizeDevanagari(s)).toEqual([s]);
      }),
    );
  });
});

describe('the Brahmic scripts are alphabets: a slip there is one letter', () => {
  it('a Thai name with one consonant changed is a slip for a reviewer (วชิราลงกรน / วชิราลงกรณ)', () => {
    const score = compareNames('วชิราลงกรน', 'วชิราลงกรณ', true).score;
    expect(score).toBeGreaterThanOrEqual(0.9);
    expect(score).toBeLessThan(1);
  });
});
