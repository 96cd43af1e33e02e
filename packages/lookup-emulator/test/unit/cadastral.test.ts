import { describe, expect, it } from 'vitest';
import { cadastralReport } from '../../src/cadastral.js';
import { KNOWN_BAILIFF_OWNERS } from '../../src/registers/bailiffs.js';
import { CADASTRAL_NUMBER, KNOWN_CADASTRAL } from '../../src/registers/cadastral-objects.js';
import { generateRegisters } from '../../src/registers/index.js';

interface Report {
  summary: {
    has_encumbrances: boolean | null;
    has_active_fssp: boolean | null;
    sources: Record<string, string>;
  };
  nspd: { error: string | null; encumbrances: { has_encumbrances: boolean } | null };
  rosreestr_sprav: { error: string | null; has_encumbrances: boolean | null };
  fssp: {
    skipped: boolean;
    reason: string;
    has_active_proceedings: boolean | null;
    count: number | null;
    error: string | null;
  };
}

const r = generateRegisters(42);
const object = (n: string) => r.cadastral.find((o) => o.number === n);
const report = (n: string, owner?: string | null) =>
  cadastralReport(
    n,
    object(n),
    owner === null ? { kind: 'get' } : { kind: 'post', owner },
    r.bailiffs,
  ) as unknown as Report;

describe('cadastral report', () => {
  it('known numbers exist for the seed, in the documented form', () => {
    for (const n of Object.values(KNOWN_CADASTRAL)) {
      expect(n).toMatch(CADASTRAL_NUMBER);
      expect(object(n), n).toBeDefined();
    }
    expect(CADASTRAL_NUMBER.test('77:01:0001057')).toBe(false);
  });

  it('GET: encumbrances true / false, bailiff check skipped with a reason, has_active_fssp null', () => {
    const withEnc = report(KNOWN_CADASTRAL.withEncumbrances, null);
    expect(withEnc.summary).toMatchObject({
      has_encumbrances: true,
      has_active_fssp: null,
      sources: { nspd: 'checked', rosreestr_sprav: 'checked', fssp: 'skipped' },
    });
    expect(withEnc.fssp.skipped).toBe(true);
    expect(withEnc.fssp.reason).toMatch(/POST/);
    expect(report(KNOWN_CADASTRAL.clean, null).summary.has_encumbrances).toBe(false);
  });

  it('a source that fails reports error in the summary and its text in its block', () => {
    const partial = report(KNOWN_CADASTRAL.unknownToReference, null);
    expect(partial.summary.sources).toMatchObject({ nspd: 'checked', rosreestr_sprav: 'error' });
    expect(partial.rosreestr_sprav.error).toMatch(/не найдена/);
    expect(partial.rosreestr_sprav.has_encumbrances).toBeNull();
    expect(partial.summary.has_encumbrances).toBe(false);
  });

  it('an unknown number of valid form: every source error, summary nulls', () => {
    const unknown = report('11:11:1111111:111', undefined);
    expect(unknown.summary).toMatchObject({
      has_encumbrances: null,
      has_active_fssp: null,
      sources: { nspd: 'error', rosreestr_sprav: 'error' },
    });
    expect(unknown.nspd.error).not.toBeNull();
  });

  it('POST: the bailiff check runs on the owner name, in any word order', () => {
    const active = report(KNOWN_CADASTRAL.clean, 'максим олегович кравченко');
    expect(active.summary).toMatchObject({ has_active_fssp: true, sources: { fssp: 'checked' } });
    expect(active.fssp.count).toBe(2);
    const finished = report(KNOWN_CADASTRAL.clean, KNOWN_BAILIFF_OWNERS.finishedOnly);
    expect(finished.summary.has_active_fssp).toBe(false);
    expect(finished.fssp.count).toBe(1);
    const nobody = report(KNOWN_CADASTRAL.clean, 'Никто Никакой Никакович');
    expect(nobody.fssp).toMatchObject({ skipped: false, has_active_proceedings: false, count: 0 });
    expect(report(KNOWN_CADASTRAL.clean, 'Кравченко').summary.sources.fssp).toBe('error');
    expect(report(KNOWN_CADASTRAL.clean, undefined).summary.sources.fssp).toBe('skipped');
  });
});
