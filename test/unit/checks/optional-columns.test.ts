import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildOptionalSample,
  CYPRUS_CARD,
  LUHN_FAILING_CARD,
  MIR_SBER_CARD,
} from '../../../packages/lookup-emulator/scripts/samples/optional-samples.js';
import { CORE_CHECK_KINDS } from '../../../src/domain/check.js';
import { verdictColumns, verdictRow } from '../../../src/export/verdict-row.js';
import { isValidLuhn } from '../../../src/identifiers/index.js';
import { decideCard, decideVerdict, skippedCheck } from '../../../src/verdict/index.js';

const meta = { runId: 'r1', checkedAt: '2025-10-01T00:00:00.000Z' };

describe('verdict columns of the optional checks', () => {
  it('a core run keeps its layout', () => {
    expect(verdictColumns([...CORE_CHECK_KINDS])).toEqual([
      'kyc_verdict',
      'kyc_reasons',
      'kyc_foreign_agent',
      'kyc_sanctions',
      'kyc_bankruptcy',
      'kyc_debtor',
      'kyc_matches',
      'kyc_checked_at',
      'kyc_run_id',
      'kyc_scoring_version',
      'kyc_extra_cells',
    ]);
  });

  it('each optional kind of the run adds its field columns after the status columns', () => {
    expect(verdictColumns(['sanctions', 'card'])).toEqual([
      'kyc_verdict',
      'kyc_reasons',
      'kyc_sanctions',
      'kyc_card',
      'kyc_card_payment_system',
      'kyc_card_type',
      'kyc_card_bank',
      'kyc_card_country',
      'kyc_matches',
      'kyc_checked_at',
      'kyc_run_id',
      'kyc_scoring_version',
      'kyc_extra_cells',
    ]);
  });

  it('fills the field cells from CheckResult.fields, empty when the check gave none', () => {
    const card = decideCard(
      {
        bin: '220220',
        paymentSystem: 'MIR',
        bank: 'ПАО Сбербанк',
        cardType: 'DEBIT',
        country: 'Россия',
        countryCode: 'RUS',
        brand: 'MIR',
        message: '',
        valid: true,
      },
      [],
      [],
    );
    const kinds = ['email', 'card'] as const;
    const verdict = decideVerdict(1, {
      card,
      email: skippedCheck('email', 'EMAIL_SKIPPED_NO_EMAIL', 'none'),
    });
    const row = verdictRow(['CL-1'], 1, verdict, [], kinds, meta);
    const columns = ['input', ...verdictColumns(kinds)];
    expect(row).toHaveLength(columns.length);
    const cell = (name: string) => row[columns.indexOf(name)];
    expect(cell('kyc_card_payment_system')).toBe('MIR');
    expect(cell('kyc_card_country')).toBe('RUS');
    expect(cell('kyc_email_valid')).toBe('');
  });
});

describe('samples/clients-optional.csv', () => {
  it('is what the generator writes, byte for byte', () => {
    expect(buildOptionalSample().csv).toBe(readFileSync('samples/clients-optional.csv', 'utf8'));
  });

  it('plants valid and failing card numbers as the README says', () => {
    expect(isValidLuhn(MIR_SBER_CARD)).toBe(true);
    expect(isValidLuhn(CYPRUS_CARD)).toBe(true);
    expect(isValidLuhn(LUHN_FAILING_CARD)).toBe(false);
  });
});
