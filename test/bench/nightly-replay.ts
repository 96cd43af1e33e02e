/**
 * Night 2's calls by replay of the request plans (`npm run bench:nightly-replay -- --clients N --new N`),
 * without a service: the real ingest and plans over bench:nightly's portfolio (the same seed), counting the
 * requests of the sanctions, bankruptcy and debtor checks that no earlier row asked. Night 1's clients are
 * answered from the store on night 2, so night 2 asks the new clients' new requests plus 3 calls (the
 * preflight's 2 and the kept mirror's sync of today). Narrowing of capped answers is not counted. Under the
 * default profile and `caseInsensitiveSearch` (the whole-word service's profile).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planCheck } from '../../src/checks/plan.js';
import type { Client } from '../../src/domain/client.js';
import { openClientFile } from '../../src/ingest/index.js';
import { upstreamProfileSchema } from '../../src/settings/upstream-profile.js';
import { benchFlag } from './lib/figures.js';
import { writePortfolioFile } from './lib/portfolio-file.js';

const OLD = Number(benchFlag('clients') ?? 20_000);
const NEW = Number(benchFlag('new') ?? Math.round(OLD / 20));
const FIXED = 3;

const path = join(mkdtempSync(join(tmpdir(), 'kyc-replay-')), 'portfolio.csv');
await writePortfolioFile(path, { rows: OLD + NEW, seed: 27 });
const clients: Client[] = [];
for await (const item of (await openClientFile(path)).rows) if ('client' in item) clients.push(item.client);

const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
const profiles = [
  ['default profile', {}],
  ['caseInsensitiveSearch', { caseInsensitiveSearch: true }],
] as const;
for (const [label, fields] of profiles) {
  const profile = upstreamProfileSchema.parse(fields);
  const asked = new Set<string>();
  const night1: Record<string, number> = {};
  const newClients: Record<string, number> = {};
  clients.forEach((client, i) => {
    for (const kind of ['sanctions', 'bankruptcy', 'debtor'] as const) {
      const plan = planCheck(kind, client, profile);
      if (!('requests' in plan)) continue;
      for (const request of plan.requests) {
        const key = `${request.operation} ${JSON.stringify(Object.entries(request.params).sort())}`;
        if (asked.has(key)) continue;
        asked.add(key);
        const into = i < OLD ? night1 : newClients;
        into[kind] = (into[kind] ?? 0) + 1;
      }
    }
  });
  console.log(
    `${OLD} + ${NEW}, ${label}: night 1 ${JSON.stringify(night1)} = ${(sum(night1) / OLD).toFixed(3)} per client ` +
      `(foreign agent: the mirror's enumeration apart); new clients ${JSON.stringify(newClients)} = ` +
      `${(sum(newClients) / NEW).toFixed(2)} each; night 2 (${sum(newClients)} + ${FIXED}) / ${OLD + NEW} = ` +
      `${((sum(newClients) + FIXED) / (OLD + NEW)).toFixed(3)} calls per client`,
  );
}
