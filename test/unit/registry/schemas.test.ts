import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { describeIssues } from '../../../src/upstream/client/schema-issues.js';
import {
  bankPageEnvelopeSchema,
  bankruptcyListSchema,
  cadastralReportSchema,
  cardDataSchema,
  debtorResultSchema,
  dictionaryListSchema,
  dictionaryPageEnvelopeSchema,
  emailEnvelopeSchema,
  foreignAgentListSchema,
  sanctionsListSchema,
} from '../../../src/upstream/client/schemas.js';
import * as body from './fixtures.js';

/** The schema's verdict on `value`, as the client would report it: '' when accepted. */
function verdict(schema: z.ZodType, value: unknown): string {
  const parsed = schema.safeParse(value);
  return parsed.success ? '' : describeIssues(parsed.error.issues, value);
}

describe('2.1 dictionary list', () => {
  it('accepts name/description pairs and rejects a missing description', () => {
    expect(verdict(dictionaryListSchema, [{ name: 'Banks', description: 'Банки' }])).toBe('');
    expect(verdict(dictionaryListSchema, [{ name: 'Banks' }])).toMatch(
      /^\[0\]\.description: expected string, found missing/,
    );
  });
});

describe('2.2 dictionary values', () => {
  const page = (items: unknown[]) => ({
    success: true,
    data: { name: 'Banks', total: 1, limit: 20, offset: 0, items },
  });

  it('accepts a Banks page and checks bank items', () => {
    expect(verdict(bankPageEnvelopeSchema, page([body.bankItem()]))).toBe('');
    const bad = { ...body.bankItem(), corrAccount: 301018104 };
    expect(verdict(bankPageEnvelopeSchema, page([bad]))).toMatch(
      /data\.items\[0\]\.corrAccount: expected string, found number/,
    );
  });

  it('keeps the unpublished item shape of other dictionaries open', () => {
    expect(verdict(dictionaryPageEnvelopeSchema, page([{ code: 1, anything: ['goes'] }]))).toBe('');
    expect(verdict(dictionaryPageEnvelopeSchema, page(['not an object']))).toMatch(/data\.items\[0\]/);
  });

  it('rejects a fractional total and a 200 that says success: false', () => {
    const fractional = { success: true, data: { name: 'x', total: 1.5, limit: 20, offset: 0, items: [] } };
    expect(verdict(dictionaryPageEnvelopeSchema, fractional)).toMatch(/data\.total/);
    expect(verdict(dictionaryPageEnvelopeSchema, { ...page([]), success: false })).toMatch(
      /^success: expected one of true/,
    );
  });
});

describe('2.3 foreign agents', () => {
  it('accepts empty strings for absent values, and extra fields', () => {
    expect(verdict(foreignAgentListSchema, [{ ...body.foreignAgent(), extra: 1 }])).toBe('');
  });

  it('rejects null where the register writes an empty string, naming the field', () => {
    const record = body.foreignAgent();
    const withNull = { ...record, data: { ...record.data, inn: null } };
    expect(verdict(foreignAgentListSchema, [withNull])).toBe('[0].data.inn: expected string, found null');
  });

  it('rejects a missing field and a wrong source code', () => {
    const record = body.foreignAgent();
    const { snils: _dropped, ...data } = record.data;
    expect(verdict(foreignAgentListSchema, [{ ...record, data }])).toMatch(
      /\[0\]\.data\.snils: expected string, found missing/,
    );
    expect(verdict(foreignAgentListSchema, [{ ...record, source: 'sanctions' }])).toMatch(
      /\[0\]\.source: expected one of "minjust_foreign_agent"/,
    );
  });
});

describe('2.4 sanctions', () => {
  it('accepts null in every nullable field', () => {
    const record = body.sanctions();
    expect(verdict(sanctionsListSchema, [record])).toBe('');
    const allNull = { ...record, data: { ...record.data, birth_date: null } };
    expect(verdict(sanctionsListSchema, [allNull])).toBe('');
  });

  it('rejects null in name and an entity_type outside person|organization', () => {
    const record = body.sanctions();
    expect(verdict(sanctionsListSchema, [{ ...record, data: { ...record.data, name: null } }])).toMatch(
      /\[0\]\.data\.name: expected string, found null/,
    );
    expect(
      verdict(sanctionsListSchema, [{ ...record, data: { ...record.data, entity_type: 'vessel' } }]),
    ).toMatch(/entity_type: expected one of "person"\|"organization"/);
  });

  it('rejects an absent nullable field: absent is not null', () => {
    const record = body.sanctions();
    const { edrpou: _dropped, ...data } = record.data;
    expect(verdict(sanctionsListSchema, [{ ...record, data }])).toMatch(
      /edrpou: expected string, found missing/,
    );
  });

  it('never puts a value in the description', () => {
    const record = body.sanctions();
    const bad = { ...record, data: { ...record.data, entity_type: 'Иванов Иван' } };
    expect(verdict(sanctionsListSchema, [bad])).not.toContain('Иванов');
  });
});

describe('2.5 bankruptcy', () => {
  it('accepts an entry with lastLegalCase', () => {
    expect(verdict(bankruptcyListSchema, [body.bankruptcy()])).toBe('');
  });

  it('rejects isActive as a string and a missing lastLegalCase.status.date', () => {
    expect(verdict(bankruptcyListSchema, [{ ...body.bankruptcy(), isActive: 'true' }])).toMatch(
      /\[0\]\.isActive: expected boolean, found string/,
    );
    const entry = body.bankruptcy();
    const status = { code: 'x', description: 'y' };
    const bad = { ...entry, lastLegalCase: { ...entry.lastLegalCase, status } };
    expect(verdict(bankruptcyListSchema, [bad])).toMatch(
      /\[0\]\.lastLegalCase\.status\.date: expected string, found missing/,
    );
  });
});

describe('2.6 debtor', () => {
  it('accepts message null (regular case) and a string (no record)', () => {
    expect(verdict(debtorResultSchema, body.debtor())).toBe('');
    const none = {
      ...body.debtor(),
      snils: '',
      fio: '',
      extrajudicialBankruptcy: '',
      message: 'Сведения о должнике не найдены',
    };
    expect(verdict(debtorResultSchema, none)).toBe('');
  });

  it('rejects legalCase as null', () => {
    expect(verdict(debtorResultSchema, { ...body.debtor(), legalCase: null })).toMatch(
      /^legalCase: expected object, found null/,
    );
  });
});

describe('2.7 e-mail: either published field set', () => {
  const envelope = (data: unknown) => ({ success: true, data });

  it('accepts the sample field set', () => {
    expect(verdict(emailEnvelopeSchema, envelope(body.emailSampleSet()))).toBe('');
  });

  it('accepts the parameter-list field set', () => {
    expect(verdict(emailEnvelopeSchema, envelope(body.emailParameterSet()))).toBe('');
  });

  it('accepts both sets together', () => {
    expect(
      verdict(emailEnvelopeSchema, envelope({ ...body.emailSampleSet(), ...body.emailParameterSet() })),
    ).toBe('');
  });

  it('rejects a set present in part, naming the missing field', () => {
    const { riskScore: _dropped, ...partial } = body.emailParameterSet();
    expect(verdict(emailEnvelopeSchema, envelope(partial))).toMatch(
      /data\.riskScore: required by the parameter-list field set/,
    );
  });

  it('rejects neither set present', () => {
    expect(
      verdict(emailEnvelopeSchema, envelope({ email: 'a@b.c', valid: true, disposable: false })),
    ).toMatch(/neither the sample field set/);
  });

  it('validates the fields of whichever set is present', () => {
    const set = body.emailSampleSet();
    expect(verdict(emailEnvelopeSchema, envelope({ ...set, mx: { ...set.mx, records: 'mx1' } }))).toMatch(
      /data\.mx\.records: expected array, found string/,
    );
    expect(verdict(emailEnvelopeSchema, envelope({ ...body.emailParameterSet(), riskScore: 1.5 }))).toMatch(
      /data\.riskScore: expected at most 1/,
    );
    expect(
      verdict(emailEnvelopeSchema, envelope({ ...body.emailParameterSet(), recommendation: 'BLOCK' })),
    ).toMatch(/data\.recommendation: expected one of "ALLOW"\|"REVIEW"\|"DECLINE"/);
  });
});

describe('2.8 card', () => {
  it('accepts every listed payment system and card type', () => {
    for (const paymentSystem of ['VISA', 'MASTERCARD', 'MIR', 'MAESTRO', 'AMEX', 'UNIONPAY', 'UNKNOWN']) {
      for (const cardType of ['DEBIT', 'CREDIT', 'PREPAID', 'UNKNOWN']) {
        expect(verdict(cardDataSchema, { ...body.card(), paymentSystem, cardType })).toBe('');
      }
    }
  });

  it('rejects a payment system outside the list and valid as a string', () => {
    expect(verdict(cardDataSchema, { ...body.card(), paymentSystem: 'DISCOVER' })).toMatch(
      /^paymentSystem: expected one of/,
    );
    expect(verdict(cardDataSchema, { ...body.card(), valid: 'yes' })).toMatch(
      /^valid: expected boolean, found string/,
    );
  });
});

describe('2.9 cadastral report', () => {
  it('accepts the report of the GET form (fssp skipped)', () => {
    expect(verdict(cadastralReportSchema, body.cadastral())).toBe('');
  });

  it('accepts null verdicts and a failed source reported inside its own object', () => {
    const report = body.cadastral();
    const failed = {
      ...report,
      summary: {
        ...report.summary,
        has_encumbrances: null,
        sources: { nspd: 'error', rosreestr_sprav: 'error', fssp: 'skipped' },
      },
      nspd: { error: 'nspd: upstream timeout' },
      rosreestr_sprav: Object.fromEntries(
        Object.keys(report.rosreestr_sprav).map((k) => [k, k === 'error' ? 'down' : null]),
      ),
    };
    expect(verdict(cadastralReportSchema, failed)).toBe('');
  });

  it('rejects a source state outside checked|error|skipped', () => {
    const report = body.cadastral();
    const bad = {
      ...report,
      summary: { ...report.summary, sources: { ...report.summary.sources, fssp: 'ok' } },
    };
    expect(verdict(cadastralReportSchema, bad)).toMatch(
      /summary\.sources\.fssp: expected one of "checked"\|"error"\|"skipped"/,
    );
  });

  it('names both alternatives when nspd is neither data nor a failure', () => {
    const report = body.cadastral();
    const bad = { ...report, nspd: { ...report.nspd, area_type: '9' } };
    expect(verdict(cadastralReportSchema, bad)).toMatch(
      /^nspd: no alternative matched \(nspd\.area_type: expected number, found string \| nspd\.error: expected string, found null\)/,
    );
  });

  it('rejects fssp.count as a string and coordinates of the wrong arity', () => {
    const report = body.cadastral();
    expect(verdict(cadastralReportSchema, { ...report, fssp: { ...report.fssp, count: '3' } })).toMatch(
      /^fssp\.count: expected number/,
    );
    const geometry = { ...report.nspd.geojson.geometry, coordinates: [37.61] };
    const nspd = { ...report.nspd, geojson: { ...report.nspd.geojson, geometry } };
    expect(verdict(cadastralReportSchema, { ...report, nspd })).toMatch(
      /nspd\.geojson\.geometry\.coordinates/,
    );
  });

  it('requires every rosreestr_sprav key, whatever its type', () => {
    const report = body.cadastral();
    const { cad_engineer: _dropped, ...sprav } = report.rosreestr_sprav;
    expect(verdict(cadastralReportSchema, { ...report, rosreestr_sprav: sprav })).toMatch(
      /^rosreestr_sprav\.cad_engineer: expected a value, found missing/,
    );
  });
});
