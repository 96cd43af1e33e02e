import { describe, expect, it } from 'vitest';
import { summaryTable } from '../../../src/cli-ui/summary.js';
import { loadConfig, publicConfig } from '../../../src/config.js';
import { buildManifest } from '../../../src/export/manifest.js';
import { pageLang } from '../../../src/dashboard/layout.js';
import { runsPage } from '../../../src/dashboard/runs-page.js';
import type { UnrecognisedCount } from '../../../src/domain/unrecognised.js';
import { unrecognisedOf, type RunState } from '../../../src/run/state/run-store.js';
import { DEFAULT_PROFILE } from '../../../src/upstream/client/index.js';

/** Where an operator sees what the run did not recognise: summary, manifest, dashboard. */

const run: RunState = {
  id: 'r1',
  status: 'done',
  input: '/data/in/clients.csv',
  inputSha256: '0'.repeat(64),
  inputBytes: 100,
  out: '/data/out/verdicts.csv',
  evidence: '/data/out/evidence.jsonl',
  manifest: '/data/out/manifest.json',
  priority: 'normal',
  window: 100,
  checks: ['debtor'],
  createdAt: '2025-01-01T02:00:00.000Z',
  config: { upstreamProfile: '/etc/kyc/profile.json' },
  profile: { ...DEFAULT_PROFILE, debtorNotFound: ['запись отсутствует'] },
  dispatched: 10,
  written: 10,
  totalRows: 10,
};

const unrecognised: UnrecognisedCount[] = [
  { operation: 'client.debt', kind: 'unrecognised_message', count: 7, example: 'Запись не обнаружена' },
  {
    operation: 'search.foreign_agent',
    kind: 'null_field [].data.birth_date',
    count: 2,
    example: 'expected string, found null',
  },
];

describe('unrecognised answers', () => {
  it('are read back from the counters hash with their examples, most frequent first', () => {
    expect(
      unrecognisedOf({
        calls: '10',
        'unrecognised:search.foreign_agent:null_field [].data.birth_date': '2',
        'unrecognised:client.debt:unrecognised_message': '7',
        'unrecognised-example:client.debt:unrecognised_message': 'Запись не обнаружена',
        'unrecognised-example:search.foreign_agent:null_field [].data.birth_date':
          'expected string, found null',
      }),
    ).toEqual(unrecognised);
  });

  it('the run summary counts them and lists each kind with its example', () => {
    const text = summaryTable(run, { 'verdict:INCOMPLETE': 7 }, unrecognised);
    expect(text).toMatch(/unrecognised answers\s+9/u);
    expect(text).toContain('client.debt  unrecognised_message  e.g. «Запись не обнаружена»');
    expect(text).toContain('KYC_DEBTOR_NOT_FOUND');
    expect(summaryTable(run, {})).toMatch(/unrecognised answers\s+0/u);
  });

  it('the manifest lists them and records the profile in effect', () => {
    const manifest = buildManifest({
      run,
      finishedAt: '2025-01-01T03:00:00.000Z',
      counters: {},
      rows: 10,
      input: { encoding: 'utf-8', delimiter: ';' },
      outputs: [],
      softwareVersion: 'test',
      scoringVersion: 'test',
      unrecognised,
    });
    expect(manifest.unrecognised).toEqual(unrecognised);
    expect(manifest.upstream_profile).toMatchObject({
      path: '/etc/kyc/profile.json',
      profile: { debtorNotFound: ['запись отсутствует'] },
    });
    expect(manifest.upstream_profile.sha256).toMatch(/^[0-9a-f]{64}$/u);
  });

  it('the dashboard shows the total, with kinds and examples in the tooltip', () => {
    const html = runsPage([{ run, counters: {}, unrecognised }], pageLang('en'));
    expect(html).toMatch(
      /<td class="num unrecognised" title="7 client.debt unrecognised_message «Запись не обнаружена»/u,
    );
    expect(html).toContain('>9</td>');
  });
});

describe('KYC_DEBTOR_NOT_FOUND', () => {
  it('merges its phrases into the profile and shows them in the public config', () => {
    const config = loadConfig({ KYC_DEBTOR_NOT_FOUND: ' Запись не обнаружена | | no such person ' });
    expect(config.profile.debtorNotFound).toEqual(['Запись не обнаружена', 'no such person']);
    expect(publicConfig(config).debtorNotFound).toBe('Запись не обнаружена|no such person');
    expect(loadConfig({}).profile).toEqual(DEFAULT_PROFILE);
  });
});
