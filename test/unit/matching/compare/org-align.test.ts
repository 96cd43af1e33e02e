import { describe, expect, it } from 'vitest';
import { scoreSanctions } from '../../../../src/matching/index.js';
import { organization, sanctions } from '../fixtures.js';

/** The client's name screened against a listed organization of the other name. */
const screen = (client: string, listed: string) =>
  scoreSanctions(organization(client), sanctions({ name: listed, entity_type: 'organization' }));
const decision = (client: string, listed: string) => screen(client, listed).decision;

describe('legal forms of any jurisdiction, in full or abbreviated, at either end', () => {
  it.each([
    ['Kestrel Aktiengesellschaft', 'Kestrel AG'],
    ['Kestrel Sociedad Anónima de Capital Variable', 'Kestrel S.A. de C.V.'],
    ['ТОВ «Ясень Агро»', 'LLC Yasen Agro'],
  ])('%s is %s', (client, listed) => {
    expect(decision(client, listed)).toBe('MATCH');
  });

  it('two companies sharing only a legal form or common words are no match', () => {
    expect(decision('Kestrel AG', 'Falcon AG')).toBe('NO_MATCH');
    expect(decision('Nordic Trading Holding Ltd', 'Baltic Trading Holding Ltd')).toBe('NO_MATCH');
  });
});

describe('similar distinctive words', () => {
  it('a slip in each of several long words is for a reviewer', () => {
    const scored = screen('Trivandor Shiping Lines', 'Trivandar Shipping Lines');
    expect(scored.decision).toBe('POSSIBLE_MATCH');
    expect(scored.explanation).toContain('similar words');
  });

  it('more edits than a word of its length allows make another company', () => {
    expect(decision('Halvorsen Shipping', 'Halbertson Shipping')).toBe('NO_MATCH');
  });

  it('a word on one side only makes another company, a word naming the kind of body does not', () => {
    expect(decision('Kestrel Refining Trust', 'Kestrel Refining')).toBe('NO_MATCH');
    expect(decision('Kestrel Refining Company', 'Kestrel Refining')).toBe('POSSIBLE_MATCH');
  });
});

describe('acronyms', () => {
  it('an acronym in capitals or dotted initials against the words it stands for is for a reviewer', () => {
    expect(decision('ICAO', 'International Civil Aviation Organization')).toBe('POSSIBLE_MATCH');
    expect(decision('K.R.C. Mining', 'Kestrel Refining Consolidated Mining')).not.toBe('NO_MATCH');
  });

  it('other letters, or a further word, are no match', () => {
    expect(decision('ICOA', 'International Civil Aviation Organization')).toBe('NO_MATCH');
    expect(decision('ICAO Consulting', 'International Civil Aviation Organization')).toBe('NO_MATCH');
  });
});

describe('words joined or split', () => {
  it.each([
    ['Kestrelwood Partners', 'Kestrel Wood Partners'],
    ['KestrelAG', 'Kestrel AG'],
  ])('%s is %s, at least for a reviewer', (client, listed) => {
    expect(decision(client, listed)).not.toBe('NO_MATCH');
  });

  it('a joined word that is not both words is no match', () => {
    expect(decision('Kestrelwood Partners', 'Kestrel Partners')).toBe('NO_MATCH');
  });
});

describe('numbers written as words or ordinals', () => {
  it.each([
    ['Forty-Four Kestrel Holdings', '44 Kestrel Holdings'],
    ['Forty 4 Kestrel Holdings', '44 Kestrel Holdings'],
    ['Three Rivers Kestrel', '3 Rivers Kestrel'],
    ['1st Merchant Kestrel Bank', 'First Merchant Kestrel Bank'],
  ])('%s is %s', (client, listed) => {
    expect(decision(client, listed)).toBe('MATCH');
  });

  it('another number spelled out is still another number', () => {
    expect(screen('Kestrel Depot No. 12', 'Kestrel Depot No. Thirteen').explanation).toContain(
      'number differs',
    );
    expect(decision('Kestrel Depot No. 12', 'Kestrel Depot No. 13')).toBe('NO_MATCH');
  });
});

describe('series numbers', () => {
  it('two numbers of one series under an agreeing name are for a reviewer', () => {
    const scored = screen('Kestrel Capital Fund VII L.P.', 'Kestrel Capital Fund VIII L.P.');
    expect(scored.decision).toBe('POSSIBLE_MATCH');
    expect(scored.explanation).toContain('series');
    expect(decision('Polar Star 1', 'Polar Star 2')).toBe('POSSIBLE_MATCH');
  });

  it('a Roman numeral X stays a number, never a legal form', () => {
    expect(screen('Kestrel Fund X L.P.', 'Kestrel Fund XI L.P.').explanation).toContain('10 ≠ 11');
  });

  it('the first of a series may be written without its number; a later one may not', () => {
    expect(decision('Kestrel Fund I Ltd', 'Kestrel Fund Ltd')).not.toBe('NO_MATCH');
    expect(decision('Kestrel Fund II Ltd', 'Kestrel Fund Ltd')).toBe('NO_MATCH');
  });

  it('a kind and a number, or a number after a number sign, is a numbered body', () => {
    expect(decision('Depot 5', 'Depot 15')).toBe('NO_MATCH');
    expect(decision('Kestrel Depot № 5', 'Kestrel Depot № 6')).toBe('NO_MATCH');
  });
});

describe('vessels', () => {
  it.each([
    ['Polar Star', 'MV Polar Star'],
    ['M/T Polar Star', 'Polar Star'],
  ])('%s is %s for a reviewer', (client, listed) => {
    const scored = screen(client, listed);
    expect(scored.decision).toBe('POSSIBLE_MATCH');
    expect(scored.explanation).toContain('vessel prefix');
  });

  it('a prefix does not make other names agree', () => {
    expect(decision('MV Polar Star', 'MV Polar Sun')).toBe('NO_MATCH');
  });
});

describe('a country or region on one side only', () => {
  it('is a national arm of the listed company, for a reviewer', () => {
    expect(decision('Kestrel (Schweiz) AG', 'Kestrel AG')).toBe('POSSIBLE_MATCH');
    expect(decision('Kestrel Mining', 'Kestrel Mining Europe')).toBe('POSSIBLE_MATCH');
  });

  it('two countries are two national companies', () => {
    expect(decision('Kestrel Chile S.A.', 'Kestrel Peru S.A.')).toBe('NO_MATCH');
  });
});
