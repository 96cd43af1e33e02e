import { describe, expect, it } from 'vitest';
import { compareOrgNames, parseOrgName, scoreSanctions } from '../../../../src/matching/index.js';
import { organization, sanctions } from '../fixtures.js';

const compare = (a: string, b: string) => compareOrgNames(parseOrgName(a), parseOrgName(b));
const screen = (client: string, listed: string) =>
  scoreSanctions(organization(client), sanctions({ name: listed, entity_type: 'organization' }));

describe('legal forms of other jurisdictions', () => {
  it.each([
    ['Siemens Aktiengesellschaft', 'Siemens AG'],
    ['Volkswagen Gesellschaft mit beschränkter Haftung', 'Volkswagen GmbH'],
    ['Oboronnye Initsiativy o.O.O.', 'OOO Oboronnye Initsiativy'],
    ['HSBC Holdings p.l.c.', 'HSBC Holdings plc'],
    ['Bowne Global Solutions, L.L.C.', 'Bowne Global Solutions LLC'],
    ['ТОВ «Кедр-Інвест»', 'ООО «Кедр-Инвест»'],
    ['ТОО «Кедр Инвест»', 'KEDR INVEST LLC'],
    ['ЖШС «Кедр Инвест»', 'ООО «Кедр Инвест»'],
    ['Lloyds Banking Group Public Limited Company', 'Lloyds Banking Group plc'],
  ])('%s is %s', (client, listed) => {
    expect(screen(client, listed).decision).toBe('MATCH');
  });

  it('a form of another family is still a different legal entity (review)', () => {
    expect(screen('ТОВ «Кедр Инвест»', 'АО «Кедр Инвест»').decision).toBe('POSSIBLE_MATCH');
  });

  it('a short form inside a name is a word of the name', () => {
    expect(parseOrgName('ООО «Се Лаб»').words.map((w) => w.text)).toEqual(['се', 'лаб']);
  });
});

describe('abbreviations and common words', () => {
  it('НПП is Научно-производственное предприятие', () => {
    expect(screen('НПП «Кедр»', 'Научно-производственное предприятие «Кедр»').decision).toBe('MATCH');
  });

  it('Corp. is Corporation and Co. is Company', () => {
    expect(screen('Microsoft Corporation', 'Microsoft Corp.').decision).toBe('MATCH');
    expect(screen('ABC Co.', 'A.B.C. Company').decision).toBe('MATCH');
  });

  it('a translated common word sends the name to review', () => {
    const result = compare('ООО «Группа Кедр»', 'Kedr Group LLC');
    expect(result.agreement).toBe('translated');
    expect(screen('ООО «Группа Кедр»', 'Kedr Group LLC').decision).toBe('POSSIBLE_MATCH');
    expect(screen('ООО «Кедр Банк»', 'KEDR BANK LLC').decision).toBe('MATCH');
  });

  it('a Roman numeral is a number: fund II is not fund I', () => {
    expect(
      compare('Bowne Global Solutions, Inc.', 'Bowne Global Solutions II, Inc.').score,
    ).toBeLessThanOrEqual(0.5);
  });
});

describe('branches and representative offices', () => {
  it.each([
    ['Филиал ООО «Кедр-Инвест» в г. Казани', 'ООО «Кедр-Инвест»'],
    ['Представительство АО «Кедр» в Республике Казахстан', 'АО «Кедр»'],
    ['Обособленное подразделение ООО «Кедр» по Самарской области', 'KEDR LLC'],
    ['Branch of Kedr LLC in Kazan', 'ООО «Кедр»'],
  ])('%s against a listed %s is for review, and says so', (client, listed) => {
    const scored = screen(client, listed);
    expect(scored.decision).toBe('POSSIBLE_MATCH');
    expect(scored.explanation).toContain('client is a branch of the listed organization');
  });

  it('a branch of another company is not raised', () => {
    expect(screen('Филиал ООО «Кедр-Инвест» в г. Казани', 'ООО «Кедр-Трейд»').decision).toBe('NO_MATCH');
  });
});

describe('a slip in a name of six letters or more', () => {
  it('is for review', () => {
    expect(screen('Wallmart Inc.', 'Walmart Inc.').decision).toBe('POSSIBLE_MATCH');
    expect(screen('ООО «Альтаир»', 'ООО «Альтаиры»').decision).toBe('POSSIBLE_MATCH');
  });

  it('a shorter name with another letter is another company', () => {
    expect(screen('ООО "БАЙ"', 'ООО"БАЗО"').decision).toBe('NO_MATCH');
    expect(screen('ООО «Кедр»', 'ООО «Кедры»').decision).toBe('NO_MATCH');
  });
});
