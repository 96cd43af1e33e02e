import { describe, expect, it } from 'vitest';
import { KycError } from '../../../src/errors.js';
import { RegistryError, type RegistryErrorKind } from '../../../src/upstream/client/errors.js';
import { PacedOut, UpstreamHeld } from '../../../src/upstream/held.js';
import {
  backoffDelayMs,
  checkJobBackoff,
  outcomeAction,
  retryAfterWaitMs,
  upstreamBackoff,
  type OutcomeContext,
} from '../../../src/upstream/outcome-policy.js';

const failed = (kind: RegistryErrorKind, status: number, retryAfterMs?: number) =>
  new RegistryError({
    kind,
    operation: 'search.sanctions',
    status,
    request: 'GET /lists/search/sanctions?name=…',
    params: {},
    retryAfterMs,
  });

const context: OutcomeContext = { attempt: 1, attempts: 4, backoffMs: 1_000, maxRetryAfterMs: 60_000 };
const lowest = () => 0;
const highest = () => 0.999_999;

describe('outcomeAction', () => {
  it('pauses for a 429 Retry-After, one second when it gave none, never above the profile cap', () => {
    expect(outcomeAction(failed('rate_limited', 429, 3_000), context)).toEqual({
      kind: 'pause',
      ms: 3_000,
      askedMs: 3_000,
    });
    expect(outcomeAction(failed('rate_limited', 429), context)).toMatchObject({ kind: 'pause', ms: 1_000 });
    expect(outcomeAction(failed('rate_limited', 429, 86_400_000), context)).toEqual({
      kind: 'pause',
      ms: 60_000,
      askedMs: 86_400_000,
    });
  });

  it('a 429 never spends an attempt, however many came before', () => {
    const last = { ...context, attempt: 4 };
    expect(outcomeAction(failed('rate_limited', 429, 1_000), last).kind).toBe('pause');
  });

  it('holds a call the pacer or the breaker did not let out, for as long as they said', () => {
    expect(outcomeAction(new PacedOut(250), context)).toEqual({ kind: 'hold', ms: 250 });
    expect(outcomeAction(new UpstreamHeld(2_000, 'probing'), context)).toEqual({ kind: 'hold', ms: 2_000 });
    expect(outcomeAction(new PacedOut(0), context)).toEqual({ kind: 'hold', ms: 1 });
  });

  it.each([
    ['upstream', 503],
    ['timeout', 0],
    ['network', 0],
    ['malformed', 200],
    ['auth', 401],
  ] as const)('retries %s after the back-off, final at the last attempt', (kind, status) => {
    expect(outcomeAction(failed(kind, status), context, highest)).toMatchObject({
      kind: 'retry',
      final: false,
    });
    expect(outcomeAction(failed(kind, status), { ...context, attempt: 4 })).toMatchObject({
      kind: 'retry',
      final: true,
    });
  });

  it('fails for good on a request the service refuses as bad and on errors of this program', () => {
    expect(outcomeAction(failed('bad_request', 400), context)).toEqual({ kind: 'fail' });
    expect(outcomeAction(new KycError('KYC_ERR_INTERNAL', 'x'), context)).toEqual({ kind: 'fail' });
    expect(outcomeAction(new TypeError('x'), context)).toEqual({ kind: 'fail' });
  });
});

describe('backoffDelayMs', () => {
  it('doubles with every attempt, the last half of each wait drawn at random', () => {
    expect([1, 2, 3].map((a) => backoffDelayMs(a, 1_000, lowest))).toEqual([500, 1_000, 2_000]);
    expect([1, 2, 3].map((a) => backoffDelayMs(a, 1_000, highest))).toEqual([999, 1_999, 3_999]);
  });

  it('is what a retried call of the mirror and a retried check job both wait', () => {
    const action = outcomeAction(failed('upstream', 503), { ...context, attempt: 2 }, lowest);
    expect(action).toEqual({ kind: 'retry', ms: backoffDelayMs(2, 1_000, lowest), final: false });
  });
});

describe("BullMQ's back-off for check jobs", () => {
  it('draws the policy back-off from the delay the job was dispatched with', () => {
    const job = { opts: { backoff: checkJobBackoff(200) } };
    for (let i = 0; i < 50; i++) {
      const wait = upstreamBackoff(3, 'upstream', undefined, job);
      expect(wait).toBeGreaterThanOrEqual(400);
      expect(wait).toBeLessThan(800);
    }
  });

  it('refuses a back-off it does not know instead of retrying at once', () => {
    expect(() => upstreamBackoff(1, 'linear', undefined, { opts: {} })).toThrow(/unknown back-off/);
  });
});

describe('retryAfterWaitMs', () => {
  it('is the cap every 429 is honoured with', () => {
    expect(retryAfterWaitMs(undefined, 500)).toBe(500);
    expect(retryAfterWaitMs(200, 500)).toBe(200);
  });
});
