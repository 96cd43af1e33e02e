import { describe, expect, it } from 'vitest';
import { compareNames } from '../../../../src/matching/compare/index.js';
import { romanizeAlphabet } from '../../../../src/matching/text/alphabets.js';
import { romanizeKana } from '../../../../src/matching/text/kana.js';

describe('romanisation of the Greek, Armenian and Georgian alphabets', () => {
  it.each([
    ['Αλέξης', 'alexis'],
    ['Γεωργίου', 'georgiou'],
    ['Երևան', 'yerevan'],
    ['Ոսկանյան', 'voskanyan'],
    ['Գուրգեն', 'gurgen'],
    ['თბილისი', 'tbilisi'],
    ['შევარდნაძე', 'shevardnadze'],
  ])('%s reads %s', (word, latin) => {
    expect(romanizeAlphabet(word.toLowerCase())).toBe(latin);
  });

  it.each([
    ['Αλέξης Γεωργίου', 'Alexis Georgiou'],
    ['Գուրգեն Ոսկանյան', 'Gurgen Voskanyan'],
    ['ედუარდ შევარდნაძე', 'Eduard Shevardnadze'],
  ])('a name in its own alphabet agrees with its Latin spelling: %s / %s', (a, b) => {
    expect(compareNames(a, b, true).score).toBeGreaterThanOrEqual(0.9);
  });

  it('another name in that alphabet stays apart', () => {
    expect(compareNames('ედუარდ შევარდნაძე', 'Eduard Gamsakhurdia', true).score).toBeLessThan(0.9);
  });
});

describe('Japanese kana in Hepburn', () => {
  it.each([
    ['タナカ', ['tanaka']],
    ['シャーロット', ['sharotto', 'sharott']],
    ['きょうこ', ['kyouko', 'kyouk']],
    ['ファン', ['fan']],
  ])('%s reads %j', (word, latin) => {
    expect(romanizeKana(word)).toEqual(latin);
  });

  it.each([
    ['タナカ・ケン', 'Ken Tanaka'],
    ['すずき いちろう', 'Ichiro Suzuki'],
  ])('a name in kana agrees with its Latin spelling: %s / %s', (a, b) => {
    expect(compareNames(a, b, true).score).toBeGreaterThanOrEqual(0.9);
  });

  it('another surname in kana stays apart', () => {
    expect(compareNames('タナカ・ケン', 'Ken Takeda', true).score).toBeLessThan(0.9);
  });
});
