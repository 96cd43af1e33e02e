/**
 * Start-up of a run against a strict gateway (`npm run bench:startup`): how long after the first answered
 * call the first check call arrives, and the quota use counted from that first answered call, as the key's
 * owner sees it at the gateway. Every call of the run is timed where the gateway's bucket judges it (an
 * independent token bucket in front of an unlimited emulator, test/helpers/strict-bucket.ts).
 *
 *   npm run bench:startup                                    R = 100 burst 10 and R = 10 burst 1, idle and busy
 *   npm run bench:startup -- --cases 100:10 --loads idle     some of them
 *   npm run bench:startup -- --clients 100=1000,10=300       clients per rate (default: these)
 *   npm run bench:startup -- --cli before=/path/to/other/bin/kyc-screen.js,after
 *                                                            builds side by side, case by case (`after`
 *                                                            alone: this one)
 *
 * Each run gets a fresh Redis and a fresh state directory (the embedded review desk is created in it).
 * Prints a table and writes test/bench/results/startup.json.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/version.js';
import { strictBucket, type GatewayArrival } from '../helpers/strict-bucket.js';
import { busyCore } from './lib/busy-core.js';
import { writeClientsFile } from './lib/clients-file.js';
import { benchFlag, reportFigures, type Figure } from './lib/figures.js';
import { CLI, runCli, startEmulator, startRedis } from './lib/processes.js';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => benchFlag(name, args);
const work = mkdtempSync(join(tmpdir(), 'kyc-bench-startup-'));
const round = (n: number, d = 3) => Number(n.toFixed(d));

const cases = (flag('cases') ?? '100:10,10:1').split(',').map((pair) => pair.split(':').map(Number));
const loads = (flag('loads') ?? 'idle,busy').split(',');
const clientsByRate = new Map(
  (flag('clients') ?? '100=1000,10=300')
    .split(',')
    .map((pair) => pair.split('=').map(Number) as [number, number]),
);
const builds = (flag('cli') ?? 'after').split(',').map((entry) => {
  const [name = 'after', path] = entry.split('=');
  return { name, cli: path ?? CLI };
});

/** What a call at the gateway was: the preflight, the page-size search, or a check of a client. */
function kindOf(url: string): 'preflight' | 'page-size' | 'check' {
  if (url.startsWith('/reg2/dictionary')) return 'preflight';
  if (url === '/lists/search/sanctions?entity_type=person') return 'page-size';
  return 'check';
}

/** Calls arriving in each second from the first one: `ok/all` when some were refused. */
function timeline(arrivals: readonly GatewayArrival[]): string {
  const t0 = arrivals[0]?.at ?? 0;
  const seconds: { ok: number; all: number }[] = [];
  for (const a of arrivals) {
    const second = Math.floor((a.at - t0) / 1000);
    while (seconds.length <= second) seconds.push({ ok: 0, all: 0 });
    const bin = seconds[second];
    if (!bin) continue;
    bin.all++;
    if (a.status === 200) bin.ok++;
  }
  return seconds.map((s) => (s.ok === s.all ? String(s.ok) : `${s.ok}/${s.all}`)).join(' ');
}

function opening(arrivals: readonly GatewayArrival[]): string {
  const t0 = arrivals[0]?.at ?? 0;
  const firstCheck = arrivals.findIndex((a) => kindOf(a.url) === 'check');
  return arrivals
    .slice(0, firstCheck + 1)
    .map((a) => `${kindOf(a.url)} ${a.status} at ${((a.at - t0) / 1000).toFixed(2)} s`)
    .join('; ');
}

interface Measured {
  readonly firstAnswerToCheckS: number;
  readonly launchToFirstCallS: number;
  readonly use: number;
  readonly share429: number;
  readonly preflights: number;
  readonly pageSizeSearches: number;
  readonly ok: number;
  readonly timeline: string;
  /** When the calls before the first check arrived, seconds after the first call: what start-up made. */
  readonly opening: string;
}

function measure(arrivals: readonly GatewayArrival[], launchedAt: number, rate: number): Measured {
  const answered = arrivals.filter((a) => a.status === 200);
  const first = answered[0]?.at ?? Number.NaN;
  const last = answered.at(-1)?.at ?? Number.NaN;
  const firstCheck = arrivals.find((a) => kindOf(a.url) === 'check')?.at ?? Number.NaN;
  const limited = arrivals.filter((a) => a.status === 429).length;
  return {
    firstAnswerToCheckS: (firstCheck - first) / 1000,
    launchToFirstCallS: ((arrivals[0]?.at ?? Number.NaN) - launchedAt) / 1000,
    // Calls after the first answered one, over the span from it to the last: what the quota allowed.
    use: (answered.length - 1) / ((last - first) / 1000) / rate,
    share429: limited / Math.max(1, arrivals.length),
    preflights: arrivals.filter((a) => kindOf(a.url) === 'preflight').length,
    pageSizeSearches: arrivals.filter((a) => kindOf(a.url) === 'page-size').length,
    ok: answered.length,
    timeline: timeline(arrivals),
    opening: opening(arrivals),
  };
}

async function runCase(
  file: string,
  clients: number,
  build: { name: string; cli: string },
  { rate, burst, busy }: { rate: number; burst: number; busy: boolean },
): Promise<Figure> {
  const label = `${build.name}-${rate}-${burst}-${busy ? 'busy' : 'idle'}`;
  const redis = await startRedis();
  const emulator = await startEmulator();
  const gateway = await strictBucket(emulator.url, { rate, burst });
  const load = busy ? busyCore() : undefined;
  const out = join(work, label);
  const launchedAt = performance.now();
  const result = await runCli(
    ['run', file, '--rate', String(rate), '--out-dir', out, '--no-progress'],
    { REDIS_URL: redis.url, KYC_API_URL: gateway.url, KYC_STATE_DIR: mkdtempSync(join(work, 'state-')) },
    build.cli,
  );
  await load?.stop();
  const arrivals = [...gateway.arrivals()];
  await gateway.close();
  await emulator.stop();
  await redis.stop();
  if (result.code !== 0) throw new Error(`${label}: run failed: ${result.stderr}`);
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
    verdicts: Record<string, number>;
  };
  const m = measure(arrivals, launchedAt, rate);
  const target = rate <= 10 ? 0.97 : 0.98;
  const incomplete = manifest.verdicts.INCOMPLETE ?? 0;
  return {
    figure: `${build.name}: start-up and quota use, strict gateway (R = ${rate}/s, burst ${burst}, ${busy ? 'one core kept busy' : 'idle'}, ${clients.toLocaleString('en')} clients)`,
    value: round(m.use),
    target: `use >= ${target} from the first answered call, 429s <= 0.5 %, first check <= 1 s after it`,
    met: m.use >= target && m.share429 <= 0.005 && incomplete === 0 && m.firstAnswerToCheckS <= 1,
    detail: {
      first_answered_to_first_check_s: round(m.firstAnswerToCheckS, 2),
      launch_to_first_call_s: round(m.launchToFirstCallS, 2),
      share_429_percent: round(m.share429 * 100, 3),
      preflight_calls: m.preflights,
      page_size_searches: m.pageSizeSearches,
      calls_200: m.ok,
      incomplete_rows: incomplete,
      run_wall_s: round(result.seconds, 1),
      calls_before_the_first_check: m.opening,
      calls_per_second_from_first: m.timeline,
      load_average_1m_at_end: round(loadavg()[0] ?? 0, 2),
    },
  };
}

const figures: Figure[] = [];
for (const [rate = 100, burst = 10] of cases) {
  const clients = clientsByRate.get(rate) ?? 1_000;
  const file = join(work, `clients-${clients}.csv`);
  await writeClientsFile(file, { rows: clients, repeatShare: 0, seed: clients });
  for (const busy of loads.map((load) => load === 'busy'))
    for (const build of builds) {
      process.stderr.write(`bench: ${build.name} R = ${rate}, burst ${burst}, ${busy ? 'busy' : 'idle'}…\n`);
      const figure = await runCase(file, clients, build, { rate, burst, busy });
      process.stderr.write(`  ${figure.value} ${JSON.stringify(figure.detail)}\n`);
      figures.push(figure);
    }
}
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, load average ${loadavg()
  .map((n) => n.toFixed(2))
  .join(' ')} at the end`;
reportFigures(packageRoot(), 'startup', 'Run start-up against a strict gateway', machine, figures);
