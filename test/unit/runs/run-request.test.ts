import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRunRequest, runRequest } from '../../../src/runs/request.js';
import { kycScreenCommand, resumeHint } from '../../../src/runs/resume-hint.js';
import { packageRoot } from '../../../src/version.js';

describe('RunRequest', () => {
  it('is plain JSON with a version; absent settings stay absent and defaults are filled', () => {
    const request = runRequest({ input: '/data/clients.csv', rate: 50, checks: undefined });
    expect(JSON.parse(JSON.stringify(request))).toEqual({
      version: 1,
      input: '/data/clients.csv',
      rate: 50,
      priority: 'normal',
      window: 1000,
    });
  });

  it('refuses a request of a newer version, and a damaged one, with KYC_ERR_RUN_REQUEST', () => {
    expect(() => parseRunRequest({ version: 9, input: 'x' }, 'schedule nightly')).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_RUN_REQUEST' }),
    );
    expect(() => parseRunRequest({ version: 1, rate: 'fast' }, 'schedule nightly')).toThrow(/rate/u);
  });
});

describe('the resume hint', () => {
  const elsewhere = mkdtempSync(join(tmpdir(), 'kyc-hint-'));

  it('names kyc-screen when it is on the PATH', () => {
    const bin = join(elsewhere, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'kyc-screen'), '#!/bin/sh\n', { mode: 0o755 });
    expect(kycScreenCommand({ path: bin, cwd: packageRoot() })).toBe('kyc-screen');
  });

  it('in a checkout without it on the PATH: node bin/kyc-screen.js, which works there', () => {
    expect(resumeHint('r_1', { path: '', cwd: packageRoot() })).toBe(
      'node bin/kyc-screen.js run --resume r_1',
    );
  });

  it('elsewhere without it on the PATH: npx kyc-screen', () => {
    expect(resumeHint('r_1', { path: '', cwd: elsewhere })).toBe('npx kyc-screen run --resume r_1');
  });
});
