import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPTIONAL_SETTINGS,
  planOptionalCheck,
  prepareOptionalChecks,
} from '../../../src/checks/optional-plan.js';
import type { Client } from '../../../src/domain/client.js';
import { clientForJobs } from '../../../src/run/job-data.js';
import { person } from '../matching/fixtures.js';

const FULL = '2202200012345672';
const FAILING = '2202200098765430';
const settings = DEFAULT_OPTIONAL_SETTINGS;

describe('planOptionalCheck', () => {
  it('e-mail: one validation call, with smtp when the run asks for it', () => {
    const client = person('Белоусов Андрей Петрович', { email: 'a@mail.ru' });
    expect(planOptionalCheck('email', client, settings)).toEqual({
      kind: 'email',
      request: { operation: 'validation.email', email: 'a@mail.ru', smtp: false },
    });
    expect(planOptionalCheck('email', client, { ...settings, smtp: true })).toMatchObject({
      request: { smtp: true },
    });
  });

  it('e-mail: skipped without an address, flagged when the reader refused the cell', () => {
    expect(planOptionalCheck('email', person('А Б'), settings)).toMatchObject({
      decided: { status: 'SKIPPED', reasons: ['EMAIL_SKIPPED_NO_EMAIL'] },
    });
    const refused = person('А Б', {
      warnings: [{ code: 'KYC_ERR_ROW_EMAIL_FORMAT', message: 'not an address', field: 'email' }],
    });
    expect(planOptionalCheck('email', refused, settings)).toMatchObject({
      decided: { status: 'FLAG', reasons: ['EMAIL_INVALID'] },
    });
  });

  it('cadastral: GET without an owner, POST form with one; malformed numbers are skipped', () => {
    const number = '77:01:0001057:1024';
    expect(planOptionalCheck('cadastral', person('А Б', { cadastralNumber: number }), settings)).toEqual({
      kind: 'cadastral',
      request: { operation: 'cadastral.report', cadastralNumber: number },
    });
    expect(
      planOptionalCheck(
        'cadastral',
        person('А Б', { cadastralNumber: number, ownerName: 'Кравченко Максим Олегович' }),
        settings,
      ),
    ).toMatchObject({ request: { owner: 'Кравченко Максим Олегович' } });
    const malformed = person('А Б', {
      warnings: [{ code: 'KYC_ERR_ROW_CADASTRAL_FORMAT', message: 'bad', field: 'cadastral_number' }],
    });
    expect(planOptionalCheck('cadastral', malformed, settings)).toMatchObject({
      decided: { reasons: ['CADASTRAL_SKIPPED_UNREADABLE'] },
    });
    expect(planOptionalCheck('cadastral', person('А Б'), settings)).toMatchObject({
      decided: { reasons: ['CADASTRAL_SKIPPED_NO_NUMBER'] },
    });
  });
});

describe('prepareOptionalChecks (the coordinator side)', () => {
  const kinds = ['email', 'card', 'cadastral'] as const;

  it('a valid full number becomes a card job whose client holds only the masked form', () => {
    const client: Client = person('А Б', { card: FULL, email: 'a@mail.ru' });
    const prepared = prepareOptionalChecks(kinds, client, '2202 2000 1234 5672', settings);
    expect(prepared.children).toEqual(['email', 'card']);
    expect(prepared.client.card).toBe('220220******5672');
    expect(JSON.stringify(prepared)).not.toContain(FULL);
    expect(prepared.decided.map((r) => r.reasons)).toEqual([['CADASTRAL_SKIPPED_NO_NUMBER']]);
  });

  it('a full number failing Luhn is decided in memory, without a job and without the number', () => {
    const prepared = prepareOptionalChecks(['card'], person('А Б'), FAILING, settings);
    expect(prepared.children).toEqual([]);
    expect(prepared.decided).toMatchObject([{ status: 'FLAG', reasons: ['CARD_LUHN_FAILED'] }]);
    expect(JSON.stringify(prepared)).not.toContain(FAILING);
  });

  it('a masked cell is looked up by its BIN; an unreadable or empty cell is skipped', () => {
    expect(prepareOptionalChecks(['card'], person('А Б'), '2200 24** **** 7788', settings).client.card).toBe(
      '220024******7788',
    );
    expect(prepareOptionalChecks(['card'], person('А Б'), '1234', settings).decided).toMatchObject([
      { status: 'SKIPPED', reasons: ['CARD_SKIPPED_UNREADABLE'] },
    ]);
    expect(prepareOptionalChecks(['card'], person('А Б'), '', settings).decided).toMatchObject([
      { reasons: ['CARD_SKIPPED_NO_CARD'] },
    ]);
  });

  it('without the card check the full number is dropped from the job client', () => {
    const prepared = prepareOptionalChecks(['email'], person('А Б', { card: FULL }), FULL, settings);
    expect(prepared.client.card).toBeUndefined();
  });

  it('job data masks a card number whatever it is given', () => {
    expect(clientForJobs(person('А Б', { card: FULL }), ['card']).card).toBe('220220******5672');
    expect(clientForJobs(person('А Б', { card: FULL }), ['sanctions']).card).toBeUndefined();
  });
});
