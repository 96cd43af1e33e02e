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
    expect(() => parseApiTokens(`ops:${sha('o')}:root`)).toThrow(/name:sha256hex\[:admin\]/);
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
    expect(() => loadApiTokens({ KYC_API_TOKENS: `a:${sha('1')}`, KYC_API_TOKENS_FILE: '/x' })).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_CONFIG_INVALID' }),
    );
  });
});
