import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_KINDS } from '../../../src/domain/check.js';
import type { EvidenceLine } from '../../../src/export/evidence.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { SCORING_VERSION } from '../../../src/verdict/index.js';
import { readEvidenceLines, startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { readVerdicts, reasonsOf, statusOf, type VerdictFile } from './helpers.js';

/** Every optional check against the emulator, in a full run of samples/clients-optional.csv. */
let pipeline: TestPipeline;
let verdicts: VerdictFile;
let evidence: EvidenceLine[];
let manifest: Manifest;

interface CheckEvidence {
  status: string;
  reasons: string[];
  requests: { operation: string; params: Record<string, string>; cached?: boolean }[];
  fields?: Record<string, string>;
}

function evidenceOf(id: string, kind: string): CheckEvidence {
  const row = verdicts.rows.findIndex((r) => r.client_id === id) + 1;
  const line = evidence.find((l) => l.row === row);
  const check = line?.checks[kind as keyof EvidenceLine['checks']];
  if (!check) throw new Error(`no ${kind} evidence for ${id}`);
  return check as CheckEvidence;
}

beforeAll(async () => {
  pipeline = await startTestPipeline();
  const runId = await pipeline.submit('samples/clients-optional.csv', {
    checks: CHECK_KINDS,
    cardRiskCountries: ['CYP'],
  });
  const { run } = await pipeline.finish(runId);
  verdicts = readVerdicts(run.out);
  evidence = readEvidenceLines<EvidenceLine>(run.evidence);
  manifest = JSON.parse(readFileSync(run.manifest, 'utf8')) as Manifest;
});
afterAll(async () => {
  await pipeline.close();
});

describe('a full run with the optional checks', () => {
  it('adds the optional status columns and their field columns after the status columns', () => {
    const tail = verdicts.header.slice(verdicts.header.indexOf('kyc_verdict'));
    expect(tail).toEqual([
      'kyc_verdict',
      'kyc_reasons',
      ...CHECK_KINDS.map((k) => `kyc_${k}`),
      'kyc_email_valid',
      'kyc_email_disposable',
      'kyc_email_role',
      'kyc_email_mx',
      'kyc_email_risk',
      'kyc_email_recommendation',
      'kyc_card_payment_system',
      'kyc_card_type',
      'kyc_card_bank',
      'kyc_card_country',
      'kyc_cadastral_has_encumbrances',
      'kyc_cadastral_has_active_fssp',
      'kyc_cadastral_sources',
      'kyc_matches',
      'kyc_checked_at',
      'kyc_run_id',
      'kyc_scoring_version',
      'kyc_extra_cells',
    ]);
    expect(verdicts.rows.every((r) => r.kyc_scoring_version === SCORING_VERSION)).toBe(true);
  });

  it('e-mail: a disposable address flags, an ordinary one clears, a non-address flags without a call', () => {
    const disposable = verdicts.byId('OPT-EMAIL-DISPOSABLE');
    expect(disposable.kyc_verdict).toBe('REVIEW');
    expect(statusOf(disposable.kyc_email)).toBe('FLAG');
    expect(reasonsOf(disposable)).toContain('EMAIL_DISPOSABLE');
    expect(disposable.kyc_email_disposable).toBe('true');

    const clean = verdicts.byId('OPT-EMAIL-CLEAN');
    expect(clean.kyc_verdict).toBe('CLEAR');
    expect(clean.kyc_email).toBe('CLEAR');
    expect(clean).toMatchObject({
      kyc_email_valid: 'true',
      kyc_email_disposable: 'false',
      kyc_email_role: 'false',
    });
    expect(evidenceOf('OPT-EMAIL-CLEAN', 'email').requests).toMatchObject([
      { operation: 'validation.email', params: { email: 'andrey.belousov@mail.ru' } },
    ]);

    const notAddress = verdicts.byId('OPT-EMAIL-NOT-ADDRESS');
    expect(notAddress.kyc_verdict).toBe('REVIEW');
    expect(reasonsOf(notAddress)).toEqual(
      expect.arrayContaining(['EMAIL_INVALID', 'ROW_WARNING_EMAIL_FORMAT']),
    );
    expect(evidenceOf('OPT-EMAIL-NOT-ADDRESS', 'email').requests).toEqual([]);
  });

  it('card: Luhn failure and a risk country flag, a Russian MIR card and a masked one clear', () => {
    const luhn = verdicts.byId('OPT-CARD-LUHN');
    expect(luhn.kyc_verdict).toBe('REVIEW');
    expect(reasonsOf(luhn)).toContain('CARD_LUHN_FAILED');
    expect(evidenceOf('OPT-CARD-LUHN', 'card').requests).toEqual([]);

    const foreign = verdicts.byId('OPT-CARD-FOREIGN');
    expect(foreign.kyc_verdict).toBe('REVIEW');
    expect(reasonsOf(foreign)).toContain('CARD_RISK_COUNTRY');
    expect(foreign).toMatchObject({ kyc_card_payment_system: 'VISA', kyc_card_country: 'CYP' });

    const mir = verdicts.byId('OPT-CARD-MIR');
    expect(mir.kyc_verdict).toBe('CLEAR');
    expect(mir).toMatchObject({
      kyc_card: 'CLEAR',
      kyc_card_payment_system: 'MIR',
      kyc_card_type: 'DEBIT',
      kyc_card_bank: 'ПАО Сбербанк',
      kyc_card_country: 'RUS',
    });
    expect(evidenceOf('OPT-CARD-MIR', 'card').requests).toMatchObject([
      { operation: 'validation.bin', params: { card: '220220******5672' } },
    ]);

    const masked = verdicts.byId('OPT-CARD-MASKED');
    expect(masked).toMatchObject({
      kyc_verdict: 'CLEAR',
      kyc_card: 'CLEAR',
      kyc_card_bank: 'Банк ВТБ (ПАО)',
    });
    expect(evidenceOf('OPT-CARD-MASKED', 'card').requests[0]?.params.card).toBe('220024******7788');

    const unreadable = verdicts.byId('OPT-CARD-UNREADABLE');
    expect(statusOf(unreadable.kyc_card)).toBe('SKIPPED');
    expect(reasonsOf(unreadable)).toContain('CARD_SKIPPED_UNREADABLE');
  });

  it('cadastral: encumbrances flag, the clean object clears, an object a source does not know is not CLEAR', () => {
    const encumbered = verdicts.byId('OPT-CAD-ENCUMBERED');
    expect(encumbered.kyc_verdict).toBe('REVIEW');
    expect(reasonsOf(encumbered)).toContain('CADASTRAL_ENCUMBRANCES');
    expect(encumbered.kyc_cadastral_has_encumbrances).toBe('true');

    const clean = verdicts.byId('OPT-CAD-CLEAN');
    expect(clean).toMatchObject({
      kyc_verdict: 'CLEAR',
      kyc_cadastral_has_encumbrances: 'false',
      kyc_cadastral_has_active_fssp: 'skipped',
      kyc_cadastral_sources: 'nspd=checked; rosreestr_sprav=checked; fssp=skipped',
    });
    expect(reasonsOf(clean)).toContain('CADASTRAL_FSSP_SKIPPED');
    const report = JSON.parse(evidenceOf('OPT-CAD-CLEAN', 'cadastral').fields?.report ?? '{}') as {
      cadastral_number?: string;
      summary?: { has_encumbrances: boolean | null };
    };
    expect(report).toMatchObject({
      cadastral_number: '77:01:0001057:1025',
      summary: { has_encumbrances: false },
    });

    const unknownRef = verdicts.byId('OPT-CAD-UNKNOWN-REF');
    expect(unknownRef.kyc_verdict).not.toBe('CLEAR');
    expect(statusOf(unknownRef.kyc_cadastral)).toBe('FLAG');
    expect(reasonsOf(unknownRef)).toContain('CADASTRAL_SOURCE_ERROR_ROSREESTR_SPRAV');
    expect(evidenceOf('OPT-CAD-UNKNOWN-REF', 'cadastral').fields?.rosreestr_sprav_error).toMatch(/\S/);

    const nowhere = verdicts.byId('OPT-CAD-NOWHERE');
    expect(nowhere.kyc_verdict).toBe('REVIEW');
    expect(nowhere.kyc_cadastral_has_encumbrances).toBe('unknown');
    expect(reasonsOf(nowhere)).toEqual(
      expect.arrayContaining([
        'CADASTRAL_UNKNOWN',
        'CADASTRAL_SOURCE_ERROR_NSPD',
        'CADASTRAL_SOURCE_ERROR_ROSREESTR_SPRAV',
      ]),
    );
  });

  it('cadastral with an owner: the POST form runs the bailiff check', () => {
    const active = verdicts.byId('OPT-CAD-OWNER-ACTIVE');
    expect(active.kyc_verdict).toBe('REVIEW');
    expect(reasonsOf(active)).toContain('CADASTRAL_ACTIVE_FSSP');
    expect(active).toMatchObject({
      kyc_cadastral_has_active_fssp: 'true',
      kyc_cadastral_sources: 'nspd=checked; rosreestr_sprav=checked; fssp=checked',
    });
    expect(evidenceOf('OPT-CAD-OWNER-ACTIVE', 'cadastral').requests).toMatchObject([
      {
        operation: 'cadastral.report',
        params: { cadastral_number: '77:01:0001057:1025', owner_full_name: 'Кравченко Максим Олегович' },
      },
    ]);

    const finished = verdicts.byId('OPT-CAD-OWNER-FINISHED');
    expect(finished).toMatchObject({
      kyc_verdict: 'CLEAR',
      kyc_cadastral: 'CLEAR',
      kyc_cadastral_has_active_fssp: 'false',
    });

    const oneWord = verdicts.byId('OPT-CAD-OWNER-ONE-WORD');
    expect(oneWord.kyc_verdict).toBe('REVIEW');
    expect(reasonsOf(oneWord)).toContain('CADASTRAL_SOURCE_ERROR_FSSP');
  });

  it('a row with every optional check clean is CLEAR; a row without optional cells skips them', () => {
    expect(verdicts.byId('OPT-ALL-CLEAN')).toMatchObject({
      kyc_verdict: 'CLEAR',
      kyc_email: 'CLEAR',
      kyc_card: 'CLEAR',
      kyc_cadastral: 'CLEAR',
    });
    const none = verdicts.byId('OPT-NONE');
    expect(none.kyc_verdict).toBe('CLEAR');
    for (const kind of ['email', 'card', 'cadastral']) expect(statusOf(none[`kyc_${kind}`])).toBe('SKIPPED');
  });

  it('a foreign-agent candidate with a BIK carries its bank from the Banks dictionary, outside the score', () => {
    const row = verdicts.byId('OPT-FA-BANK');
    expect(row.kyc_verdict).toBe('HIT');
    expect(row.kyc_foreign_agent).toBe('MATCH: FA-0002 1.00');
    const fa = evidenceOf('OPT-FA-BANK', 'foreign_agent');
    expect(fa.fields).toEqual({
      'FA-0002.bank_bik': '044525225',
      'FA-0002.bank_name': 'ПАО Сбербанк',
      'FA-0002.bank_city': 'Москва',
      'FA-0002.bank_corr_account': '30101810400000000225',
    });
    // The name's spellings (as written, Title case, capitals: docs/name-search.md) and the INN, then the
    // one Banks lookup.
    expect(fa.requests.map((r) => `${r.operation} ${Object.keys(r.params).join()}`)).toEqual([
      'search.foreign_agent name',
      'search.foreign_agent name',
      'search.foreign_agent name',
      'search.foreign_agent inn',
      'dictionary.values name,search,limit',
    ]);
    expect(fa.reasons).toEqual(['FOREIGN_AGENT_MATCH']);
  });

  it('counts every optional call in the manifest, through the same stage', () => {
    const calls = manifest.upstream.calls_by_operation;
    expect(calls['validation.email']).toEqual({ '200': 5 });
    expect(calls['validation.bin']).toEqual({ '200': 4 });
    expect(calls['cadastral.report']).toEqual({ '200': 8 });
    expect(calls['dictionary.values']).toEqual({ '200': 1 });
    expect(manifest.checks_run).toEqual([...CHECK_KINDS]);
    expect(manifest.checks.card).toMatchObject({ FLAG: 2, CLEAR: 3, SKIPPED: 15 });
    expect(manifest.verdicts).toEqual({ HIT: 1, REVIEW: 9, CLEAR: 10 });
  });
});
