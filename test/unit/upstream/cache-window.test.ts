import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cacheWindowOf,
  lastDroppableGeneration,
  requestDigest,
} from '../../../src/upstream/request-cache.js';

const cacheRows = fc.integer({ min: 1, max: 200_000 });
const row = fc.integer({ min: 1, max: 5_000_000 });

describe('cache generations of a run', () => {
  it('a repeat within --cache-rows rows of the last use is in a generation the later row consults', () => {
    fc.assert(
      fc.property(cacheRows, row, fc.nat(), (n, x, gap) => {
        const y = x + (gap % (n + 1));
        const earlier = cacheWindowOf(x, n);
        const later = cacheWindowOf(y, n);
        expect(later.generation - earlier.generation).toBeLessThan(later.span);
      }),
    );
  });

  it('the writer never drops a generation that a row not yet written consults', () => {
    fc.assert(
      fc.property(cacheRows, row, fc.integer({ min: 1, max: 1_000_000 }), (n, written, ahead) => {
        const inFlight = cacheWindowOf(written + ahead, n);
        const oldestConsulted = inFlight.generation - inFlight.span + 1;
        expect(lastDroppableGeneration(written, n)).toBeLessThan(oldestConsulted);
      }),
    );
  });

  it('holds at most about --cache-rows × 1.25 rows of answers behind the writer', () => {
    // 10,000 rows: generations of 2,500 rows, the last five kept.
    expect(cacheWindowOf(9_999, 10_000)).toEqual({ generation: 3, span: 5 });
    expect(lastDroppableGeneration(14_999, 10_000)).toBe(0);
    expect(lastDroppableGeneration(12_499, 10_000)).toBe(-1);
  });
});

describe('requestDigest', () => {
  it('ignores parameter order and tells operations apart', () => {
    expect(requestDigest('client.debt', { a: '1', b: '2' })).toBe(
      requestDigest('client.debt', { b: '2', a: '1' }),
    );
    expect(requestDigest('client.debt', { inn: '1' })).not.toBe(
      requestDigest('search.bankruptcy', { inn: '1' }),
    );
  });
});
