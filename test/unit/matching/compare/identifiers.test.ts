import { describe, expect, it } from 'vitest';
import { compareIdentifiers, recordIdentifier } from '../../../../src/matching/index.js';

describe('compareIdentifiers', () => {
  it('an equal valid INN is equal', () => {
    expect(compareIdentifiers({ inn: '7707083893' }, { inn: '7707083893' })).toMatchObject({
      equal: ['inn'],
      conflicting: [],
      notes: ['inn equal'],
    });
  });

  it('two valid INNs that differ conflict', () => {
    expect(compareIdentifiers({ inn: '7707083893' }, { inn: '7725088527' }).conflicting).toEqual(['inn']);
  });

  it('a record INN with a wrong check digit proves nothing', () => {
    expect(compareIdentifiers({ inn: '7707083893' }, { inn: '7707083894' })).toMatchObject({
      equal: [],
      conflicting: [],
      notes: ['inn invalid on record'],
    });
  });

  it('OGRNIP is compared as the registration number', () => {
    expect(compareIdentifiers({ ogrn: '307760324100018' }, { ogrn: '307760324100018' }).equal).toEqual([
      'ogrn',
    ]);
    expect(compareIdentifiers({ ogrn: '1027700132195' }, { ogrn: '307760324100018' }).conflicting).toEqual([
      'ogrn',
    ]);
  });

  it('SNILS in its written form is read', () => {
    const record = { snils: recordIdentifier('snils', '112-233-445 95') };
    expect(compareIdentifiers({ snils: '11223344595' }, record).equal).toEqual(['snils']);
  });

  it('says nothing of identifiers the client lacks', () => {
    expect(compareIdentifiers({}, { inn: '7707083893' }).notes).toEqual([]);
    expect(compareIdentifiers({ inn: '7707083893' }, {}).notes).toEqual(['inn absent on record']);
  });
});
