import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApiTokens, parseApiTokens, tokenName, tokenOf } from '../../../src/api/tokens.js';
import { canSee } from '../../../src/api/run-access.js';

const sha = (token: string) => createHash('sha256').update(token).digest('hex');

describe('API tokens', () => {
  it('finds the name of a presented token by its sha256, and nothing for another token or the hash', () => {
    const tokens = parseApiTokens(`alice:${sha('a-secret')},bob:${sha('b-secret').toUpperCase()}`);
    expect(tokenName(tokens, 'a-secret')).toBe('alice');
    expect(tokenName(tokens, 'b-secret')).toBe('bob');
    expect(tokenName(tokens, 'a-secret ')).toBeUndefined();
    expect(tokenName(tokens, sha('a-secret'))).toBeUndefined();
    expect(tokenName(tokens, '')).toBeUndefined();
  });

  it('marks a token admin with a third field, and lets only it see the runs of other tokens', () => {
    const tokens = parseApiTokens(`alice:${sha('a')},ops:${sha('o')}:admin`);
    expect(tokens.map((t) => [t.name, t.admin])).toEqual([
      ['alice', false],
      ['ops', true],
    ]);
    const alice = { submitter: 'alice', admin: false };
    const ops = { submitter: 'ops', admin: true };
    expect(tokenOf(tokens, 'o')).toMatchObject({ name: 'ops', admin: true });
    expect(canSee(alice, { submitter: 'alice' })).toBe(true);
    expect(canSee(alice, { submitter: 'bob' })).toBe(false);
    expect(canSee(ops, { submitter: 'bob' })).toBe(true);
    // A run of the command line is no API client's, admin or not.
    expect(canSee(ops, {})).toBe(false);
    expect(() => parseApiTokens(`ops:${sha('o')}:root`)).toThrow(
      /name:sha256hex\[:admin\+analyst\+approver\]/,
    );
    expect(() => parseApiTokens(`ops:${sha('o')}:admin:x`)).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_API_TOKENS' }),
    );
  });

  it('reads a file of one entry a line, with comments and blank lines', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kyc-tokens-')), 'tokens');
    writeFileSync(file, `# clients of the API\nalice:${sha('a')}\n\nbob:${sha('b')}\n`);
    const tokens = loadApiTokens({ KYC_API_TOKENS_FILE: file });
    expect(tokens.map((t) => t.name)).toEqual(['alice', 'bob']);
    expect(tokenName(tokens, 'b')).toBe('bob');
  });

  it('refuses to start without tokens, with a malformed entry or a name twice, never echoing an entry', () => {
    expect(() => loadApiTokens({})).toThrow(expect.objectContaining({ code: 'KYC_ERR_API_TOKENS' }));
    expect(() => parseApiTokens(' , ')).toThrow(expect.objectContaining({ code: 'KYC_ERR_API_TOKENS' }));
    // A token pasted where its hash belongs must not end up in the error.
    const pasted = 'alice:plain-token-value';
    expect(() => parseApiTokens(pasted)).toThrow(expect.objectContaining({ code: 'KYC_ERR_API_TOKENS' }));
    try {
      parseApiTokens(pasted);
    } catch (error) {
      expect(String(error)).not.toContain('plain-token-value');
    }
    expect(() => parseApiTokens(`a:${sha('1')},a:${sha('2')}`)).toThrow(/listed twice/);
    // The desk tells people apart by name: two entries that differ only in case are one person twice.
    expect(() => parseApiTokens(`alice:${sha('1')}:analyst\nAlice:${sha('2')}:approver`)).toThrow(
      /Alice differs from alice only in case/,
    );
    expect(() => loadApiTokens({ KYC_API_TOKENS: `a:${sha('1')}`, KYC_API_TOKENS_FILE: '/x' })).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_CONFIG_INVALID' }),
    );
  });

  it('names the line of a malformed entry in a file, and what is wrong with it, never its text', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kyc-tokens-')), 'tokens');
    const secret = 'pasted-Secret-Token-Value-1234567890';
    writeFileSync(file, `# clients\nalice:${sha('a')}\n\nbob:${secret}\n`);
    const error = (() => {
      try {
        loadApiTokens({ KYC_API_TOKENS_FILE: file });
      } catch (thrown) {
        return thrown as { code: string; message: string };
      }
      throw new Error('not refused');
    })();
    expect(error.code).toBe('KYC_ERR_API_TOKENS');
    expect(error.message).toMatch(/line 4 has no sha256/u);
    expect(error.message).not.toContain(secret);
    expect(() => parseApiTokens(`a:${sha('1')}\nb:${sha('2')},c:nothex`)).toThrow(/line 2, entry 2/u);
  });

  it('refuses the hash of an empty token, one hash under two names, and a blank KYC_API_TOKENS', () => {
    expect(() => parseApiTokens(`alice:${sha('')}`)).toThrow(/empty token/u);
    expect(() => parseApiTokens(`alice:${sha('x')},bob:${sha('x').toUpperCase()}`)).toThrow(/same hash/u);
    expect(() => loadApiTokens({ KYC_API_TOKENS: '   ' })).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_CONFIG_INVALID', message: expect.stringMatching(/blank/u) }),
    );
  });

  it('reads roles joined by + as the third field, admin among them keeping its meaning', () => {
    const [bob, ops, eve] = parseApiTokens(
      `bob:${sha('b')}:analyst+approver,ops:${sha('o')}:admin+approver:expires=2030-01-01,eve:${sha('e')}`,
    );
    expect(bob).toMatchObject({ name: 'bob', admin: false, roles: ['analyst', 'approver'] });
    expect(ops).toMatchObject({ admin: true, roles: ['admin', 'approver'] });
    expect(eve).toMatchObject({ admin: false, roles: [] });
    for (const bad of ['analyst+auditor', 'analyst+analyst', 'analyst:approver', 'analyst+'])
      expect(() => parseApiTokens(`bob:${sha('b')}:${bad}`), bad).toThrow(/roles/u);
  });

  it('takes an expiry date, alone or with admin, and refuses one that is not a date', () => {
    const [alice, ops] = parseApiTokens(
      `alice:${sha('a')}:expires=2030-01-31,ops:${sha('o')}:expires=2029-12-01:admin`,
    );
    expect(alice).toMatchObject({
      name: 'alice',
      admin: false,
      expiresAt: Date.parse('2030-01-31T00:00:00Z'),
    });
    expect(ops).toMatchObject({ admin: true, expiresAt: Date.parse('2029-12-01T00:00:00Z') });
    expect(parseApiTokens(`bob:${sha('b')}`)[0]?.expiresAt).toBeUndefined();
    for (const bad of [
      'expires=2030-02-30',
      'expires=31.01.2030',
      'expires=',
      'admin:admin',
      'expires=2030-01-01:expires=2030-01-02',
    ])
      expect(() => parseApiTokens(`alice:${sha('a')}:${bad}`), bad).toThrow(
        expect.objectContaining({ code: 'KYC_ERR_API_TOKENS' }),
      );
  });
});
