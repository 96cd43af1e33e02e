import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BankruptcyEntry, ForeignAgentData, ForeignAgentRecord } from '@kyc-screen/lookup-contract';
import { parseQuery } from '../../src/request.js';
import { ApiError } from '../../src/respond.js';
import { BankruptcyRegister, RESULT_CAP, foreignAgentRegister } from '../../src/routes/lists.js';
import { ExactIndex, WordIndex, intersect, union } from '../../src/search.js';
import { nameKey, words } from '../../src/text.js';

const sortedSet = fc
  .uniqueArray(fc.integer({ min: 0, max: 500 }), { maxLength: 60 })
  .map((a) => Uint32Array.from(a.sort((x, y) => x - y)));

describe('normalisation', () => {
  it('folds case and ё, ignores quotes and punctuation, deletes apostrophes', () => {
    expect(words('ООО «Восток-Трейд»')).toEqual(['ооо', 'восток', 'трейд']);
    expect(words('Ковалёв, Андрей')).toEqual(['ковалев', 'андрей']);
    expect(words("Vasil’yev O'Neil")).toEqual(['vasilyev', 'oneil']);
    expect(words('  "" «» ')).toEqual([]);
  });

  it('name keys ignore word order and legal forms', () => {
    expect(nameKey('Смирнова Ольга Викторовна')).toBe(nameKey('Ольга Викторовна СМИРНОВА'));
    expect(nameKey('ООО «Вектор»')).toBe(nameKey('Общество с ограниченной ответственностью "Вектор"'));
  });
});

describe('posting lists', () => {
  it('intersect and union agree with set algebra', () => {
    fc.assert(
      fc.property(sortedSet, sortedSet, (a, b) => {
        const sa = new Set(a);
        const sb = new Set(b);
        expect([...intersect(a, b)]).toEqual([...a].filter((x) => sb.has(x)));
        expect([...union(a, b)]).toEqual([...new Set([...a, ...b])].sort((x, y) => x - y));
        expect([...intersect(a, b)].every((x) => sa.has(x))).toBe(true);
      }),
    );
  });

  it('word index: every query word must be a word of the field, in any order', () => {
    const index = new WordIndex([
      'Иванов Иван Иванович',
      'Петрова Анна Сергеевна',
      'Иванова Анна Петровна',
      '',
    ]);
    expect([...index.match('иван иванов')]).toEqual([0]);
    expect([...index.match('Анна')]).toEqual([1, 2]);
    expect([...index.match('Анна Иванова')]).toEqual([2]);
    expect([...index.match('Иван')]).toEqual([0]); // whole words only: no prefix match on Иванова
    expect([...index.match('Анна Сидорова')]).toEqual([]);
    expect([...index.match('«»')]).toEqual([]);
  });

  it('exact index: equality after trimming, empty values never match', () => {
    const index = new ExactIndex(['7701234560', '', null, '7701234560']);
    expect([...index.match(' 7701234560 ')]).toEqual([0, 3]);
    expect([...index.match('770123456')]).toEqual([]);
    expect([...index.match('')]).toEqual([]);
  });
});

const EMPTY: ForeignAgentData = {
  bik: '',
  inn: '',
  name: '',
  ogrn: '',
  added: '',
  snils: '',
  address: '',
  bank_name: '',
  agent_type: '',
  birth_date: '',
  violated_act: '',
  source_domen_names: '',
  registration_number: '',
  date_of_bank_agreement: '',
  participants_full_name: '',
  special_account_number: '',
  decision_publication_date: '',
  special_account_open_date: '',
  correspondent_account_number: '',
};

function agent(data: Partial<ForeignAgentData>): ForeignAgentRecord {
  return {
    source: 'minjust_foreign_agent',
    data: { ...EMPTY, ...data },
    added_at: '2024-01-05T09:00:00.000Z',
    updated_at: '2024-01-05T09:00:00.000Z',
  };
}

/** Names of the records a search returns (foreign agents nest them in `data`, bankruptcy entries do not). */
const search = (register: { search(q: ReturnType<typeof parseQuery>): string }, qs: string) =>
  (JSON.parse(register.search(parseQuery(qs))) as ({ data: { name: string } } | { name: string })[]).map(
    (r) => ('data' in r ? r.data.name : r.name),
  );

describe('foreign-agent search semantics', () => {
  const register = foreignAgentRegister([
    agent({
      name: 'Ковалёв Андрей Сергеевич',
      birth_date: '1975-03-14',
      agent_type: 'Физическое лицо',
      snils: '11223344595',
    }),
    agent({ name: 'Ковалёва Анна Андреевна', birth_date: '1980-01-01', agent_type: 'Физическое лицо' }),
    agent({
      name: 'ООО «Северный Ветер»',
      inn: '7701234560',
      agent_type: 'Юридическое лицо',
      source_domen_names: 'veter.example;t.me/veter',
    }),
  ]);

  it('name: words in any order, ё ≡ е, case-insensitive', () => {
    expect(search(register, `name=${encodeURIComponent('андрей КОВАЛЕВ')}`)).toEqual([
      'Ковалёв Андрей Сергеевич',
    ]);
    expect(search(register, `name=${encodeURIComponent('"Северный ветер"')}`)).toEqual([
      'ООО «Северный Ветер»',
    ]);
  });

  it('several parameters are ANDed; identifiers, dates and types are exact', () => {
    expect(search(register, 'name=%D0%90%D0%BD%D0%BD%D0%B0&birth_date=1980-01-01')).toEqual([
      'Ковалёва Анна Андреевна',
    ]);
    expect(search(register, 'name=%D0%90%D0%BD%D0%BD%D0%B0&birth_date=1975-03-14')).toEqual([]);
    expect(search(register, 'inn=7701234560')).toEqual(['ООО «Северный Ветер»']);
    expect(search(register, 'inn=770123456')).toEqual([]);
    expect(search(register, `agent_type=${encodeURIComponent('Юридическое лицо')}`)).toEqual([
      'ООО «Северный Ветер»',
    ]);
    expect(search(register, 'snils=112-233-445%2095')).toEqual(['Ковалёв Андрей Сергеевич']);
    expect(search(register, 'source_domen_names=t.me%2Fveter')).toEqual(['ООО «Северный Ветер»']);
  });

  it('no parameter, only blank or unknown ones, or a malformed date → 400', () => {
    for (const qs of ['', 'name=', 'name=%20%20', 'unknown=1', 'birth_date=14.03.1975', 'added=2024-02-30']) {
      expect(() => register.search(parseQuery(qs)), qs).toThrow(ApiError);
    }
  });

  it(`caps results at ${RESULT_CAP}`, () => {
    const many = foreignAgentRegister(
      Array.from({ length: 250 }, (_, i) => agent({ name: `Иванов Иван ${i}` })),
    );
    expect(search(many, `name=${encodeURIComponent('Иванов')}`)).toHaveLength(RESULT_CAP);
  });
});

describe('bankruptcy search_string', () => {
  const entry = (name: string, inn: string, ogrn: string, number: string): BankruptcyEntry => ({
    category: 'Юридическое лицо',
    region: 'Москва',
    address: '',
    guid: inn,
    name,
    ogrn,
    inn,
    statusUpdateDate: '2025-01-01T00:00:00',
    status: 'Наблюдение',
    isActive: true,
    lastLegalCase: {
      number,
      arbitrManagerFio: '',
      status: { code: 'nablyudenie', description: 'Наблюдение', date: '2025-01-01T00:00:00' },
    },
  });
  const register = new BankruptcyRegister([
    entry('ООО «СтройИнвест»', '5003344552', '1025000334457', 'А41-12345/2024'),
    entry('Морозов Виктор Павлович', '500123456750', '', 'А41-67890/2025'),
  ]);

  it('matches name words, or exactly the INN, OGRN or case number', () => {
    expect(search(register, `search_string=${encodeURIComponent('стройинвест')}`)).toEqual([
      'ООО «СтройИнвест»',
    ]);
    expect(search(register, 'search_string=500123456750')).toEqual(['Морозов Виктор Павлович']);
    expect(search(register, 'search_string=1025000334457')).toEqual(['ООО «СтройИнвест»']);
    expect(search(register, `search_string=${encodeURIComponent('А41-67890/2025')}`)).toEqual([
      'Морозов Виктор Павлович',
    ]);
    expect(search(register, 'search_string=50012345675')).toEqual([]);
  });

  it('requires search_string', () => {
    expect(() => register.search(parseQuery(''))).toThrow(ApiError);
    expect(() => register.search(parseQuery('search_string=%20'))).toThrow(ApiError);
  });
});

describe('query string', () => {
  it('decodes + and percent escapes; the first occurrence wins; bad escapes → 400', () => {
    const q = parseQuery('name=%D0%98%D0%B2%D0%B0%D0%BD+%D0%9F&name=x&flag');
    expect(q.get('name')).toBe('Иван П');
    expect(q.get('flag')).toBe('');
    expect(() => parseQuery('name=%E0%A4%A')).toThrow(ApiError);
  });
});
