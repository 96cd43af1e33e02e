import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

/**
 * Organizations with full legal names cost a dozen searches each (every spelling of a long name, in both
 * scripts and in capitals) against a service that matches whole words in one script. At a low rate, a
 * check that needs that many calls competes for the quota with every lighter check of the window; on a
 * healthy service that answers every call, each of them must still get its calls and no row may end
 * INCOMPLETE, also with one core of the machine kept busy.
 */
const RATE = 5;
const ROWS = 40;

const FORMS = [
  'Общество с ограниченной ответственностью',
  'Акционерное общество',
  'Публичное акционерное общество',
  'Автономная некоммерческая организация',
];
const WORDS = [
  'Северо-Западная',
  'Торгово-Промышленная',
  'Компания',
  'Гранит',
  'Инженерные',
  'Системы',
  'Региональный',
  'Логистический',
  'Центр',
  'Уральская',
  'Строительная',
  'Корпорация',
  'Научно-Производственное',
  'Объединение',
  'Волжский',
  'Энергетический',
];

/** Long legal names, each distinct, so that no answer of one row serves another. */
function organizationsFile(): string {
  const lines = Array.from({ length: ROWS }, (_, i) => {
    const words = [0, 1, 2, 3].map((k) => WORDS[(i * 3 + k * 5) % WORDS.length]);
    const name = `${FORMS[i % FORMS.length]} «${words.join(' ')} ${i + 1}»`;
    return `ORG-${String(i + 1).padStart(3, '0')},"${name}",organization`;
  });
  const path = join(mkdtempSync(join(tmpdir(), 'kyc-heavy-')), 'organizations.csv');
  writeFileSync(path, ['client_id,full_name,entity_type', ...lines].join('\n') + '\n');
  return path;
}

describe(`heavy checks at ${RATE} calls/s with one core kept busy`, () => {
  let pipeline: TestPipeline;
  let busy: ChildProcess;
  let rows: Record<string, string>[];
  let seconds: number;

  beforeAll(async () => {
    busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    pipeline = await startTestPipeline({
      emulator: { variant: 'strict' },
      settings: { rate: RATE },
    });
    const started = performance.now();
    const runId = await pipeline.submit(organizationsFile());
    const { run } = await pipeline.finish(runId, 420_000);
    seconds = (performance.now() - started) / 1000;
    rows = parse(readFileSync(run.out, 'utf8'), { columns: true, bom: true });
  }, 480_000);
  afterAll(async () => {
    busy.kill('SIGKILL');
    await pipeline.close();
  });

  it('gives every check its calls: no row is INCOMPLETE', () => {
    const incomplete = rows
      .filter((row) => row.kyc_verdict === 'INCOMPLETE')
      .map((row) => `${row.client_id}: ${row.kyc_reasons}`);
    console.log(
      `${ROWS} organizations at ${RATE}/s: ${incomplete.length} INCOMPLETE, ${seconds.toFixed(0)} s`,
    );
    expect(rows).toHaveLength(ROWS);
    expect(incomplete).toEqual([]);
  });
});
