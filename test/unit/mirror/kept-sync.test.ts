import { describe, expect, it } from 'vitest';
import type { ForeignAgentRecord } from '../../../src/domain/records.js';
import { generateRegisters } from '../../../packages/lookup-emulator/src/registers/index.js';
import type { KeptMirror } from '../../../src/mirror/kept-store.js';
import { isFresh, syncDays, syncKeptMirror } from '../../../src/mirror/kept-sync.js';
import { mirrorDigest } from '../../../src/export/mirror-snapshot.js';
import { foreignAgent } from '../matching/fixtures.js';
import { registerSearch } from '../../helpers/fa-register-search.js';

const register = generateRegisters(42).foreignAgents;
const DAY = '2026-11-25';

function kept(records: readonly ForeignAgentRecord[], syncedThrough = '2026-11-23'): KeptMirror {
  return {
    records,
    sha256: mirrorDigest(records),
    builtAt: '2026-11-23T02:00:00.000Z',
    syncedThrough,
    syncedAt: '2026-11-23T02:00:00.000Z',
    undatedGaps: [],
  };
}

describe('syncing a kept mirror', () => {
  it('searches every day since the last sync, that day included, once each', async () => {
    expect(syncDays('2026-11-23', DAY)).toEqual(['2026-11-23', '2026-11-24', DAY]);
    expect(syncDays(DAY, '2026-11-24')).toEqual(['2026-11-24']);
    const search = registerSearch(register, 100);
    const result = await syncKeptMirror(kept(register), search, {
      until: DAY,
      resultCap: 100,
      now: new Date(),
    });
    expect(search.calls).toEqual([{ added: '2026-11-23' }, { added: '2026-11-24' }, { added: DAY }]);
    expect(result.complete && result.newRecords).toEqual([]);
    expect(result.complete && result.mirror.sha256).toBe(mirrorDigest(register));
  });

  it('adds the records of the days synced and names them as new', async () => {
    const added = foreignAgent({ name: 'Новая Запись', added: DAY, registration_number: 'FA-NEW' });
    const search = registerSearch([...register, added], 100);
    const result = await syncKeptMirror(kept(register), search, {
      until: DAY,
      resultCap: 100,
      now: new Date(),
    });
    if (!result.complete) throw new Error(result.reason);
    expect(result.newRecords.map((r) => r.data.registration_number)).toEqual(['FA-NEW']);
    expect(result.mirror.records).toHaveLength(register.length + 1);
    expect(result.mirror.syncedThrough).toBe(DAY);
    expect(result.mirror.builtAt).toBe('2026-11-23T02:00:00.000Z');
  });

  it("replaces a synced day's records with the day's answer: an edit is seen, the old text gone", async () => {
    const before = foreignAgent({ name: 'Старое Имя', added: '2026-11-24', registration_number: 'FA-E' });
    const after = foreignAgent({ name: 'Новое Имя', added: '2026-11-24', registration_number: 'FA-E' });
    const search = registerSearch([...register, after], 100);
    const result = await syncKeptMirror(kept([...register, before]), search, {
      until: DAY,
      resultCap: 100,
      now: new Date(),
    });
    if (!result.complete) throw new Error(result.reason);
    const names = result.mirror.records.map((r) => r.data.name);
    expect(names).toContain('Новое Имя');
    expect(names).not.toContain('Старое Имя');
  });

  it('changes nothing when a day search fails', async () => {
    const failing = () => Promise.reject(Object.assign(new Error('boom'), { code: 'KYC_ERR_UPSTREAM_5XX' }));
    const result = await syncKeptMirror(kept(register), failing, {
      until: DAY,
      resultCap: 100,
      now: new Date(),
    });
    expect(result.complete).toBe(false);
    expect(!result.complete && result.reason).toContain('KYC_ERR_UPSTREAM_5XX');
  });

  it('is fresh while its full enumeration is younger than the max age, never after', () => {
    const built = { builtAt: '2026-11-24T02:00:00.000Z' };
    const day = 24 * 3600 * 1000;
    expect(isFresh(built, day, new Date('2026-11-25T01:59:59.000Z'))).toBe(true);
    expect(isFresh(built, day, new Date('2026-11-25T02:00:00.000Z'))).toBe(false);
    expect(isFresh({ builtAt: 'garbage' }, day, new Date())).toBe(false);
  });
});
