/**
 * Calls per client of a nightly rescreening of a realistic person portfolio (`npm run bench:portfolio`):
 * Zipf-distributed surnames, every client with a valid INN (lib/portfolio-file.ts). The file is read by
 * the real ingest and planned by the real request plans; the run's request cache is replayed by its
 * documented rule (a request repeated within --cache-rows rows of the answer's last use is not sent again),
 * so the figure is the number of requests a run sends, without an upstream. Not counted: the narrower
 * query of an answer that fills the result cap (it depends on the register's content) and retries.
 *
 * With the foreign-agent mirror (docs/foreign-agent-mirror.md) the foreign-agent column is the enumeration's
 * calls (measured on the emulator's register: one search per day of the default range up to today, one per
 * agent_type, plus any split) divided by the clients; the other checks are planned as without it. The
 * local matching of every client against that mirror is timed too (candidate index), beside the time of
 * scoring a sample of clients against every record (no index), scaled to the portfolio.
 *
 *   npm run bench:portfolio                      100,000 clients
 *   npm run bench:portfolio -- --rows 20000 --cache-rows 10000
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkForeignAgentOnMirror } from '../../src/checks/mirror-check.js';
import { planCheck, searchName, type PlannedRequest } from '../../src/checks/plan.js';
import { CORE_CHECK_KINDS, type CoreCheckKind } from '../../src/domain/check.js';
import type { Client } from '../../src/domain/client.js';
import type { ForeignAgentRecord } from '../../src/domain/records.js';
import { generateRegisters } from '../../packages/lookup-emulator/src/registers/index.js';
import { foreignAgentRegister } from '../../packages/lookup-emulator/src/routes/lists.js';
import { openClientFile } from '../../src/ingest/index.js';
import { FOREIGN_AGENT_REGISTER_START, utcDay } from '../../src/domain/day-range.js';
import { enumerateForeignAgents } from '../../src/mirror/enumerate.js';
import { MirrorIndex } from '../../src/mirror/local-index.js';
import { decideForeignAgent } from '../../src/verdict/index.js';
import { upstreamProfileSchema, type UpstreamProfile } from '../../src/settings/upstream-profile.js';
import { writePortfolioFile } from './lib/portfolio-file.js';
import { benchFlag } from './lib/figures.js';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => benchFlag(name, args);
const ROWS = Number(flag('rows') ?? 100_000);
const CACHE_ROWS = Number(flag('cache-rows') ?? 10_000);

type Planner = (kind: CoreCheckKind, client: Client) => readonly PlannedRequest[];

/** One spelling per name search and the INN only without a name: the plans before spellings. */
const singleSpelling: Planner = (kind, client) => {
  const name = searchName(client);
  if (kind === 'foreign_agent') {
    if (name) return [{ operation: 'search.foreign_agent', params: { name }, narrowers: [] }];
    return client.inn
      ? [{ operation: 'search.foreign_agent', params: { inn: client.inn }, narrowers: [] }]
      : [];
  }
  if (kind === 'sanctions') {
    if (!name) return [];
    const entity_type = client.entityType === 'organization' ? 'organization' : 'person';
    return [{ operation: 'search.sanctions', params: { name, entity_type }, narrowers: [] }];
  }
  const plan = planCheck(kind, client);
  return 'requests' in plan ? plan.requests : [];
};

const withProfile =
  (profile: UpstreamProfile): Planner =>
  (kind, client) => {
    const plan = planCheck(kind, client, profile);
    return 'requests' in plan ? plan.requests : [];
  };

const profile = (fields: Record<string, boolean>) => upstreamProfileSchema.parse(fields);
const strategies: readonly [string, Planner][] = [
  ['one spelling per search (before)', singleSpelling],
  ['spellings + identifiers, default profile', withProfile(profile({}))],
  ['… caseInsensitiveSearch', withProfile(profile({ caseInsensitiveSearch: true }))],
  [
    '… crossScriptSearch + caseInsensitiveSearch',
    withProfile(profile({ crossScriptSearch: true, caseInsensitiveSearch: true })),
  ],
];

/** The run's request cache, replayed: returns whether the request is sent. */
function cacheReplay() {
  const lastUse = new Map<string, number>();
  return (request: PlannedRequest, row: number): boolean => {
    const key = `${request.operation} ${JSON.stringify(Object.entries(request.params).sort())}`;
    const last = lastUse.get(key);
    lastUse.set(key, row);
    return last === undefined || row - last > CACHE_ROWS;
  };
}

const path = join(mkdtempSync(join(tmpdir(), 'kyc-portfolio-')), `portfolio-${ROWS}.csv`);
await writePortfolioFile(path, { rows: ROWS, seed: 14 });
const clients: Client[] = [];
const file = await openClientFile(path);
for await (const item of file.rows) if ('client' in item) clients.push(item.client);
const surnames = new Set(clients.map((c) => searchName(c)));

console.log(
  `\nportfolio: ${clients.length.toLocaleString('en')} persons, ${surnames.size.toLocaleString('en')} distinct surnames (Zipf), every client with a valid INN; cache window ${CACHE_ROWS.toLocaleString('en')} rows\n`,
);
/** The enumeration of the emulator's register under the default profile's cap, in process. */
async function emulatorMirror(): Promise<{ calls: number; records: readonly ForeignAgentRecord[] }> {
  const register = foreignAgentRegister(generateRegisters(42).foreignAgents);
  const result = await enumerateForeignAgents(
    (params) =>
      Promise.resolve({
        data: JSON.parse(register.search(new Map(Object.entries(params)))) as ForeignAgentRecord[],
        record: { operation: 'search.foreign_agent', params, status: 200 },
      }),
    {
      since: FOREIGN_AGENT_REGISTER_START,
      until: utcDay(new Date()),
      resultCap: 100,
      acceptUndatedGap: true,
    },
  );
  if (!result.complete) throw new Error(result.reason);
  return { calls: result.calls, records: result.records };
}

const mirror = await emulatorMirror();
console.log('| plans | calls per client | foreign agent | sanctions | bankruptcy | debtor |');
console.log('|---|---|---|---|---|---|');
for (const [label, planner] of strategies) {
  for (const withMirror of [false, true]) {
    if (withMirror && planner === singleSpelling) continue;
    const sent = cacheReplay();
    const byKind: Record<string, number> = {};
    for (const client of clients) {
      for (const kind of CORE_CHECK_KINDS) {
        if (withMirror && kind === 'foreign_agent') continue;
        for (const request of planner(kind, client)) {
          if (sent(request, client.row)) byKind[kind] = (byKind[kind] ?? 0) + 1;
        }
      }
    }
    if (withMirror) byKind.foreign_agent = mirror.calls;
    const per = (kind: string) => ((byKind[kind] ?? 0) / clients.length).toFixed(3);
    const total = Object.values(byKind).reduce((a, b) => a + b, 0) / clients.length;
    const name = withMirror ? `${label}, foreign-agent mirror` : label;
    console.log(
      `| ${name} | ${total.toFixed(3)} | ${per('foreign_agent')} | ${per('sanctions')} | ${per('bankruptcy')} | ${per('debtor')} |`,
    );
  }
}

const index = new MirrorIndex(mirror.records);
const noBanks = {
  bankByBik: (bik: string) =>
    Promise.resolve({
      data: {},
      record: { operation: 'dictionary.values', params: { search: bik }, status: 200 },
    }),
};
let started = performance.now();
let candidates = 0;
for (const client of clients) {
  candidates += index.candidatesFor(client).length;
  await checkForeignAgentOnMirror(client, index, noBanks);
}
const indexed = (performance.now() - started) / 1000;
const SAMPLE = Math.min(2_000, clients.length);
started = performance.now();
for (const client of clients.slice(0, SAMPLE)) decideForeignAgent(client, mirror.records, []);
const naive = ((performance.now() - started) / 1000) * (clients.length / SAMPLE);
console.log(
  `\nforeign-agent mirror of the emulator: ${mirror.records.length} records, ${mirror.calls} enumeration calls; ` +
    `local matching of ${clients.length.toLocaleString('en')} clients: ${indexed.toFixed(1)} s with the candidate index ` +
    `(${(candidates / clients.length).toFixed(1)} candidates per client), ~${naive.toFixed(0)} s scoring every record ` +
    `(${SAMPLE} clients timed, scaled)`,
);
