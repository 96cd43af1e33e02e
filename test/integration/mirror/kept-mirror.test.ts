import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_AGENT_FIELDS, type ForeignAgentRecord } from '../../../src/domain/records.js';
import { summaryTable } from '../../../src/cli-ui/summary.js';
import type { Manifest } from '../../../src/export/manifest.js';
import { utcDay } from '../../../src/domain/day-range.js';
import { keptMirrorPattern } from '../../../src/mirror/kept-store.js';
import { computeDelta } from '../../../src/reporting/delta/report.js';
import { upstreamProfileSchema } from '../../../src/settings/upstream-profile.js';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

/**
 * The kept mirror of the foreign-agent register across nights, against the emulator behind a test
 * upstream that can list a record "added today": night 1 enumerates the register and keeps the mirror;
 * night 2 syncs it with one `added=<today>` search, finds the new record, and hits the client it names
 * without a foreign-agent call of any client's own.
 */
const INPUT = 'samples/clients.csv';
const PROFILE = upstreamProfileSchema.parse({ foreignAgentMirror: { acceptUndatedGap: true } });
const FA_PATH = '/lists/search/minjust_foreign_agent';
const DAY_MS = 24 * 3600 * 1000;
// A clean sample client (a reserved surname): CLEAR on night 1, named by the register on night 2.
const LISTED = { name: 'Воронцов Юрий Алексеевич', inn: '779067382353', row: 2 };

function record(data: Partial<Record<(typeof FOREIGN_AGENT_FIELDS)[number], string>>): ForeignAgentRecord {
  const full = Object.fromEntries(FOREIGN_AGENT_FIELDS.map((f) => [f, data[f] ?? '']));
  return {
    source: 'minjust_foreign_agent',
    data: full as unknown as ForeignAgentRecord['data'],
    added_at: '',
    updated_at: '',
  };
}

/** The emulator, with records it does not have listed in the foreign-agent answers the mirror asks for. */
class PlantingUpstream {
  readonly planted: ForeignAgentRecord[] = [];
  readonly faQueries: URLSearchParams[] = [];
  private server: Server | undefined;

  async start(emulatorUrl: string): Promise<string> {
    this.server = createServer((req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', emulatorUrl);
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
        delete headers.host;
        const answer = await fetch(new URL(url.pathname + url.search, emulatorUrl), { headers });
        let body = Buffer.from(await answer.arrayBuffer());
        if (url.pathname.endsWith(FA_PATH) && answer.status === 200) {
          this.faQueries.push(url.searchParams);
          body = Buffer.from(
            JSON.stringify([
              ...(JSON.parse(body.toString('utf8')) as unknown[]),
              ...this.extra(url.searchParams),
            ]),
          );
        }
        res.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
        });
        res.end(body);
      })().catch(() => res.destroy());
    });
    await new Promise<void>((done) => this.server?.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The planted records an answer to these parameters holds: the mirror asks by day and by kind. */
  private extra(params: URLSearchParams): ForeignAgentRecord[] {
    const keys = [...params.keys()];
    if (keys.some((k) => k !== 'added' && k !== 'agent_type')) return [];
    return this.planted.filter(
      (r) =>
        (!params.has('added') || params.get('added') === r.data.added) &&
        (!params.has('agent_type') || params.get('agent_type') === r.data.agent_type),
    );
  }

  async close(): Promise<void> {
    await new Promise((done) => this.server?.close(done));
  }
}

interface Night {
  header: string[];
  rows: string[][];
  manifest: Manifest & { foreign_agent_mirror?: Record<string, unknown> };
  faCalls: number;
  dir: string;
  summary: string;
}

const upstream = new PlantingUpstream();
let pipeline: TestPipeline;

async function night(runId: string, faStrategy?: 'mirror' | 'auto'): Promise<Night> {
  upstream.faQueries.length = 0;
  const id = await pipeline.submit(INPUT, {
    runId,
    profile: PROFILE,
    checks: ['foreign_agent'],
    ...(faStrategy ? { faStrategy } : {}),
  });
  const { run, counters } = await pipeline.finish(id, 300_000);
  const [header = [], ...rows] = parse(readFileSync(run.out, 'utf8'), { bom: true });
  return {
    header,
    rows,
    manifest: JSON.parse(readFileSync(run.manifest, 'utf8')) as Night['manifest'],
    faCalls: upstream.faQueries.length,
    dir: join(run.out, '..'),
    summary: summaryTable(run, counters),
  };
}

const verdictOf = (n: Night, row: string[]) => row[n.header.indexOf('kyc_verdict')] ?? '';
const keptKeys = () => pipeline.redis.keys(keptMirrorPattern(pipeline.prefix));

let plain: Night;
let first: Night;
let second: Night;
let keysAfterPlain: string[];

beforeAll(async () => {
  pipeline = await startTestPipeline({
    settings: { rate: 2_000 },
    upstreamUrl: (emulatorUrl) => upstream.start(emulatorUrl),
    // The policy of the run: only the `kept-` runs allow the kept mirror, a day old at most.
    keptMirror: (run) => (run.id.startsWith('kept-') ? DAY_MS : run.id.startsWith('stale-') ? 1 : undefined),
  });
  plain = await night('plain-1', 'mirror');
  keysAfterPlain = await keptKeys();
  first = await night('kept-1', 'mirror');
  upstream.planted.push(
    record({
      name: LISTED.name,
      inn: LISTED.inn,
      agent_type: 'Физическое лицо',
      registration_number: 'FA-TODAY-1',
      added: utcDay(new Date()),
    }),
  );
  // Night 2 asks as an ordinary run would (auto): 200 rows would search per client without a kept mirror.
  second = await night('kept-2');
}, 900_000);

afterAll(async () => {
  await pipeline.close();
  await upstream.close();
});

describe('the kept foreign-agent mirror', () => {
  it('is neither kept nor read under the default policy', () => {
    expect(keysAfterPlain).toEqual([]);
    expect(plain.manifest.foreign_agent_mirror).toBeUndefined();
    expect(plain.faCalls).toBeGreaterThan(1_000);
  });

  it('is kept by the run that enumerated the register, which costs what it did before', async () => {
    expect(first.faCalls).toBe(plain.faCalls);
    expect(first.rows.map((r) => verdictOf(first, r))).toEqual(plain.rows.map((r) => verdictOf(plain, r)));
    expect((await keptKeys()).length).toBeGreaterThanOrEqual(2);
  });

  it('is synced on night 2 with the day searches alone, and no client searches on its own', () => {
    expect(second.faCalls).toBeLessThanOrEqual(2);
    for (const query of upstream.faQueries) expect([...query.keys()].sort()).toEqual(['added']);
    expect(second.manifest.foreign_agent_strategy).toMatchObject({ strategy: 'mirror' });
  });

  it('hits a client listed today, and leaves every other verdict as it was', () => {
    const row = second.rows[LISTED.row - 1] ?? [];
    expect(row[second.header.indexOf('full_name')]).toBe(LISTED.name);
    // Only the foreign-agent check runs: a client it clears reads PARTIAL, never HIT.
    expect(verdictOf(first, first.rows[LISTED.row - 1] ?? [])).not.toBe('HIT');
    expect(verdictOf(second, row)).toBe('HIT');
    expect(row[second.header.indexOf('kyc_matches')]).toContain('FA-TODAY-1');
    const others = (n: Night) => n.rows.filter((_, i) => i !== LISTED.row - 1).map((r) => verdictOf(n, r));
    expect(others(second)).toEqual(others(first));
  });

  it('says in the manifest that the register changed and whom it hit', () => {
    expect(second.manifest.foreign_agent_mirror).toMatchObject({
      synced_days: 1,
      new_records: 1,
      new_record_ids: ['FA-TODAY-1'],
      clients_hit_by_new_records: 1,
      rows_hit_by_new_records: [LISTED.row],
    });
  });

  it('says in the run summary that the register changed and hit a client', () => {
    expect(second.summary).toMatch(
      /register change\s+1 new foreign-agent records in 1 days synced: 1 client hit/,
    );
    expect(first.summary).not.toContain('register change');
  });

  it("marks the client in the delta as hit by the register's change, not by its own", async () => {
    const delta = await computeDelta(join(first.dir, 'verdicts.csv'), join(second.dir, 'verdicts.csv'));
    const [entry] = delta.entries;
    expect(entry?.current?.name).toBe(LISTED.name);
    expect(entry?.changes).toContain('NEW_HIT');
    expect(entry?.registerChange).toEqual(['FA-TODAY-1']);
    expect(delta.entries.filter((e) => e.registerChange)).toHaveLength(1);
  });

  it('is enumerated again in full once older than the max age, the new record in it', async () => {
    const stale = await night('stale-1', 'mirror');
    expect(stale.faCalls).toBeGreaterThan(1_000);
    expect(stale.manifest.foreign_agent_mirror).toBeUndefined();
    expect(stale.manifest.foreign_agent_strategy).not.toHaveProperty('kept');
    expect(verdictOf(stale, stale.rows[LISTED.row - 1] ?? [])).toBe('HIT');
  });
});
