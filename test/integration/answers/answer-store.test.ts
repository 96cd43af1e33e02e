import type { Redis } from 'ioredis';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueSeal } from '../../../src/answers/answer-key.js';
import { throughAnswerStore } from '../../../src/answers/answer-layer.js';
import { AnswerStore, answerKeyPattern, purgeAnswers } from '../../../src/answers/answer-store.js';
import { parseMaxAge } from '../../../src/settings/answer-policy.js';
import { connect, dumpKeys, uniquePrefix } from '../../helpers/redis.js';

const INN = '500100732259';
const schema = z.looseObject({ d: z.array(z.string()), s: z.number() });
type Answer = z.infer<typeof schema>;
const policy = parseMaxAge('debtor=30d,sanctions=1d');

let redis: Redis;
let prefix: string;
let store: AnswerStore;
let calls: number;
/** What the store said of each damaged entry it refused: the operation and why. */
let damaged: string[];

beforeAll(() => {
  redis = connect();
});
afterAll(async () => {
  await redis.quit();
});

function fresh() {
  prefix = uniquePrefix();
  store = new AnswerStore(redis, prefix, { secret: Buffer.alloc(32, 3), upstream: 'https://lookup.test' });
  calls = 0;
  damaged = [];
}

function ask(
  operation: string,
  params: Record<string, string>,
  answer: Answer | Error = { d: ['x'], s: 200 },
) {
  const answers = { store, policy, damaged: (op: string, why: string) => void damaged.push(`${op} ${why}`) };
  return throughAnswerStore(answers, operation, params, schema, () => {
    calls++;
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  });
}

async function keys(): Promise<string[]> {
  return redis.keys(answerKeyPattern(prefix));
}

describe('the answer store', () => {
  it('answers a repeated request from the store with the time it was fetched, for another client too', async () => {
    fresh();
    const before = Date.now();
    expect(await ask('search.sanctions', { last_name: 'Иванов' })).toEqual({ d: ['x'], s: 200 });
    const again = await ask('search.sanctions', { last_name: 'Иванов' });
    expect(calls).toBe(1);
    expect(again).toMatchObject({ d: ['x'], s: 200 });
    expect(again.t).toBeGreaterThanOrEqual(before);
    // The key names no client and no search; the expiry is the check's max age.
    const [key = ''] = await keys();
    expect(await keys()).toHaveLength(1);
    expect(key).not.toContain('Иванов');
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(86_400_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(86_400_000);
  });

  it('never keeps the answer of a failed call, and keeps nothing of a check the policy does not name', async () => {
    fresh();
    await expect(ask('client.debt', { inn: INN }, new Error('503'))).rejects.toThrow('503');
    expect(await keys()).toEqual([]);
    await ask('client.debt', { inn: INN });
    expect(calls).toBe(2);
    await ask('search.bankruptcy', { search_string: INN });
    await ask('search.bankruptcy', { search_string: INN });
    expect(calls).toBe(4);
    expect(await keys()).toHaveLength(1);
    expect(await dumpKeys(redis, prefix)).not.toContain(INN);
  });

  it('uses no answer older than the max age of the asking run', async () => {
    fresh();
    await store.keep(
      'client.debt',
      { inn: INN },
      { d: ['old'], s: 200 },
      40 * 86_400_000,
      Date.now() - 31 * 86_400_000,
    );
    expect(await ask('client.debt', { inn: INN })).toEqual({ d: ['x'], s: 200 });
    expect(calls).toBe(1);
    // The fresh answer took its place.
    expect((await ask('client.debt', { inn: INN })).d).toEqual(['x']);
    expect(calls).toBe(1);
  });

  it('discards a damaged, cut or moved entry instead of reading it, and asks again', async () => {
    fresh();
    await ask('client.debt', { inn: INN });
    const [first = ''] = await keys();
    await ask('client.debt', { inn: '7707083893' });
    const second = (await keys()).find((key) => key !== first) ?? '';
    const whole = (await redis.get(first)) ?? '';
    const body = JSON.stringify({ t: Date.now(), a: { d: 'not a list', s: 200 } });
    const mac = first.slice(first.lastIndexOf(':') + 1);
    const entries: [string, string][] = [
      [whole.slice(0, whole.length - 5), 'seal'], // cut short
      [whole.replace('"x"', '"y"'), 'seal'], // changed under its seal
      ['not an entry', 'seal'],
      [(await redis.get(second)) ?? '', 'seal'], // another request's entry under this key
      [`${valueSeal(Buffer.alloc(32, 3), mac, body)}.${body}`, 'content'], // sealed, but not an answer
    ];
    for (const [value, why] of entries) {
      await redis.set(first, value);
      calls = 0;
      damaged = [];
      expect(await ask('client.debt', { inn: INN })).toEqual({ d: ['x'], s: 200 });
      expect(calls, value.slice(0, 30)).toBe(1);
      // The damaged entry was replaced by the new answer: never read, and said so (no INN in what is said).
      expect(await redis.get(first)).not.toBe(value);
      expect(damaged).toEqual([`client.debt ${why}`]);
    }
    // A whole entry is read without a word.
    damaged = [];
    await ask('client.debt', { inn: INN });
    expect(damaged).toEqual([]);
  });

  it('is emptied by purge', async () => {
    fresh();
    await ask('client.debt', { inn: INN });
    await ask('search.sanctions', { last_name: 'Петров' });
    expect(await purgeAnswers(redis, prefix)).toBe(2);
    expect(await keys()).toEqual([]);
    await ask('client.debt', { inn: INN });
    expect(calls).toBe(3);
  });
});
