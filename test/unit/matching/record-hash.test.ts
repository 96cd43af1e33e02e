import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { canonicalJson, contentId, recordHash } from '../../../src/matching/index.js';

describe('canonicalJson', () => {
  it('sorts keys at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}',
    );
  });

  it('leaves undefined members out, as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: 'x' })).toBe('{"b":"x"}');
  });
});

describe('recordHash', () => {
  it('is the sha256 of the canonical JSON', () => {
    const data = { name: 'Ковалёв', inn: '' };
    expect(recordHash(data)).toBe(createHash('sha256').update('{"inn":"","name":"Ковалёв"}').digest('hex'));
  });

  it('does not depend on key order', () => {
    expect(recordHash({ a: 1, b: 2 })).toBe(recordHash({ b: 2, a: 1 }));
  });

  it('contentId is short and prefixed', () => {
    expect(contentId('sanctions', { name: 'X' })).toMatch(/^sanctions:[0-9a-f]{16}$/u);
  });
});
