import { describe, expect, it } from 'vitest';
import { KycError } from '../../../src/errors.js';
import { parseStoredResult, type StoredResult } from '../../../src/run/job-data.js';
import { parseRunMeta } from '../../../src/run/state/run-meta.js';
import type { RunSettings } from '../../../src/run/state/run-store.js';

const settings: RunSettings = {
  id: 'r1',
  input: '/data/clients.csv',
  inputSha256: 'f'.repeat(64),
  inputBytes: 10,
  out: '/out/verdicts.csv',
  evidence: '/out/evidence.jsonl',
  manifest: '/out/manifest.json',
  priority: 'high',
  window: 100,
  checks: ['foreign_agent', 'email'],
  encoding: 'windows-1251',
  outEncoding: 'utf-8',
  createdAt: '2026-11-24T00:00:00.000Z',
  config: { rate: 10, emulator: true, apiUrl: 'built-in emulator' },
};

const result: StoredResult = {
  verdict: {
    row: 7,
    verdict: 'INCOMPLETE',
    reasons: ['SANCTIONS_ERROR'],
    checks: {
      sanctions: {
        kind: 'sanctions',
        status: 'ERROR',
        score: 0,
        detail: 'KYC_ERR_UPSTREAM_SERVER',
        reasons: ['SANCTIONS_ERROR'],
        candidates: [],
        requests: [{ operation: 'search.sanctions', params: { name: 'Иванов' }, status: 503 }],
        error: { code: 'KYC_ERR_UPSTREAM_SERVER', message: 'search.sanctions HTTP 503' },
      },
    },
    scoringVersion: '3',
  },
  warnings: [{ code: 'KYC_ERR_ROW_INN_CHECKSUM', message: 'INN check digit is wrong', field: 'inn' }],
  checkedAt: '2026-11-24T00:00:01.000Z',
};

function corrupt(read: () => unknown): KycError {
  try {
    read();
  } catch (error) {
    if (error instanceof KycError) return error;
    throw error;
  }
  throw new Error('read without error');
}

// What Redis hands back is read as what was written, or stops the reader with one stable code.
describe('a run read back from Redis', () => {
  it('is the settings and progress that were stored', () => {
    const run = parseRunMeta('r1', {
      settings: JSON.stringify(settings),
      status: 'failed',
      dispatched: '12',
      written: '10',
      totalRows: '40',
      error: 'KYC_ERR_OUTPUT_EXISTS: An output file already exists: /out/verdicts.csv',
      errorCode: 'KYC_ERR_OUTPUT_EXISTS',
    });
    expect(run).toEqual({
      ...settings,
      status: 'failed',
      startedAt: undefined,
      finishedAt: undefined,
      totalRows: 40,
      dispatched: 12,
      written: 10,
      error: 'KYC_ERR_OUTPUT_EXISTS: An output file already exists: /out/verdicts.csv',
      errorCode: 'KYC_ERR_OUTPUT_EXISTS',
    });
  });

  it('is queued with nothing done when only its settings are stored, and absent without them', () => {
    expect(parseRunMeta('r1', { settings: JSON.stringify(settings) })).toMatchObject({
      status: 'queued',
      dispatched: 0,
      written: 0,
    });
    expect(parseRunMeta('r1', { status: 'done' })).toBeUndefined();
  });

  it('takes the code of a failure stored without one from its text, and none from an unexpected error', () => {
    const meta = { settings: JSON.stringify(settings), status: 'failed' };
    expect(parseRunMeta('r1', { ...meta, error: 'KYC_ERR_REDIS_LOST: Redis went away' })?.errorCode).toBe(
      'KYC_ERR_REDIS_LOST',
    );
    expect(parseRunMeta('r1', { ...meta, error: 'TypeError: x is undefined' })).not.toHaveProperty(
      'errorCode',
    );
  });

  it('stops with KYC_ERR_REDIS_CORRUPT naming the run and the field, not its content', () => {
    const damaged = corrupt(() =>
      parseRunMeta('r1', { settings: JSON.stringify({ ...settings, checks: ['fa'], input: 7 }) }),
    );
    expect(damaged.code).toBe('KYC_ERR_REDIS_CORRUPT');
    expect(damaged.message).toMatch(/settings of run r1: .*checks\[0\]/);
    expect(damaged.message).toContain('input');
    expect(corrupt(() => parseRunMeta('r1', { settings: '{"id": "r1", Иванов' })).message).toMatch(
      /settings of run r1: not JSON$/,
    );
    const progress = corrupt(() =>
      parseRunMeta('r1', { settings: JSON.stringify(settings), written: 'ten' }),
    );
    expect(progress.message).toMatch(/state of run r1: .*written/);
  });
});

describe("a row's stored result read back by the writer", () => {
  it('is the result the merge stored', () => {
    expect(parseStoredResult(JSON.stringify(result))).toEqual(result);
  });

  it('is KYC_ERR_REDIS_CORRUPT without the client data it holds when damaged', () => {
    const text = JSON.stringify({ ...result, verdict: { ...result.verdict, verdict: 'MAYBE' } });
    const error = corrupt(() => parseStoredResult(text));
    expect(error.code).toBe('KYC_ERR_REDIS_CORRUPT');
    expect(error.message).toContain('verdict.verdict');
    expect(error.message).not.toContain('MAYBE');
    expect(corrupt(() => parseStoredResult(text.slice(0, 80))).message).not.toContain('Иванов');
  });
});
