/**
 * Ingest benchmark: `npx tsx test/bench/ingest.ts`.
 *
 * Writes a 100 000-row and a 1 000 000-row client file into a temp dir, reads each one fully in a
 * child process of its own (so one read's heap cannot flatter or spoil the other's figures), and
 * reports rows/s and peak RSS for both, with the ratio of the peaks: flat memory means a ratio near 1
 * although the file is ten times larger. Results go to test/bench/results/ingest.json.
 *
 * Each file is read RUNS times (a fresh child each time) and the best throughput is reported with
 * every run listed: the machine is shared, and a neighbour's burst must not pass for our speed. Peak
 * RSS is the highest of the runs.
 *
 * Targets: at least 100 000 rows/s; peak RSS not growing with the file.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../../packages/lookup-emulator/src/random.js';
import { completeInn, completeOgrn, completeOgrnip, completeSnils } from '../../src/identifiers/index.js';
import { openClientFile } from '../../src/ingest/index.js';

const SIZES = [100_000, 1_000_000] as const;
const TARGET_ROWS_PER_SECOND = 100_000;
/** Peak RSS of the 1M read may exceed the 100k read's by this factor and still count as flat. */
const FLAT_RATIO = 1.25;
const RSS_SAMPLE_MS = 20;
const RUNS = 3;

interface ReadResult {
  readonly rows: number;
  readonly clients: number;
  readonly invalid: number;
  readonly warnings: number;
  readonly seconds: number;
  readonly rowsPerSecond: number;
  /** CPU time (user + system) the read took: unlike wall time, not inflated by other processes. */
  readonly cpuSeconds: number;
  readonly rowsPerCpuSecond: number;
  /** RSS once the modules are loaded, before the file is opened. */
  readonly baselineRssMiB: number;
  /** Highest RSS seen by sampling during the read. */
  readonly sampledPeakRssMiB: number;
  /** The kernel's high-water mark for the whole child process (getrusage maxrss). */
  readonly maxRssMiB: number;
}

const MiB = 1024 * 1024;
const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

const SURNAMES = [
  'Белоусов',
  'Воронцов',
  'Гончаров',
  'Дорофеев',
  'Ефремов',
  'Журавлёв',
  'Зиновьев',
  'Калашников',
];
const GIVEN_M = ['Александр', 'Дмитрий', 'Сергей', 'Андрей', 'Алексей', 'Михаил', 'Иван', 'Николай'];
const GIVEN_F = ['Анна', 'Елена', 'Мария', 'Ольга', 'Наталья', 'Ирина', 'Татьяна', 'Светлана'];
const PATRONYMIC_M = ['Александрович', 'Дмитриевич', 'Сергеевич', 'Андреевич', 'Петрович', 'Иванович'];
const PATRONYMIC_F = ['Александровна', 'Дмитриевна', 'Сергеевна', 'Андреевна', 'Петровна', 'Ивановна'];
const ORG_WORDS = ['Лазурит', 'Орбита-Плюс', 'Кедровый Бор', 'Полярис', 'Гранит-Сервис', 'Меридиан'];
const FORMS = ['ООО', 'АО', 'ПАО', 'АНО'];
const STREETS = ['ул. Ленина', 'пр-т Мира', 'ул. Садовая', 'наб. Реки Мойки', 'ш. Энтузиастов'];
const CITIES = ['г. Москва', 'г. Санкт-Петербург', 'г. Казань', 'г. Новосибирск', 'г. Екатеринбург'];

function digits(random: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(Math.floor(random() * 10));
  return s;
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function quote(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const HEADER = 'client_id,full_name,birth_date,inn,ogrn,snils,entity_type,address,email,branch';

/** One data row without its id: persons 70 %, organizations 22 %, entrepreneurs 8 %; 1 % with a bad INN. */
function template(random: () => number): string {
  const kind = random();
  const address = quote(
    `${pick(random, CITIES)}, ${pick(random, STREETS)}, д. ${1 + Math.floor(random() * 120)}`,
  );
  const branch = `BR-${Math.floor(random() * 40)}`;
  if (kind < 0.7) {
    const female = random() < 0.5;
    const surname = pick(random, SURNAMES) + (female ? 'а' : '');
    const name = `${surname} ${pick(random, female ? GIVEN_F : GIVEN_M)} ${pick(random, female ? PATRONYMIC_F : PATRONYMIC_M)}`;
    const year = 1940 + Math.floor(random() * 65);
    const month = String(1 + Math.floor(random() * 12)).padStart(2, '0');
    const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
    const birth = random() < 0.5 ? `${year}-${month}-${day}` : `${day}.${month}.${year}`;
    let inn = completeInn('77' + digits(random, 8));
    if (random() < 0.01) inn = inn.slice(0, 11) + String((Number(inn[11]) + 1) % 10);
    const s = completeSnils('1' + digits(random, 8));
    const snils = `${s.slice(0, 3)}-${s.slice(3, 6)}-${s.slice(6, 9)} ${s.slice(9)}`;
    return `${name},${birth},${inn},,${snils},person,${address},client${Math.floor(random() * 1e6)}@example.ru,${branch}`;
  }
  if (kind < 0.92) {
    const name = quote(`${pick(random, FORMS)} «${pick(random, ORG_WORDS)}»`);
    const inn = completeInn('77' + digits(random, 7));
    const ogrn = completeOgrn('10277' + digits(random, 7));
    return `${name},,${inn},${ogrn},,organization,${address},info@example.ru,${branch}`;
  }
  const name = `ИП ${pick(random, SURNAMES)} ${pick(random, GIVEN_M)} ${pick(random, PATRONYMIC_M)}`;
  const inn = completeInn('50' + digits(random, 8));
  const ogrnip = completeOgrnip('3047701' + digits(random, 7));
  return `${name},,${inn},${ogrnip},,,${address},,${branch}`;
}

async function generate(path: string, rows: number): Promise<void> {
  // Seeded: the same files every run, so runs compare.
  const random = mulberry32(20_240_601);
  const templates = Array.from({ length: 20_000 }, () => template(random));
  const out = createWriteStream(path);
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(HEADER + '\n');
  let batch = '';
  for (let i = 1; i <= rows; i++) {
    batch += `C${String(i).padStart(8, '0')},${templates[i % templates.length]}\n`;
    if (i % 1000 === 0) {
      await write(batch);
      batch = '';
    }
  }
  await write(batch);
  out.end();
  await once(out, 'finish');
}

/** Child side: read one file fully and report. */
async function readOnce(path: string): Promise<ReadResult> {
  const mib = (bytes: number): number => round(bytes / MiB);
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, RSS_SAMPLE_MS);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const file = await openClientFile(path);
  let rows = 0;
  let clients = 0;
  let invalid = 0;
  let warnings = 0;
  for await (const item of file.rows) {
    rows++;
    if ('client' in item) {
      clients++;
      if (item.client.warnings.length > 0) warnings++;
    } else invalid++;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    rows,
    clients,
    invalid,
    warnings,
    seconds: round(seconds, 2),
    rowsPerSecond: Math.round(rows / seconds),
    cpuSeconds: round(cpuSeconds, 2),
    rowsPerCpuSecond: Math.round(rows / cpuSeconds),
    baselineRssMiB: mib(baseline),
    sampledPeakRssMiB: mib(peak),
    maxRssMiB: mib(process.resourceUsage().maxRSS * 1024),
  };
}

function readInChild(path: string): Promise<ReadResult> {
  return new Promise((resolve, reject) => {
    // The loader flags (tsx) come along in execArgv, so the child runs this same TypeScript file.
    const child = fork(fileURLToPath(import.meta.url), ['--child', path], { execArgv: process.execArgv });
    child.once('message', (message) => resolve(message as ReadResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`benchmark child exited with ${code}`));
    });
  });
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'kyc-ingest-bench-'));
  try {
    const results: (ReadResult & {
      file: string;
      fileMiB: number;
      runs: { rowsPerSecond: number; rowsPerCpuSecond: number; maxRssMiB: number }[];
    })[] = [];
    for (const size of SIZES) {
      const path = join(dir, `clients-${size}.csv`);
      process.stdout.write(`generating ${size} rows… `);
      await generate(path, size);
      const fileMiB = round((await stat(path)).size / MiB);
      console.log(`${fileMiB} MiB`);
      const runs: ReadResult[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const result = await readInChild(path);
        if (result.rows !== size) throw new Error(`read ${result.rows} rows of ${size}`);
        console.log(
          `  run ${run}: ${result.rowsPerSecond} rows/s (${result.rowsPerCpuSecond} per CPU second), ` +
            `peak RSS ${result.maxRssMiB} MiB`,
        );
        runs.push(result);
      }
      const best = runs.reduce((a, b) => (b.rowsPerSecond > a.rowsPerSecond ? b : a));
      results.push({
        ...best,
        maxRssMiB: Math.max(...runs.map((r) => r.maxRssMiB)),
        sampledPeakRssMiB: Math.max(...runs.map((r) => r.sampledPeakRssMiB)),
        file: `clients-${size}.csv`,
        fileMiB,
        runs: runs.map((r) => ({
          rowsPerSecond: r.rowsPerSecond,
          rowsPerCpuSecond: r.rowsPerCpuSecond,
          maxRssMiB: r.maxRssMiB,
        })),
      });
    }
    const [small, large] = results;
    if (small === undefined || large === undefined) throw new Error('missing results');
    const ratio = round(large.maxRssMiB / small.maxRssMiB, 2);
    const slowest = Math.min(...results.map((r) => r.rowsPerSecond));
    const summary = {
      node: process.version,
      when: new Date().toISOString(),
      cpus: availableParallelism(),
      loadAverage: loadavg().map((l) => round(l, 2)),
      runsPerFile: RUNS,
      targets: { rowsPerSecond: TARGET_ROWS_PER_SECOND, peakRssRatioAtMost: FLAT_RATIO },
      results,
      peakRssRatio1Mto100k: ratio,
      meetsSpeedTarget: slowest >= TARGET_ROWS_PER_SECOND,
      memoryFlat: ratio <= FLAT_RATIO,
    };
    console.table(
      results.map((r) => ({
        rows: r.rows,
        'file MiB': r.fileMiB,
        seconds: r.seconds,
        'best rows/s': r.rowsPerSecond,
        'rows/CPU s': r.rowsPerCpuSecond,
        'baseline RSS MiB': r.baselineRssMiB,
        'sampled peak RSS MiB': r.sampledPeakRssMiB,
        'peak RSS MiB': r.maxRssMiB,
      })),
    );
    console.log(
      `peak RSS ratio 1M/100k: ${ratio} (flat: ${summary.memoryFlat}); ` +
        `slowest ${slowest} rows/s (target ${TARGET_ROWS_PER_SECOND}: ${summary.meetsSpeedTarget})`,
    );
    const out = join(dirname(fileURLToPath(import.meta.url)), 'results', 'ingest.json');
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, JSON.stringify(summary, null, 2) + '\n');
    console.log(`written ${out}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const childIndex = process.argv.indexOf('--child');
if (childIndex >= 0) {
  const path = process.argv[childIndex + 1];
  if (path === undefined) throw new Error('--child needs a file');
  const result = await readOnce(path);
  process.send?.(result);
} else {
  await main();
}
