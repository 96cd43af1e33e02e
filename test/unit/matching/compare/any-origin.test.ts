import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames, ROLE_SWAP_CAP } from '../../../../src/matching/compare/index.js';
import { scoreSanctions } from '../../../../src/matching/index.js';
import { POSSIBLE_THRESHOLD } from '../../../../src/matching/thresholds.js';
import { person, sanctions } from '../fixtures.js';

/** Without a birth date a name must score this much to reach a reviewer (docs/matching.md). */
const REVIEW_BAR = 0.9;

const score = (a: string, b: string): number => compareNames(a, b, true).score;

function screen(client: string, entry: string, birth?: string) {
  return scoreSanctions(
    person(client, birth === undefined ? {} : { birthDate: birth }),
    sanctions({ name: entry, birth_date: birth ?? null }),
  );
}

describe('names of any origin: what agrees', () => {
  it.each([
    ['Annamaria Rossi', 'Anna Maria Rossi'],
    ['Jeanbaptiste Durand', 'Jean-Baptiste Durand'],
    ['Ivan Alek Sandro Vich Petrov', 'Ivan Aleksandrovich Petrov'],
  ])('words that join or split: %s / %s', (a, b) => {
    expect(score(a, b)).toBeGreaterThanOrEqual(REVIEW_BAR);
  });

  it.each([
    ['Hendrik Vermeulem', 'Hendrik Vermeulen'],
    ['Jan Backer', 'Jan Bakker'],
    ['Olga Smids', 'Olga Smits'],
    ['Greta Lindholn', 'Greta Lindholm'],
  ])('a slip in one word reaches a reviewer without a birth date: %s / %s', (a, b) => {
    expect(score(a, b)).toBeGreaterThanOrEqual(REVIEW_BAR);
    expect(score(a, b)).toBeLessThan(1);
    expect(screen(a, b).decision).toBe('POSSIBLE_MATCH');
  });

  it.each([
    ['K. Andersen', 'Karin Andersen'],
    ['KJ Andersen', 'Karl Johan Andersen'],
    ['Karl J. Andersen', 'Karl Johan Andersen'],
  ])('initials against the names they begin: %s / %s reach a reviewer', (a, b) => {
    expect(score(a, b)).toBeGreaterThanOrEqual(REVIEW_BAR);
    expect(compareNames(a, b, true).explanation).toContain('(initial)');
    expect(screen(a, b).decision).toBe('POSSIBLE_MATCH');
  });

  it('a name part a list writes twice costs nothing', () => {
    expect(score('Abdul Karim Karim Haddad', 'Abdul Karim Haddad')).toBe(1);
  });

  it('identical names of any origin are a MATCH with the birth date and never CLEAR without it', () => {
    const word = fc.stringMatching(/^[A-Z][a-z]{2,9}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 4 }), (words) => {
        const name = words.join(' ');
        expect(screen(name, name, '1980-02-29').decision).toBe('MATCH');
        expect(screen(name, name).decision).not.toBe('NO_MATCH');
      }),
      { numRuns: 50 },
    );
  });
});

describe('names of any origin: what stays apart', () => {
  it.each([
    ['Henrik Lindqvist', 'Henrik Bergstrom'],
    ['Henrik Lindqvist', 'Henrik Lindholm'],
    ['Karin Andersen', 'Karin Andreassen'],
  ])('another surname with the same given name: %s / %s', (a, b) => {
    expect(score(a, b)).toBeLessThan(REVIEW_BAR);
    expect(screen(a, b).decision).toBe('NO_MATCH');
  });

  it.each([
    ['P. Andersen', 'Karin Andersen'],
    ['K. J.', 'Karin Jensen'],
  ])('initials that disagree or stand alone: %s / %s', (a, b) => {
    expect(score(a, b)).toBeLessThan(REVIEW_BAR);
  });

  it('a son and his father swapped around bin are another person', () => {
    const swapped = compareNames('Khalid bin Faisal Haddad', 'Faisal bin Khalid Haddad', true);
    expect(swapped.rolesSwapped).toBe(true);
    expect(swapped.score).toBeLessThanOrEqual(ROLE_SWAP_CAP);
    expect(screen('Khalid bin Faisal Haddad', 'Faisal bin Khalid Haddad').decision).toBe('NO_MATCH');
    // A list that rotates the words moves no one across the particle.
    expect(score('bin Faisal Khalid', 'Khalid bin Faisal')).toBe(1);
  });

  it('one sign of a syllabic script is a whole syllable, not a slip', () => {
    expect(score('박서준', '박서윤')).toBeLessThan(REVIEW_BAR);
  });

  it('a repeated word does not hide a word in its place', () => {
    expect(score('Abdul Karim Karim', 'Abdul Karim Yusuf')).toBeLessThan(REVIEW_BAR);
  });

  it('without a corroborator a name below the bar stays below review', () => {
    expect(screen('Henrik Lindqvist', 'Henrik Lindholm').score).toBeLessThan(POSSIBLE_THRESHOLD);
  });
});
