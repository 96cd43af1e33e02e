import { describe, expect, it } from 'vitest';
import { runBody } from '../../../src/api/run-view.js';
import type { RunState } from '../../../src/run/state/run-store.js';

const run: RunState = {
  id: 'r20260101_120000_abc123',
  input: '/srv/state/api/r20260101_120000_abc123/input.csv',
  inputSha256: 'f'.repeat(64),
  inputBytes: 2048,
  out: '/srv/state/api/r20260101_120000_abc123/verdicts.csv',
  evidence: '/srv/state/api/r20260101_120000_abc123/evidence.jsonl',
  manifest: '/srv/state/api/r20260101_120000_abc123/manifest.json',
  priority: 'high',
  window: 1000,
  checks: ['foreign_agent', 'sanctions'],
  createdAt: '2026-01-01T12:00:00.000Z',
  submitter: 'alice',
  config: {},
  status: 'failed',
  dispatched: 12,
  written: 10,
  error:
    'KYC_ERR_OUTPUT_WRITE: An output file or directory cannot be written: /srv/state/api/r20260101_120000_abc123/verdicts.csv: ENOSPC',
  errorCode: 'KYC_ERR_OUTPUT_WRITE',
};

describe('runBody', () => {
  it('shows progress, verdict counts and the submitter, and no path of the server', () => {
    const counters = { 'verdict:CLEAR': 8, 'verdict:HIT': 2, calls: 40, 'check:sanctions:ok': 10 };
    const body = runBody(run, counters, { base: 'https://kyc.bank.example/screening' });
    expect(body).toMatchObject({
      id: run.id,
      status: 'failed',
      submitter: 'alice',
      priority: 'high',
      progress: { rows_read: 12, rows_written: 10, total_rows: null, input_bytes: 2048, bytes_read: null },
      verdicts: { CLEAR: 8, HIT: 2 },
      error: 'KYC_ERR_OUTPUT_WRITE: An output file or directory cannot be written: verdicts.csv: ENOSPC',
      error_code: 'KYC_ERR_OUTPUT_WRITE',
      status_url: `https://kyc.bank.example/screening/v1/runs/${run.id}`,
      verdicts_url: `https://kyc.bank.example/screening/v1/runs/${run.id}/verdicts.csv`,
    });
    expect(JSON.stringify(body)).not.toContain('/srv/state');
  });

  it('has no error code for a run that has not failed', () => {
    const { error: _error, errorCode: _code, ...running } = run;
    const body = runBody({ ...running, status: 'running' }, {}, { base: 'http://127.0.0.1:8787' });
    expect(body).toMatchObject({ error: null, error_code: null });
  });
});
