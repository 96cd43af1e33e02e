import { describe, expect, it } from 'vitest';
import {
  compareOrgNames,
  parseOrgName,
  scoreForeignAgent,
  scoreSanctions,
} from '../../../../src/matching/index.js';
import { foreignAgent, organization, sanctions } from '../fixtures.js';

const compare = (a: string, b: string) => compareOrgNames(parseOrgName(a), parseOrgName(b));

describe('quotes and legal forms are stripped before the name is compared', () => {
  it.each([
    ['ООО «Северный Ветер»', 'Общество с ограниченной ответственностью "Северный ветер"'],
    ['ООО „Северный Ветер“', 'Северный Ветер, ООО'],
    ['ООО Северный Ветер', 'LLC SEVERNYI VETER'],
    ['Восток-Трейд, ООО', 'VOSTOK-TREID LLC'],
    ['ООО «Восток Трейд»', 'ООО «ВостокТрейд»'],
    ['ООО «Восток-Трейд»', 'OBSHCHESTVO S OGRANICHENNOI OTVETSTVENNOSTIU VOSTOK-TREID'],
  ])('%s = %s', (a, b) => {
    expect(compare(a, b)).toMatchObject({ score: 1, agreement: 'equal' });
  });

  it('reduces the legal form to a type token', () => {
    expect(parseOrgName('Публичное акционерное общество «Газ»').forms.map((f) => f.code)).toEqual(['ПАО']);
    expect(parseOrgName('Joint-Stock Company Gaz').forms.map((f) => f.code)).toEqual(['АО']);
    expect(parseOrgName('ИП Иванов').forms.map((f) => f.family)).toEqual(['IE']);
  });
});

describe('legal form families', () => {
  it('ПАО ↔ PJSC and ОАО ↔ ПАО agree', () => {
    expect(compare('ПАО «Газ Трейд»', 'PJSC GAZ TREID').forms).toBe('same');
    expect(compare('ОАО «Газ Трейд»', 'ПАО «Газ Трейд»').forms).toBe('compatible');
    expect(compare('ОАО «Газ Трейд»', 'ПАО «Газ Трейд»').score).toBe(1);
  });

  it('a form written on one side only costs a little', () => {
    expect(compare('Газ Трейд', 'ООО «Газ Трейд»').score).toBeCloseTo(0.97);
  });

  it('ООО vs АО with the same name: the same name, not the same company (POSSIBLE_MATCH at most)', () => {
    const result = compare('ООО «Газ Трейд»', 'АО «Газ Трейд»');
    expect(result.forms).toBe('different');
    expect(result.score).toBe(0.86);
    const scored = scoreForeignAgent(
      organization('ООО «Газ Трейд»'),
      foreignAgent({ name: 'АО «Газ Трейд»', agent_type: 'Юридическое лицо' }),
    );
    expect(scored.decision).toBe('POSSIBLE_MATCH');
    expect(scored.explanation).toContain('legal form differs (ООО ≠ АО)');
  });
});

describe('every word is significant', () => {
  it.each([
    ['ООО «Северный Ветер»', 'ООО «Северный Ветер Плюс»'],
    ['ООО «Северный Ветер»', 'ООО «Южный Ветер»'],
    ['ООО «Северный Ветер»', 'ООО «Ветер»'],
  ])('%s ≠ %s', (a, b) => {
    const result = compare(a, b);
    expect(result.agreement).toBe('differs');
    expect(result.score).toBeLessThanOrEqual(0.5);
  });

  it('the explanation names the differing word', () => {
    expect(compare('ООО «Северный Ветер»', 'ООО «Северный Ветер Плюс»').notes[0]).toBe(
      'name differs (only on record: плюс)',
    );
  });

  it('the same words in another order are for review', () => {
    expect(compare('ООО «Ветер Северный»', 'ООО «Северный Ветер»')).toMatchObject({
      agreement: 'reordered',
      score: 0.9,
    });
  });

  it('one slip in a long name is for review, not a match', () => {
    const scored = scoreSanctions(
      organization('ООО «Транснефтехим»'),
      sanctions({ name: 'ООО «Транснефтехин»', entity_type: 'organization' }),
    );
    expect(scored.decision).toBe('POSSIBLE_MATCH');
  });
});
