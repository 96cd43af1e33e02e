import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One row of a benchmark's table: the figure, what it measured, its target, and the conditions. */
export interface Figure {
  readonly figure: string;
  readonly value: number;
  readonly target: string;
  readonly met: boolean | null;
  readonly detail: Record<string, number | string>;
}

/** `--name value` of the benchmark's command line, or undefined. */
export function benchFlag(name: string, args: readonly string[] = process.argv.slice(2)): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Prints the figures as a Markdown table and writes them to test/bench/results/<name>.json. */
export function reportFigures(
  root: string,
  name: string,
  title: string,
  machine: string,
  figures: readonly Figure[],
): void {
  console.log(`\n${title} — ${machine}\n`);
  console.log('| figure | value | target | met | detail |');
  console.log('|---|---|---|---|---|');
  for (const f of figures) {
    const detail = Object.entries(f.detail)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(
      `| ${f.figure} | ${f.value} | ${f.target} | ${f.met === null ? '—' : f.met ? 'yes' : 'NO'} | ${detail} |`,
    );
  }
  const resultsDir = join(root, 'test/bench/results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, `${name}.json`),
    JSON.stringify({ machine, at: new Date().toISOString(), figures }, null, 2) + '\n',
  );
}
