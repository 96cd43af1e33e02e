/**
 * Two nights of a nightly rescreening (`npm run bench:nightly`), end to end: the CLI against a Lookup
 * Service on one Redis. Night 1 screens a Zipf person portfolio (lib/portfolio-file.ts, every client with a
 * valid INN and a birth date); then the service lists ONE foreign-agent record, dated today, naming a client
 * of night 1 whom night 1 cleared; night 2 screens the same file plus new clients, both nights with the
 * nightly policy of docs/operations.md, "Answers kept across runs". Then night 2 again with the default
 * policy (every answer fresh), for today's cost.
 *
 * Prints calls per client of each night (the manifest's calls ÷ clients, and the service's own count of the
 * requests it received), by check, which rows sent requests of their own (night 1's clients should send
 * none on night 2), the listed client's verdict on each night, how many other clients of night 1 changed
 * verdict (must be none), and the memory of the answer store.
 *
 *   npm run bench:nightly                                   100,000 clients + 5,000 new, emulator
 *   npm run bench:nightly -- --clients 20000 --new 1000 --rate 5000                  the acceptance
 *   npm run bench:nightly -- --clients 20000 --new 1000 --service independent
 *   … --no-default                                           without the default-policy night
 *   … --day-later        also night 2 as it costs 24 h after night 1 (1-day answers and mirror too old)
 *   … --hours-later 24   night 2 on a clock 24 h ahead (lib/shifted-clock.ts), the nightly policy, and
 *                        overnight a person put on the sanctions list and a listed entry edited too
 *
 * Services (lib/nightly-services.ts): `emulator` (kyc-screen emulator, its default request plan), or
 * `independent` (the names evaluation's Lookup Service written from the contract, whole-word search).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { parse } from 'csv-parse/sync';
import { answerKeyPattern, purgeAnswers } from '../../src/answers/answer-store.js';
import { utcDay } from '../../src/domain/day-range.js';
import { scanKeys } from '../../src/infra/redis-connection.js';
import { benchFlag } from './lib/figures.js';
import { changedVerdicts, describeNight, runNight, type Night } from './lib/nightly-nights.js';
import { startService, type ListedPerson, type ServiceName } from './lib/nightly-services.js';
import { writePortfolioFile } from './lib/portfolio-file.js';
import { startRedis } from './lib/processes.js';
import { shiftedClockEnv } from './lib/shifted-clock.js';

const CLIENTS = Number(benchFlag('clients') ?? 100_000);
const NEW_CLIENTS = Number(benchFlag('new') ?? Math.round(CLIENTS / 20));
const RATE = benchFlag('rate') ?? '2000';
const SERVICE = (benchFlag('service') ?? 'emulator') as ServiceName;
const WITH_DEFAULT = !process.argv.includes('--no-default');
const DAY_LATER = process.argv.includes('--day-later');
/** Night 2's clock ahead of night 1's, in hours (absent: night 2 runs right after night 1). */
const HOURS_LATER = benchFlag('hours-later') === undefined ? undefined : Number(benchFlag('hours-later'));
const OFFSET_MS = (HOURS_LATER ?? 0) * 3_600_000;
const POLICY = 'debtor=30d,bankruptcy=7d,sanctions=1d,foreign_agent=1d';
/** What POLICY still allows 24 h after night 1: the 1-day answers and the 1-day kept mirror are too old. */
const DAY_LATER_POLICY = 'debtor=30d,bankruptcy=7d';
const PREFIX = '{kyc}';
/** Night 2's calls per client: back to back, and a day later with sanctions answers at most a day old. */
const TARGET = HOURS_LATER === undefined ? 0.2 : 0.3;
const work = mkdtempSync(join(tmpdir(), 'kyc-nightly-'));

if (SERVICE !== 'emulator' && SERVICE !== 'independent') throw new Error('--service emulator|independent');

async function storeMemory(redis: Redis): Promise<{ answers: number; bytes: number }> {
  let answers = 0;
  let bytes = 0;
  await scanKeys(redis, answerKeyPattern(PREFIX), async (keys) => {
    for (const key of keys) {
      answers++;
      bytes += (await redis.memory('USAGE', key, 'SAMPLES', '0')) ?? 0;
    }
  });
  return { answers, bytes };
}

const usedMemory = async (redis: Redis) =>
  Number((/used_memory:(\d+)/.exec(await redis.info('memory')) ?? [])[1] ?? 0);

/**
 * The first client night 1 cleared whose full name no other client of night 2 has (a namesake could be
 * named by the record too), as the register would list them: name, INN and birth date.
 */
function personToList(
  file: string,
  night1: Night,
  skip: ReadonlySet<string> = new Set(),
): ListedPerson & { readonly id: string } {
  const rows: string[][] = parse(readFileSync(file), { bom: true });
  const header = rows[0] ?? [];
  const at = (name: string) => header.indexOf(name);
  const names = new Map<string, number>();
  for (const r of rows.slice(1))
    names.set(r[at('full_name')] ?? '', (names.get(r[at('full_name')] ?? '') ?? 0) + 1);
  const row = rows
    .slice(1)
    .find(
      (r) =>
        night1.verdicts.get(r[0] ?? '') === 'CLEAR' &&
        names.get(r[at('full_name')] ?? '') === 1 &&
        !skip.has(r[0] ?? ''),
    );
  if (row === undefined) throw new Error('night 1 cleared nobody');
  return {
    id: row[0] ?? '',
    name: row[at('full_name')] ?? '',
    inn: row[at('inn')] ?? '',
    birthDate: row[at('birth_date')] ?? '',
    // The day of night 2's clock: the register lists the record on the day night 2 screens.
    added: utcDay(new Date(Date.now() + OFFSET_MS)),
    registrationNumber: 'FA-NIGHTLY-1',
  };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  const night1File = join(work, 'night1.csv');
  const night2File = join(work, 'night2.csv');
  // The same seed: night 2's first CLIENTS rows are night 1's file, the rest are new clients.
  await writePortfolioFile(night1File, { rows: CLIENTS, seed: 27 });
  await writePortfolioFile(night2File, { rows: CLIENTS + NEW_CLIENTS, seed: 27 });
  const redis = await startRedis();
  const service = await startService(SERVICE, work);
  const client = new Redis(redis.url);
  const env = { REDIS_URL: redis.url, KYC_STATE_DIR: join(work, 'state'), ...service.env };
  const night = (name: string, file: string, policy?: string, offsetMs = 0) =>
    runNight({
      name,
      file,
      outDir: join(work, name.replace(/[^a-z0-9]+/gi, '-')),
      rate: RATE,
      env: offsetMs === 0 ? env : { ...env, ...shiftedClockEnv(work, offsetMs) },
      oldRows: CLIENTS,
      serviceRequests: () => service.requests(),
      ...(policy ? { policy } : {}),
    });
  console.log(
    `\nbench:nightly — ${SERVICE}, ${CLIENTS} clients, night 2 +${NEW_CLIENTS} new, rate ${RATE}/s, ` +
      `profile ${JSON.stringify(service.profile)}; load average ${load()} at the start\n`,
  );
  try {
    const before = await usedMemory(client);
    const first = await night('night 1', night1File, POLICY);
    console.log(describeNight(first));
    const afterFirst = await usedMemory(client);
    const store = await storeMemory(client);
    const listed = personToList(night2File, first);
    await service.list(listed);
    // Overnight the sanctions list gains a person (a client night 1 cleared) and edits another entry.
    const sanctioned =
      HOURS_LATER === undefined ? undefined : personToList(night2File, first, new Set([listed.id]));
    if (sanctioned) {
      await service.sanction({ name: sanctioned.name, birthDate: sanctioned.birthDate });
      await service.changeSanctionsEntry();
    }
    const second = await night(
      HOURS_LATER === undefined ? 'night 2' : `night 2, ${HOURS_LATER} h later`,
      night2File,
      POLICY,
      OFFSET_MS,
    );
    console.log(describeNight(second));
    reportNight2(first, second, listed, sanctioned);
    console.log(
      `store after night 1: ${store.answers} answers, MEMORY USAGE ${(store.bytes / 1048576).toFixed(1)} MiB, ` +
        `${perAnswer(store).toFixed(0)} B per answer, ${((perAnswer(store) * 1e6) / 1048576).toFixed(0)} MiB per million answers; ` +
        `Redis used_memory +${((afterFirst - before) / 1048576).toFixed(1)} MiB over night 1 (store and run leftovers)`,
    );
    if (DAY_LATER) {
      // A night 24 h after night 1: its 1-day answers and its kept mirror are at their max age, so
      // sanctions and foreign-agent answers are asked again and the register enumerated again.
      const later = await night('night 2, a day later', night2File, DAY_LATER_POLICY);
      console.log(describeNight(later));
      reportNight2(first, later, listed);
    }
    if (WITH_DEFAULT) {
      const plain = await night('night 2, default policy', night2File);
      console.log(describeNight(plain));
      reportNight2(first, plain, listed);
    }
    const beforePurge = await usedMemory(client);
    const purged = await purgeAnswers(client, PREFIX);
    const freed = beforePurge - (await usedMemory(client));
    console.log(
      `purge removed ${purged} answers and freed ${(freed / 1048576).toFixed(1)} MiB; load average ${load()} at the end`,
    );
  } finally {
    await client.quit();
    await service.stop();
    await redis.stop();
  }
}

const perAnswer = (store: { answers: number; bytes: number }) =>
  store.answers > 0 ? store.bytes / store.answers : 0;

/** The listed client's verdict on each night, the other clients whose verdict changed, the target. */
function reportNight2(
  first: Night,
  second: Night,
  listed: ListedPerson & { readonly id: string },
  sanctioned?: { readonly id: string },
): void {
  const kept = changedVerdicts(first, second, new Set([listed.id, ...(sanctioned ? [sanctioned.id] : [])]));
  const oldest = second.manifest.answers.oldest_answer_by_check.sanctions;
  const own = Object.values(second.rowCalls.fresh).reduce((a, b) => a + b, 0);
  const perClient = second.manifest.upstream.calls_per_client;
  console.log(
    `  listed between the nights: ${listed.id} (${listed.registrationNumber}, added ${listed.added}): ` +
      `night 1 ${first.verdicts.get(listed.id)}, ${second.name} ${second.verdicts.get(listed.id)}\n` +
      (sanctioned
        ? `  put on the sanctions list between the nights: ${sanctioned.id}: night 1 ` +
          `${first.verdicts.get(sanctioned.id)}, ${second.name} ${second.verdicts.get(sanctioned.id)}\n`
        : '') +
      `  oldest sanctions answer a verdict rests on: ${oldest ? `${oldest.age_hours} h (${oldest.from})` : 'none'}` +
      ` (≤ 24 h: ${oldest === undefined || oldest.age_hours <= 24 ? 'yes' : 'NO'})\n` +
      `  ${kept.changed} of ${first.verdicts.size - (sanctioned ? 2 : 1)} other clients of night 1 changed verdict` +
      `${kept.examples.length ? ` (${kept.examples.join('; ')})` : ''}, ` +
      `${kept.decisionsChanged} changed any cell but run id and time\n` +
      `  ${perClient} calls per client (target ≤ ${TARGET}: ${perClient <= TARGET ? 'met' : 'NOT met'}); ` +
      `new clients' own requests ${own} (${(own / Math.max(1, NEW_CLIENTS)).toFixed(2)} each)\n`,
  );
}

await main();
