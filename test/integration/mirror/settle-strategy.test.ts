import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRegisters } from '../../../packages/lookup-emulator/src/registers/index.js';
import { silentLogger } from '../../../src/log.js';
import type { FaStrategyOption } from '../../../src/settings/fa-strategy-option.js';
import type { CheckKind } from '../../../src/domain/check.js';
import { settleForeignAgentStrategy } from '../../../src/mirror/fa-strategy.js';
import { MirrorStore } from '../../../src/mirror/store.js';
import { notePageSize } from '../../../src/upstream/page-size.js';
import { RunStore, type RunState } from '../../../src/run/state/run-store.js';
import { upstreamProfileSchema } from '../../../src/settings/upstream-profile.js';
import { connect, uniquePrefix } from '../../helpers/redis.js';
import { registerSearch } from '../../helpers/fa-register-search.js';

const INPUT = resolve('samples/clients.csv');
const ACCEPTING = upstreamProfileSchema.parse({ foreignAgentMirror: { acceptUndatedGap: true } });

function runState(
  id: string,
  faStrategy: FaStrategyOption,
  checks: readonly CheckKind[] = ['foreign_agent'],
): RunState {
  return {
    id,
    input: INPUT,
    inputSha256: '0'.repeat(64),
    inputBytes: statSync(INPUT).size,
    out: '/dev/null',
    evidence: '/dev/null',
    manifest: '/dev/null',
    priority: 'normal',
    window: 100,
    checks,
    createdAt: '2026-11-24T00:00:00.000Z',
    config: {},
    profile: ACCEPTING,
    faStrategy,
    status: 'running',
    dispatched: 0,
    written: 0,
  };
}

describe('settling a run’s foreign-agent strategy', () => {
  let redis: Redis;
  const prefix = uniquePrefix();
  beforeAll(() => {
    redis = connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  const settle = (run: RunState, search = registerSearch(generateRegisters(42).foreignAgents, 100)) =>
    settleForeignAgentStrategy({
      run,
      store: new RunStore(redis, prefix),
      mirrors: new MirrorStore(redis, prefix),
      source: { search, flush: () => Promise.resolve() },
      log: silentLogger(),
      now: () => new Date('2026-11-24T10:00:00Z'),
    }).then((settled) => ({ settled, calls: search.calls.length }));

  it('auto keeps per-client searches for the sample file, without a call, and says why', async () => {
    const { settled, calls } = await settle(runState('auto1', 'auto'));
    expect(calls).toBe(0);
    expect(settled?.note.strategy).toBe('search');
    expect(settled?.note).toMatchObject({
      reason: expect.stringMatching(/^auto: 200 rows × \d\.\d\d searches = \d+ calls ≤ 5122 for the mirror$/),
    });
  });

  it('a resumed run keeps its stored mirror and makes no enumeration call again', async () => {
    const first = await settle(runState('resume1', 'mirror'));
    expect(first.calls).toBe(5122);
    expect(first.settled?.mirrorSha256).toMatch(/^[0-9a-f]{64}$/);
    const again = await settle(runState('resume1', 'mirror'));
    expect(again.calls).toBe(0);
    expect(again.settled).toEqual(first.settled);
    // The paced search counts each call as it leaves (call-counts-faults.test.ts): the strategy adds none of
    // its own, or the enumeration would be counted twice.
    const counters = await new RunStore(redis, prefix).counters('resume1');
    expect(counters['calls:search.foreign_agent:200']).toBeUndefined();
  }, 60_000);

  describe('against a service that cuts answers at a page size below the profile’s cap of 100', () => {
    const register = generateRegisters(42).foreignAgents;
    const key = (r: { data: { registration_number: string; name: string } }) =>
      `${r.data.registration_number}|${r.data.name}`;
    const learnedAndSettled = async (runId: string, page: number) => {
      await notePageSize(redis, prefix, runId, page);
      const { settled } = await settle(runState(runId, 'mirror'), registerSearch(register, page));
      return settled?.note;
    };

    it('never takes a cut day as whole: a day of more records than a page falls back to searches', async () => {
      // Three days hold 8 records: cut at 7, and one of them has 7 individuals, so no split can show it whole.
      const note = await learnedAndSettled('paged7', 7);
      expect(note).toMatchObject({
        strategy: 'search',
        reason: expect.stringMatching(/^mirror incomplete: added=\d{4}-\d\d-\d\d agent_type .* \(7\)$/),
      });
    }, 60_000);

    it('splits a day whose answer is a full page by agent_type, and then has every record', async () => {
      const note = await learnedAndSettled('paged8', 8);
      if (note?.strategy !== 'mirror') throw new Error(JSON.stringify(note));
      expect(note.split_days).toBe(3);
      const stored = (await new MirrorStore(redis, prefix).load('paged8'))?.records;
      expect(stored?.map(key).sort()).toEqual(register.map(key).sort());
    }, 60_000);
  });

  it('decides nothing for a run without the foreign-agent check', async () => {
    const { settled, calls } = await settle(runState('nofa', 'mirror', ['sanctions']));
    expect(settled).toBeUndefined();
    expect(calls).toBe(0);
  });
});
