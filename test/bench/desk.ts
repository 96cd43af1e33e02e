/**
 * The review desk's inbox over 10,000 open alerts: how long one page (riskiest first, with the total) takes
 * on the embedded database and, when one answers, on the PostgreSQL server (DATABASE_URL or
 * 127.0.0.1:5432). Prints figures; asserts nothing. `npx tsx test/bench/desk.ts`
 */
import { Desk } from '../../src/desk/desk.js';
import { OPEN_STATUSES } from '../../src/desk/types.js';
import { DESK_KINDS, testDeskPlace, type DeskKind } from '../helpers/postgres.js';

const ALERTS = 10_000;
const ROUNDS = 20;

async function seed(desk: Desk): Promise<void> {
  await desk.db.exec(`
    INSERT INTO desk_alerts (client_key, register, record_id, check_kind, client_name, record_name, status,
      sighting, match, score, risk, record_hash, explanation, evidence, first_run_id, last_run_id, last_row,
      opened_at, last_seen_at)
    SELECT 'id:CL-' || g, 'sanctions', 'sanctions:' || g, 'sanctions', 'Клиент ' || g, 'Record ' || g,
      CASE WHEN g % 3 = 0 THEN 'pending' ELSE 'open' END, CASE WHEN g % 2 = 0 THEN 'new' ELSE 'seen_again' END,
      CASE WHEN g % 5 = 0 THEN 'MATCH' ELSE 'POSSIBLE_MATCH' END, (g % 100) / 100.0,
      (CASE WHEN g % 5 = 0 THEN 1 ELSE 0 END) + (g % 100) / 100.0, md5(g::text) || md5(g::text),
      'name ' || g, '{}', 'run-' || (g % 30), 'run-' || (g % 30), g, now() - (g % 60) * interval '1 day', now()
    FROM generate_series(1, ${ALERTS}) AS g`);
  await desk.db.exec('ANALYZE desk_alerts');
}

async function measure(kind: DeskKind): Promise<void> {
  const place = await testDeskPlace(kind).catch((error: unknown) => {
    process.stdout.write(`${kind}: skipped (${(error as Error).message})\n`);
    return undefined;
  });
  if (!place) return;
  const desk = await Desk.open(place.settings);
  try {
    await seed(desk);
    const filters = {
      'inbox, first page': { status: OPEN_STATUSES, limit: 50 },
      'inbox, page 100': { status: OPEN_STATUSES, limit: 50, offset: 4_950 },
      'new, register, older than 7 days': {
        status: OPEN_STATUSES,
        sighting: 'new' as const,
        register: 'sanctions',
        minAgeDays: 7,
        limit: 50,
      },
      'all 10,000 in pages of 500': undefined,
    };
    for (const [name, filter] of Object.entries(filters)) {
      const times: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        if (filter) await desk.listAlerts(filter);
        else
          for (let offset = 0; offset < ALERTS; offset += 500)
            await desk.listAlerts({ status: OPEN_STATUSES, limit: 500, offset });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)] ?? 0;
      process.stdout.write(
        `${kind}: ${name}: median ${median.toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms (${ALERTS} open alerts)\n`,
      );
    }
  } finally {
    await desk.close();
    await place.cleanup();
  }
}

for (const kind of DESK_KINDS) await measure(kind);
