import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClientSchema } from '../../../src/api/schemas.js';

describe('the client of POST /v1/screen', () => {
  it('refuses a field of megabytes as too long, without running the character test over it', () => {
    // Non-ASCII text made the character test overflow the stack: a 500 instead of a 400.
    for (const text of ['я'.repeat(12_000_000), '😀'.repeat(6_000_000), 'a'.repeat(12_000_000)]) {
      const parsed = ClientSchema.safeParse({ full_name: text });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.code)).toEqual(['too_big']);
    }
  });

  it('reports a too long field as too long only, and a short one with a control character as such', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1001, maxLength: 3000, unit: 'grapheme' }), (text) => {
        fc.pre(text.length > 1000);
        const parsed = ClientSchema.safeParse({ full_name: text });
        expect(parsed.error?.issues.map((issue) => issue.code)).toEqual(['too_big']);
      }),
      { numRuns: 50 },
    );
    const control = ClientSchema.safeParse({ full_name: 'Иванов\nИван' });
    expect(control.error?.issues.map((issue) => issue.code)).toEqual(['invalid_format']);
    expect(ClientSchema.safeParse({ full_name: 'Иванов Иван' }).success).toBe(true);
  });
});
