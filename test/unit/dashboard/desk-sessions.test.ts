import { describe, expect, it } from 'vitest';
import { inboxFilter, PAGE_SIZE } from '../../../src/dashboard/desk/inbox-page.js';
import { servedOverHttps } from '../../../src/dashboard/desk/desk-routes.js';
import { DeskSessions } from '../../../src/dashboard/desk/sessions.js';
import { SignInThrottle } from '../../../src/dashboard/desk/sign-in-throttle.js';
import { trustedProxyOf } from '../../../src/settings/trusted-proxy.js';
import { OPEN_STATUSES } from '../../../src/desk/types.js';

const alice = { name: 'alice', roles: ['analyst'] as const };

describe('desk sessions', () => {
  it('name the person until they expire, and not after; a sign-out ends one at once', () => {
    let now = 1_000;
    const sessions = new DeskSessions(60_000, () => now);
    const first = sessions.open(alice);
    const second = sessions.open(alice);
    expect(first.id).not.toBe(second.id);
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(first.maxAgeSeconds).toBe(60);
    expect(sessions.person(first.id)).toEqual(alice);
    expect(sessions.person('made-up')).toBeUndefined();
    sessions.close(second.id);
    expect(sessions.person(second.id)).toBeUndefined();
    now += 60_000;
    expect(sessions.person(first.id)).toBeUndefined();
  });
});

describe('a session and its token', () => {
  it('ends when the token expires, before the session time would', () => {
    let now = 1_000;
    const sessions = new DeskSessions(8 * 3_600_000, () => now);
    const opened = sessions.open(alice, now + 600_000);
    expect(opened.maxAgeSeconds).toBe(600);
    now += 599_000;
    expect(sessions.person(opened.id)).toEqual(alice);
    now += 1_000;
    expect(sessions.person(opened.id)).toBeUndefined();
    // A token that outlives the session's time leaves the session's time as it was.
    expect(sessions.open(alice, now + 86_400_000).maxAgeSeconds).toBe(8 * 3600);
  });
});

describe('the Secure cookie behind a proxy', () => {
  it('believes X-Forwarded-Proto only with KYC_TRUSTED_PROXY set', () => {
    expect(servedOverHttps('http:', 'https', true)).toBe(true);
    expect(servedOverHttps('http:', 'https, http', true)).toBe(true);
    expect(servedOverHttps('http:', 'https', false)).toBe(false);
    expect(servedOverHttps('http:', 'http', true)).toBe(false);
    expect(servedOverHttps('https:', undefined, false)).toBe(true);
    expect(trustedProxyOf({ KYC_TRUSTED_PROXY: '1' })).toBe(true);
    expect(trustedProxyOf({})).toBe(false);
    expect(() => trustedProxyOf({ KYC_TRUSTED_PROXY: 'yes please' })).toThrow(/KYC_TRUSTED_PROXY/);
  });
});

describe('the inbox filter of a query', () => {
  it('defaults to the open statuses, first page, and reads every filter', () => {
    expect(inboxFilter(new URLSearchParams())).toEqual({
      status: [...OPEN_STATUSES],
      limit: PAGE_SIZE,
      offset: 0,
    });
    expect(
      inboxFilter(
        new URLSearchParams(
          'status=false_positive&register=sanctions&run=r1&sighting=seen_again&min_age=2&max_age=30&offset=50',
        ),
      ),
    ).toEqual({
      status: ['false_positive'],
      register: 'sanctions',
      runId: 'r1',
      sighting: 'seen_again',
      minAgeDays: 2,
      maxAgeDays: 30,
      limit: PAGE_SIZE,
      offset: 50,
    });
    expect(inboxFilter(new URLSearchParams('status=all'))).toEqual({ limit: PAGE_SIZE, offset: 0 });
  });

  it('names the field it cannot read instead of ignoring it', () => {
    expect(inboxFilter(new URLSearchParams('status=closed'))).toEqual({ bad: 'status' });
    expect(inboxFilter(new URLSearchParams('sighting=old'))).toEqual({ bad: 'sighting' });
    expect(inboxFilter(new URLSearchParams('min_age=-1'))).toEqual({ bad: 'min_age' });
    expect(inboxFilter(new URLSearchParams('offset=1e3'))).toEqual({ bad: 'offset' });
  });

  it('refuses a register or run with a NUL or control character, and an age beyond a century', () => {
    expect(inboxFilter(new URLSearchParams('register=%00'))).toEqual({ bad: 'register' });
    expect(inboxFilter(new URLSearchParams('run=r%001'))).toEqual({ bad: 'run' });
    expect(inboxFilter(new URLSearchParams('register=san%0Actions'))).toEqual({ bad: 'register' });
    expect(inboxFilter(new URLSearchParams('min_age=999999'))).toEqual({ bad: 'min_age' });
    expect(inboxFilter(new URLSearchParams('max_age=36501'))).toEqual({ bad: 'max_age' });
    expect(inboxFilter(new URLSearchParams('max_age=36500'))).toMatchObject({ maxAgeDays: 36_500 });
  });
});

describe('failed sign-ins', () => {
  it('refuse an address or a name after five failures in the window, then let it try again', () => {
    let now = 0;
    const throttle = new SignInThrottle(5, 60_000, 100, () => now);
    for (let i = 0; i < 5; i++) {
      expect(throttle.blocked('10.0.0.1', 'alice')).toBe(false);
      throttle.failed('10.0.0.1', 'alice');
    }
    expect(throttle.blocked('10.0.0.1', 'bob')).toBe(true);
    expect(throttle.blocked('10.0.0.2', 'ALICE')).toBe(true);
    expect(throttle.blocked('10.0.0.2', 'bob')).toBe(false);
    now += 60_000;
    expect(throttle.blocked('10.0.0.1', 'alice')).toBe(false);
  });

  it('hold at most the keys they are given, however many addresses try', () => {
    const throttle = new SignInThrottle(5, 60_000, 100);
    for (let i = 0; i < 10_000; i++) throttle.failed(`10.0.${i >> 8}.${i & 255}`, `name${i}`);
    expect(throttle.size).toBeLessThanOrEqual(100);
  });
});
