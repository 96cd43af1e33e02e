import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rankOf, SUB_PARTS } from './layers.js';

/** src/, with its trailing separator. */
export const ROOT = fileURLToPath(new URL('../../../src/', import.meta.url));

/** One relative import: the importing file and the file it reaches, both relative to src/ with `/`. */
export interface Edge {
  readonly from: string;
  readonly to: string;
}

export function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The part of src/ a path (relative to src/, either separator) belongs to. */
export function partOf(path: string): string {
  const [first = '', second, third] = path.split(/[/\\]/u);
  if (second === undefined) return first.replace(/\.js$/u, '.ts');
  if (third !== undefined && SUB_PARTS.includes(`${first}/${second}`)) return `${first}/${second}`;
  return first;
}

/** Every module specifier of static imports, re-exports and dynamic imports. */
export function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/gu,
    /\bimport\s+['"]([^'"]+)['"]/gu,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/gu,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/gu,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) if (m[1]) found.push(m[1]);
  return found;
}

/** The file of src/ a relative specifier of `file` names: `x.js` is `x.ts`, a folder its index.ts. */
function target(file: string, spec: string): string {
  const path = join(dirname(file), spec);
  if (path.endsWith('.js')) return `${path.slice(0, -3)}.ts`;
  return existsSync(`${path}.ts`) ? `${path}.ts` : join(path, 'index.ts');
}

const slashed = (path: string) => path.split(sep).join('/');

/** Every relative import of src/ (types included: they tie the folders just as much). */
export function edges(): Edge[] {
  return files(ROOT).flatMap((file) =>
    specifiers(readFileSync(file, 'utf8'))
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => ({
        from: slashed(relative(ROOT, file)),
        to: slashed(relative(ROOT, target(file, spec))),
      })),
  );
}

/** The imports that reach a part listed after their own. */
export function upward(all: readonly Edge[]): Edge[] {
  return all.filter((e) => rankOf(partOf(e.to)) > rankOf(partOf(e.from)));
}

/** Pairs of parts that import each other, as `a ↔ b` with a before b in the order. */
export function mutualPairs(all: readonly Edge[]): string[] {
  const links = new Set(all.map((e) => `${partOf(e.from)} ${partOf(e.to)}`));
  const pairs = new Set<string>();
  for (const link of links) {
    const [a = '', b = ''] = link.split(' ');
    if (a !== b && links.has(`${b} ${a}`)) pairs.add(rankOf(a) <= rankOf(b) ? `${a} ↔ ${b}` : `${b} ↔ ${a}`);
  }
  return [...pairs].sort();
}

/**
 * The file cycles: each group of files that reach one another through their imports (Tarjan's strongly
 * connected components), its files sorted and joined by ` ↔ `.
 */
export function fileCycles(all: readonly Edge[]): string[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of all) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) visit(to);
      if (stack.includes(to)) low.set(file, Math.min(low.get(file) ?? 0, low.get(to) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1) groups.push(group.sort().join(' ↔ '));
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return groups.sort();
}
