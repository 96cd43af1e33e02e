/**
 * Calls per client of a nightly rescreening of a realistic person portfolio (`npm run bench:portfolio`):
 * Zipf-distributed surnames, every client with a valid INN (lib/portfolio-file.ts). The file is read by
 * the real ingest and planned by the real request plans; the run's request cache is replayed by its
 * documented rule (a request repeated within --cache-rows rows of the answer's last use is not sent again),
 * so the figure is the number of requests a run sends, without an upstream. Not counted: the narrower
 * query of an answer that fills the result cap (it depends on the register's content) and retries.
 *
 *   npm run bench:portfolio                      100,000 clients
 *   npm run bench:portfolio -- --rows 20000 --cache-rows 10000
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planCheck, searchName, type PlannedRequest } from '../../src/checks/plan.js';
import { CORE_CHECK_KINDS, type CoreCheckKind } from '../../src/domain/check.js';
import type { Client } from '../../src/domain/client.js';
import { openClientFile } from '../../src/ingest/index.js';
import { upstreamProfileSchema, type UpstreamProfile } from '../../src/registry/profile.js';
import { writePortfolioFile } from './lib/portfolio-file.js';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
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
console.log('| plans | calls per client | foreign agent | sanctions | bankruptcy | debtor |');
console.log('|---|---|---|---|---|---|');
for (const [label, planner] of strategies) {
  const sent = cacheReplay();
  const byKind: Record<string, number> = {};
  for (const client of clients) {
    for (const kind of CORE_CHECK_KINDS) {
      for (const request of planner(kind, client)) {
        if (sent(request, client.row)) byKind[kind] = (byKind[kind] ?? 0) + 1;
      }
    }
  }
  const per = (kind: string) => ((byKind[kind] ?? 0) / clients.length).toFixed(3);
  const total = Object.values(byKind).reduce((a, b) => a + b, 0) / clients.length;
  console.log(
    `| ${label} | ${total.toFixed(3)} | ${per('foreign_agent')} | ${per('sanctions')} | ${per('bankruptcy')} | ${per('debtor')} |`,
  );
}
