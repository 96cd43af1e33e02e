import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { MIN_TOKEN_LENGTH, requireStrongToken } from '../../../src/dashboard/auth.js';

const refusal = (token: string) => {
  try {
    requireStrongToken(token);
    return undefined;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    if (token.length >= 8) expect(message).not.toContain(token);
    return code;
  }
};

describe('the dashboard token', () => {
  it('refuses a short one, a blank one, one of spaces inside, one character or a pattern repeated', () => {
    for (const weak of [
      'a',
      'ci',
      'dashboard-test-token-7f3a',
      'x'.repeat(40),
      'ab'.repeat(20),
      'abcdefgh'.repeat(5),
      'password1'.repeat(4),
      `${randomBytes(16).toString('hex')} ${randomBytes(4).toString('hex')}`,
    ])
      expect(refusal(weak), weak).toBe('KYC_ERR_DASHBOARD_TOKEN');
  });

  it('takes random tokens of 32 characters and more, hex or base64', () => {
    fc.assert(
      fc.property(fc.integer({ min: 24, max: 48 }), fc.boolean(), (bytes, hex) => {
        const token = randomBytes(bytes).toString(hex ? 'hex' : 'base64url');
        expect(token.length).toBeGreaterThanOrEqual(MIN_TOKEN_LENGTH);
        expect(refusal(token)).toBeUndefined();
      }),
    );
  });

  it('is trimmed, and a blank value is refused whether from the environment or a file', () => {
    const token = randomBytes(20).toString('hex');
    expect(loadConfig({ KYC_DASHBOARD_TOKEN: `  ${token}\n` }).dashboardToken).toBe(token);
    expect(() => loadConfig({ KYC_DASHBOARD_TOKEN: ' ' })).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_CONFIG_INVALID', message: expect.stringMatching(/blank/u) }),
    );
  });
});
