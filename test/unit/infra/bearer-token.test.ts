import { describe, expect, it } from 'vitest';
import { bearerToken, secretMatches } from '../../../src/infra/bearer-token.js';

describe('the one reading of Authorization: Bearer (API and dashboard)', () => {
  it('takes the token after the scheme, in any case, with spaces around it', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer   abc ')).toBe('abc');
  });

  it('finds no token in another scheme, two words, a bare scheme or no header', () => {
    expect(bearerToken('Basic YWxhZGRpbjpvcGVu')).toBeUndefined();
    expect(bearerToken('Bearer abc def')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken('Bearerabc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });

  it('compares secrets whole: a prefix or a longer value does not match', () => {
    expect(secretMatches('s3cret-token', 's3cret-token')).toBe(true);
    expect(secretMatches('s3cret', 's3cret-token')).toBe(false);
    expect(secretMatches('s3cret-token-and-more', 's3cret-token')).toBe(false);
    expect(secretMatches(undefined, 's3cret-token')).toBe(false);
  });
});
