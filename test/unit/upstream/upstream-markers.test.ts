import { describe, expect, it } from 'vitest';
import { CORE_CHECK_KINDS } from '../../../src/domain/check.js';
import { evidenceLine } from '../../../src/export/evidence.js';
import {
  EMULATOR_CELL,
  EMULATOR_COLUMN,
  verdictColumns,
  verdictRow,
} from '../../../src/export/verdict-row.js';
import { upstreamNoticeLines } from '../../../src/upstream/notice.js';
import { loadConfig } from '../../../src/config.js';
import { requireUpstream } from '../../../src/runs/runtime.js';
import { decideVerdict, skippedCheck } from '../../../src/verdict/index.js';

const kinds = [...CORE_CHECK_KINDS];
const verdict = decideVerdict(
  1,
  Object.fromEntries(kinds.map((k) => [k, skippedCheck(k, 'NO_NAME', 'no name')])),
  [],
);

describe('the emulator marker', () => {
  it('adds one last column to verdicts.csv whose every cell says EMULATOR, and nothing to a real run', () => {
    const marked = verdictColumns(kinds, { emulator: true });
    expect(marked.at(-1)).toBe(EMULATOR_COLUMN);
    expect(marked.slice(0, -1)).toEqual(verdictColumns(kinds));
    const meta = { runId: 'r1', checkedAt: '2026-01-01T00:00:00.000Z' };
    const row = verdictRow(['CL-1'], 1, verdict, [], kinds, { ...meta, emulator: true });
    expect(row).toHaveLength(1 + marked.length);
    expect(row.at(-1)).toBe(EMULATOR_CELL);
    expect(EMULATOR_CELL).toMatch(/^EMULATOR/);
    // No delimiter in it: the cell is never quoted, whatever the output delimiter.
    expect(EMULATOR_CELL).not.toMatch(/[,;|\t"]/);
    expect(verdictRow(['CL-1'], 1, verdict, [], kinds, meta)).toHaveLength(1 + verdictColumns(kinds).length);
  });

  it('puts emulator: true on every evidence line of an emulator run, and no such field otherwise', () => {
    const meta = { runId: 'r1', checkedAt: '2026-01-01T00:00:00.000Z' };
    expect(evidenceLine(verdict, [], { ...meta, emulator: true }).emulator).toBe(true);
    expect('emulator' in evidenceLine(verdict, [], meta)).toBe(false);
  });
});

describe('the upstream must be named', () => {
  it('refuses a config without KYC_API_URL unless the emulator is opted into', () => {
    expect(() => requireUpstream(loadConfig({}))).toThrow(
      expect.objectContaining({
        code: 'KYC_ERR_CONFIG_NO_UPSTREAM',
        exitCode: 2,
        message: expect.stringMatching(/--emulator .*KYC_API_URL=emulator/),
      }),
    );
    expect(() => requireUpstream(loadConfig({ KYC_API_URL: 'emulator' }))).not.toThrow();
    expect(() => requireUpstream(loadConfig({}, { apiUrl: 'emulator' }))).not.toThrow();
    expect(() => requireUpstream(loadConfig({}), true)).not.toThrow();
    const real = loadConfig({
      KYC_API_URL: 'https://lookup.example',
      KYC_API_KEY: '00000000-0000-4000-8000-000000000001',
    });
    expect(() => requireUpstream(real)).not.toThrow();
    expect(real.emulator).toBe(false);
    expect(loadConfig({ KYC_API_URL: 'emulator' })).toMatchObject({ apiUrl: undefined, emulator: true });
  });

  it('refuses a KYC_API_KEY that is not a UUID, saying so without echoing it', () => {
    const env = { KYC_API_URL: 'https://lookup.example', KYC_API_KEY: 'not-a-uuid-secret' };
    expect(() => loadConfig(env)).toThrow(
      expect.objectContaining({
        code: 'KYC_ERR_CONFIG_API_KEY',
        message: 'Invalid API key: KYC_API_KEY must be a UUID (the form the Lookup Service issues)',
      }),
    );
    expect(() => loadConfig({ KYC_API_URL: 'https://lookup.example' })).toThrow(/KYC_API_KEY is required/);
  });

  it('KYC_MAX_RETRY_AFTER_MS overrides the profile cap; KYC_BREAKER_THRESHOLD defaults to 5', () => {
    expect(loadConfig({}).profile.maxRetryAfterMs).toBe(300_000);
    expect(loadConfig({ KYC_MAX_RETRY_AFTER_MS: '2000' }).profile.maxRetryAfterMs).toBe(2_000);
    expect(() => loadConfig({ KYC_MAX_RETRY_AFTER_MS: '0' })).toThrow(/KYC_MAX_RETRY_AFTER_MS/);
    expect(loadConfig({}).breakerThreshold).toBe(5);
    expect(loadConfig({ KYC_BREAKER_THRESHOLD: '3' }).breakerThreshold).toBe(3);
  });
});

describe('what status and the dashboard say about the upstream', () => {
  it('says nothing when calls flow', () => {
    expect(upstreamNoticeLines({})).toEqual([]);
  });

  it('names a capped pause with its end, its cause and the run whose answer caused it', () => {
    const [line] = upstreamNoticeLines({
      pause: {
        until: Date.parse('2026-11-24T00:05:00Z'),
        cause: '429 Retry-After',
        askedMs: 86_400_000,
        appliedMs: 300_000,
        runId: 'r_nightly',
      },
    });
    expect(line).toContain('PAUSED until 2026-11-24T00:05:00.000Z');
    expect(line).toContain('429 Retry-After 86400 s, capped to 300 s');
    expect(line).toContain('r_nightly');
  });

  it('names an open breaker with its code and the way out', () => {
    const [line] = upstreamNoticeLines({
      breaker: { code: 'KYC_ERR_UPSTREAM_AUTH', detail: 'HTTP 401', at: '2026-11-24T00:00:00Z', runId: 'r1' },
    });
    expect(line).toContain('OPEN');
    expect(line).toContain('KYC_ERR_UPSTREAM_AUTH');
    expect(line).toContain('--resume');
  });
});
