import { describe, expect, it } from 'vitest';
import { withBankEvidence } from '../../../src/checks/bank-evidence.js';
import type { OptionalLookup } from '../../../src/checks/optional-lookup.js';
import { runOptionalCheck } from '../../../src/checks/run-optional-check.js';
import type { Looked } from '../../../src/checks/run-check.js';
import { decideForeignAgent } from '../../../src/verdict/index.js';
import { foreignAgent, organization, person } from '../matching/fixtures.js';

/** A lookup that records its calls and answers from fixed data, like the emulator would. */
function fakeLookup() {
  const calls: string[] = [];
  const looked = <T>(operation: string, params: Record<string, string>, data: T): Promise<Looked<T>> => {
    calls.push(`${operation} ${JSON.stringify(params)}`);
    return Promise.resolve({ data, record: { operation, params, status: 200 } });
  };
  const lookup: OptionalLookup = {
    validateEmail: (email, smtp) =>
      looked(
        'validation.email',
        { email, ...(smtp ? { smtp: 'true' } : {}) },
        { valid: true, disposable: email.includes('mailinator') },
      ),
    cardData: (card) =>
      looked(
        'validation.bin',
        { card },
        {
          bin: card.slice(0, 6),
          paymentSystem: 'VISA',
          bank: 'Bank of Cyprus',
          cardType: 'DEBIT',
          country: 'Кипр',
          countryCode: 'CYP',
          brand: 'VISA',
          message: 'masked',
          valid: true,
        },
      ),
    cadastralReport: (number, owner) =>
      looked('cadastral.report', { cadastral_number: number, ...(owner ? { owner_full_name: owner } : {}) }, {
        cadastral_number: number,
        summary: {
          has_encumbrances: false,
          has_active_fssp: owner ? true : null,
          sources: { nspd: 'checked', rosreestr_sprav: 'checked', fssp: owner ? 'checked' : 'skipped' },
        },
        nspd: { error: null },
        rosreestr_sprav: { error: null },
        fssp: { skipped: !owner, reason: '', count: owner ? 2 : null, error: null },
      } as const),
    bankByBik: (bik) =>
      bik === '044525225'
        ? looked(
            'dictionary.values',
            { name: 'Banks', search: bik },
            {
              bank: { bik, name: 'ПАО Сбербанк', city: 'Москва', corrAccount: '30101810400000000225' },
            },
          )
        : looked('dictionary.values', { name: 'Banks', search: bik }, {}),
  };
  return { lookup, calls };
}

describe('runOptionalCheck', () => {
  it('e-mail: the run’s smtp setting reaches the call', async () => {
    const { lookup, calls } = fakeLookup();
    const client = person('А Б', { email: 'x@mailinator.com' });
    const result = await runOptionalCheck('email', client, lookup, { smtp: true, cardRiskCountries: [] });
    expect(result).toMatchObject({ status: 'FLAG', reasons: ['EMAIL_DISPOSABLE'] });
    expect(calls).toEqual(['validation.email {"email":"x@mailinator.com","smtp":"true"}']);
  });

  it('card: the masked number is sent, the run’s risk countries decide', async () => {
    const { lookup, calls } = fakeLookup();
    const client = person('А Б', { card: '450875******1228' });
    const flagged = await runOptionalCheck('card', client, lookup, {
      smtp: false,
      cardRiskCountries: ['CYP'],
    });
    expect(flagged).toMatchObject({ status: 'FLAG', reasons: ['CARD_RISK_COUNTRY'] });
    const clear = await runOptionalCheck('card', client, lookup, { smtp: false, cardRiskCountries: [] });
    expect(clear.status).toBe('CLEAR');
    expect(calls[0]).toBe('validation.bin {"card":"450875******1228"}');
  });

  it('cadastral: the owner is sent (POST form) and active proceedings flag', async () => {
    const { lookup, calls } = fakeLookup();
    const client = person('А Б', {
      cadastralNumber: '77:01:0001057:1025',
      ownerName: 'Кравченко Максим Олегович',
    });
    const result = await runOptionalCheck('cadastral', client, lookup, {
      smtp: false,
      cardRiskCountries: [],
    });
    expect(result).toMatchObject({ status: 'FLAG', reasons: ['CADASTRAL_ACTIVE_FSSP'] });
    expect(calls[0]).toContain('"owner_full_name":"Кравченко Максим Олегович"');
  });

  it('a check with nothing to look up makes no call', async () => {
    const { lookup, calls } = fakeLookup();
    const result = await runOptionalCheck('card', person('А Б'), lookup, {
      smtp: false,
      cardRiskCountries: [],
    });
    expect(result.status).toBe('SKIPPED');
    expect(calls).toEqual([]);
  });
});

describe('withBankEvidence', () => {
  const client = organization('ООО "Северный ветер"', { inn: '7701234560' });
  const agent = foreignAgent({
    name: 'ООО «Северный Ветер»',
    inn: '7701234560',
    registration_number: 'FA-0002',
    agent_type: 'Юридическое лицо',
    bik: '044525225',
  });
  const other = foreignAgent({ name: 'ООО «Южный Ветер»', registration_number: 'FA-0100', bik: '044525999' });

  it('adds the bank of a matching candidate to the fields and its request to the evidence, not to the score', async () => {
    const { lookup, calls } = fakeLookup();
    const decided = decideForeignAgent(client, [agent, other], []);
    const result = await withBankEvidence(decided, [agent, other], lookup);
    expect(result.fields).toEqual({
      'FA-0002.bank_bik': '044525225',
      'FA-0002.bank_name': 'ПАО Сбербанк',
      'FA-0002.bank_city': 'Москва',
      'FA-0002.bank_corr_account': '30101810400000000225',
    });
    // The namesake that is not the client costs no call.
    expect(calls).toEqual(['dictionary.values {"name":"Banks","search":"044525225"}']);
    expect({ ...result, fields: undefined, requests: [] }).toEqual({
      ...decided,
      fields: undefined,
      requests: [],
    });
    expect(result.requests.map((r) => r.operation)).toEqual(['dictionary.values']);
  });

  it('a BIK the dictionary lacks is said so; no candidate, no call', async () => {
    const { lookup, calls } = fakeLookup();
    const lacking = foreignAgent({ ...agent.data, bik: '044525999' });
    const result = await withBankEvidence(decideForeignAgent(client, [lacking], []), [lacking], lookup);
    expect(result.fields).toEqual({
      'FA-0002.bank_bik': '044525999',
      'FA-0002.bank_lookup': 'not in the Banks dictionary',
    });
    const none = decideForeignAgent(person('Белоусов Андрей Петрович'), [], []);
    expect(await withBankEvidence(none, [], lookup)).toBe(none);
    expect(calls).toHaveLength(1);
  });
});
