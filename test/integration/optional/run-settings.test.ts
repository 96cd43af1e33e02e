import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceLine } from '../../../src/export/evidence.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { readEvidenceLines, startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { readVerdicts, reasonsOf } from './helpers.js';

/** Run settings the workers honour (`--smtp`), and the Banks evidence made once per BIK per run. */
let pipeline: TestPipeline;
const dir = mkdtempSync(join(tmpdir(), 'kyc-optional-'));

function csv(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

beforeAll(async () => {
  pipeline = await startTestPipeline();
});
afterAll(async () => {
  await pipeline.close();
});

describe('--smtp', () => {
  const input = () =>
    csv('emails.csv', [
      'client_id,full_name,birth_date,email',
      'E1,Белоусов Андрей Петрович,1979-06-02,andrey.belousov@mail.ru',
      'E2,Дорофеева Мария Олеговна,1993-04-08,maria@no-mx-here.ru',
    ]);

  it('reaches the workers through the run settings: MX checked, risk score and recommendation in the row', async () => {
    const runId = await pipeline.submit(input(), { checks: ['sanctions', 'email'], smtp: true });
    const { run } = await pipeline.finish(runId);
    const verdicts = readVerdicts(run.out);
    expect(verdicts.byId('E1')).toMatchObject({
      kyc_verdict: 'PARTIAL', // sanctions and e-mail only: not screened in full
      kyc_email_mx: 'true',
      kyc_email_recommendation: 'ALLOW',
      kyc_email_risk: '0.10',
    });
    const noMx = verdicts.byId('E2');
    expect(noMx).toMatchObject({ kyc_verdict: 'REVIEW', kyc_email_valid: 'false', kyc_email_mx: 'false' });
    expect(reasonsOf(noMx)).toEqual(
      expect.arrayContaining(['EMAIL_INVALID', 'EMAIL_RECOMMENDATION_DECLINE']),
    );
    const evidence = readEvidenceLines<EvidenceLine>(run.evidence);
    const email = evidence[0]?.checks.email as { requests: { params: Record<string, string> }[] };
    expect(email.requests[0]?.params).toEqual({ email: 'andrey.belousov@mail.ru', smtp: 'true' });
  });

  it('is off by default: the same addresses without the MX lookup', async () => {
    const runId = await pipeline.submit(input(), { checks: ['sanctions', 'email'] });
    const { run } = await pipeline.finish(runId);
    const verdicts = readVerdicts(run.out);
    expect(verdicts.byId('E2')).toMatchObject({
      kyc_verdict: 'PARTIAL',
      kyc_email_mx: 'not checked',
      kyc_email_recommendation: '',
    });
  });
});

describe('Banks dictionary evidence', () => {
  it('is looked up once per BIK in a run, through the same cache', async () => {
    const input = csv('agents.csv', [
      'client_id,full_name,inn,entity_type',
      'A1,"ООО ""Северный ветер""",7701234560,organization',
      'A2,"ООО ""Северный ветер""",7701234560,organization',
    ]);
    const runId = await pipeline.submit(input, { checks: ['foreign_agent'] });
    const { run } = await pipeline.finish(runId);
    const manifest = JSON.parse(readFileSync(run.manifest, 'utf8')) as Manifest;
    expect(manifest.upstream.calls_by_operation['dictionary.values']).toEqual({ '200': 1 });
    const evidence = readEvidenceLines<EvidenceLine>(run.evidence);
    for (const line of evidence) {
      const fa = line.checks.foreign_agent as { fields: Record<string, string>; status: string };
      expect(fa.status).toBe('MATCH');
      expect(fa.fields['FA-0002.bank_name']).toBe('ПАО Сбербанк');
    }
  });
});
