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
