import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The floors of src/matching/, bottom up. Text folding knows nothing of how names are compared, and the
 * comparisons know nothing of the registers' scoring, so each floor can be read, tested and replaced alone
 * (the way nomenklatura keeps `compare/` apart from the algorithms that use it).
 */
const FLOORS: readonly (readonly [floor: string, members: readonly string[]])[] = [
  ['leaves', ['thresholds.ts', 'record-hash.ts']],
  ['text', ['text']],
  ['compare', ['compare', 'client-key.ts']],
  ['scoring', ['scoring']],
  ['entry', ['index.ts']],
];

const ROOT = fileURLToPath(new URL('../../../src/matching/', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The floor number of a path relative to src/matching/, or undefined when it lies outside. */
function floorOf(path: string): number | undefined {
  if (path.startsWith('..')) return undefined;
  const first = path.split(sep)[0] ?? '';
  const index = FLOORS.findIndex(([, members]) => members.includes(first));
  return index < 0 ? -1 : index;
}

function relativeImports(source: string): string[] {
  return [...source.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/gu)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
}

function edges(): { from: string; to: string }[] {
  return files(ROOT).flatMap((file) =>
    relativeImports(readFileSync(file, 'utf8')).map((spec) => ({
      from: relative(ROOT, file),
      to: relative(ROOT, join(dirname(file), spec)).replace(/\.js$/u, '.ts'),
    })),
  );
}

describe('src/matching floors', () => {
  it('place every file of src/matching on a floor', () => {
    expect(
      files(ROOT)
        .map((f) => relative(ROOT, f))
        .filter((f) => floorOf(f) === -1),
    ).toEqual([]);
  });

  it('import only their own floor or the floors below', () => {
    const upward = edges().filter(({ from, to }) => {
      const target = floorOf(to);
      return target !== undefined && target > (floorOf(from) ?? 0);
    });
    expect(upward.map(({ from, to }) => `${from} imports ${to}`)).toEqual([]);
  });

  it('have no cycle between files', () => {
    const next = new Map<string, string[]>();
    for (const { from, to } of edges()) next.set(from, [...(next.get(from) ?? []), to]);
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const to of next.get(file) ?? []) visit(to, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of next.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
