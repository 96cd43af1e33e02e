import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEBTOR_NOT_FOUND_MESSAGE } from '../../../src/domain/records.js';
import { isValidInn12 } from '../../../src/identifiers/index.js';
import { describeBody, quantile, retryAfterForm } from '../../../src/doctor/body-shape.js';
import { UNRECORDED_INN, readDebtorAnswer } from '../../../src/doctor/debtor.js';
import { otherCase, pickProbeRecord } from '../../../src/doctor/name-search.js';
import { readPageSize } from '../../../src/doctor/page-size.js';
import { formatReport } from '../../../src/doctor/report.js';
import { DEFAULT_PROFILE, upstreamProfileSchema } from '../../../src/settings/upstream-profile.js';

const emptyRecord = (message: string | null, fill: '' | null = '') => ({
  snils: fill,
  category: fill,
  region: fill,
  address: fill,
  fio: fill,
  inn: fill,
  extrajudicialBankruptcy: fill,
  legalCase: { number: fill, managerFio: fill, description: fill, date: fill },
  message,
});

describe('body shapes are described without their values', () => {
  it('names the fields of a JSON error body, one level deep', () => {
    const body = JSON.stringify({ success: false, error: { code: 'X', message: 'inn 772345678901 bad' } });
    const shape = describeBody(body, 'application/json; charset=utf-8');
    expect(shape).toBe('JSON {success, error: {code, message}} (application/json)');
    expect(shape).not.toContain('772345678901');
  });

  it('tells plain text, HTML and empty bodies apart', () => {
    expect(describeBody('Too Many Requests', 'text/plain')).toBe('plain text (text/plain)');
    expect(describeBody('<html><body>503</body></html>', 'text/html')).toBe('HTML (text/html)');
    expect(describeBody('', undefined)).toBe('empty (no content type)');
  });

  it('reads the form of Retry-After', () => {
    expect(retryAfterForm('3')).toBe('seconds');
    expect(retryAfterForm('Tue, 24 Nov 2026 00:10:05 GMT')).toBe('HTTP-date');
    expect(retryAfterForm('soon')).toBe('unreadable');
    expect(retryAfterForm(undefined)).toBe('absent');
  });

  it('quantiles are values of the sample, ordered by q', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1 }), (values) => {
        const p50 = quantile(values, 0.5) ?? NaN;
        const p95 = quantile(values, 0.95) ?? NaN;
        expect(values).toContain(p50);
        expect(p95).toBeGreaterThanOrEqual(p50);
      }),
    );
    expect(quantile([], 0.5)).toBeUndefined();
  });
});

describe("result cap (page size) from the answers' lengths", () => {
  const answers = (...lengths: number[]) => lengths.map((length, i) => ({ search: `s${i % 3}`, length }));

  it('two different searches stopped at the same, longest length: that is the page size', () => {
    expect(readPageSize(answers(20, 20), 100)).toMatchObject({ size: 20, finding: { holds: false } });
    expect(readPageSize(answers(100, 100, 3), 100)).toMatchObject({ size: 100, finding: { holds: true } });
    // The broad searches of different lengths, a name probe of 50 and a date search of 50: 50.
    expect(readPageSize(answers(50, 17, 50, 0), 100).size).toBe(50);
  });

  it('one long answer or short ones only bound it; longer than assumed contradicts the assumption', () => {
    expect(readPageSize(answers(12, 7), 100)).toMatchObject({
      size: undefined,
      finding: { holds: undefined },
    });
    expect(
      readPageSize(
        [
          { search: 'a', length: 50 },
          { search: 'a', length: 50 },
        ],
        100,
      ).size,
    ).toBeUndefined();
    expect(readPageSize(answers(250, 40), 100)).toMatchObject({ size: undefined, finding: { holds: false } });
    expect(readPageSize([], 100).finding.found).toContain('not measured');
  });
});

describe('a result cap the answers do not measure', () => {
  it('writes the longest answer below the assumed cap as the cap, and never reports it as holding', () => {
    // A service that pages at 50 where only one search reached 50: not measured, yet no answer was longer.
    const reading = readPageSize(
      [
        { search: 'a', length: 50 },
        { search: 'b', length: 17 },
        { search: 'c', length: 3 },
      ],
      100,
    );
    expect(reading).toMatchObject({
      size: undefined,
      cap: 50,
      finding: { holds: undefined, unmeasured: true },
    });
    expect(reading.finding.found).toContain('written as 50');
    const report = formatReport({
      findings: [reading.finding, { point: 'auth', found: 'x', assumed: 'x', holds: true }],
      measured: upstreamProfileSchema.parse({ resultCap: 50 }),
      calls: 20,
      budget: 40,
    });
    expect(report).not.toContain("The profile's assumptions hold");
    expect(report).toContain('Not measured: result cap');
    // Answers too short to tell anything keep the assumed cap.
    expect(readPageSize([{ search: 'a', length: 3 }], 100).cap).toBeUndefined();
  });
});

describe('the debtor answer for an INN without a record', () => {
  it('probes with a checksum-valid INN of a tax region that does not exist', () => {
    expect(isValidInn12(UNRECORDED_INN)).toBe(true);
    expect(UNRECORDED_INN.startsWith('00')).toBe(true);
  });

  it('the default phrasing is read as not found', () => {
    const body = JSON.stringify(emptyRecord(DEBTOR_NOT_FOUND_MESSAGE));
    expect(readDebtorAnswer(200, body, DEFAULT_PROFILE)).toMatchObject({ recognised: 'reading' });
  });

  it('another phrasing is not read as not found unless the profile lists it', () => {
    // Not a phrasing the pipeline knows by itself (those are read as not found: the next test).
    const message = 'Результат проверки: записей 0';
    const body = JSON.stringify(emptyRecord(message));
    expect(readDebtorAnswer(200, body, DEFAULT_PROFILE)).toMatchObject({ recognised: 'no', message });
    const profile = upstreamProfileSchema.parse({ debtorNotFound: ['результат проверки записей 0!'] });
    expect(readDebtorAnswer(200, body, profile)).toMatchObject({ recognised: 'profile' });
  });

  it("the strict variant's phrasing, with nulls in the record, is read as the pipeline reads it", () => {
    const message = 'По указанному ИНН должник не найден';
    const record = Object.fromEntries(Object.keys(emptyRecord(message)).map((k) => [k, null]));
    const body = JSON.stringify({ ...record, legalCase: null, message });
    expect(readDebtorAnswer(200, body, DEFAULT_PROFILE)).toMatchObject({ recognised: 'reading', message });
  });

  it('a refusal or a body that is not JSON is never read as not found', () => {
    expect(readDebtorAnswer(404, '{"detail":"Not Found"}', DEFAULT_PROFILE).recognised).toBe('no');
    expect(readDebtorAnswer(200, 'not json', DEFAULT_PROFILE).recognised).toBe('no');
  });
});

describe('name-search probes', () => {
  it('pick a Latin record with a Cyrillic name_local and a birth date, and its longest Latin word', () => {
    const records = [
      { data: { name: 'ONLY LATIN', name_local: null, birth_date: '1970-01-01' } },
      { data: { name: 'SHCHERBAKOV, Dmitry', name_local: 'Щербаков Дмитрий', birth_date: null } },
      { data: { name: 'TSVETKOVA Iuliia', name_local: 'Цветкова Юлия', birth_date: '1988-09-30' } },
    ];
    expect(pickProbeRecord(records)).toEqual({
      name: 'TSVETKOVA Iuliia',
      birthDate: '1988-09-30',
      word: 'TSVETKOVA',
    });
    expect(pickProbeRecord([{}, null, 'x'])).toBeUndefined();
  });

  it('flip the case of a word whatever it was', () => {
    expect(otherCase('TSVETKOVA')).toBe('tsvetkova');
    expect(otherCase('Tsvetkova')).toBe('TSVETKOVA');
  });
});
