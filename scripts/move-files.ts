/**
 * Moves files and rewrites every reference to them, so that a layout change can be replayed on any
 * later state of the repository:
 *
 *   npx tsx scripts/move-files.ts scripts/moves/layout.json
 *
 * The JSON file maps old → new repository paths. For each move still to do, the file is `git mv`ed;
 * moves already done (old path gone, new path present) are skipped, so the script can run again after
 * other branches were merged: their references to old paths are still rewritten.
 *
 * Rewritten:
 * - in .ts/.js files under src/, jobs/, test/, scripts/, bin/, samples/: every string literal that is a
 *   relative path (`from './x.js'`, `import('../y.js')`, `new URL('../z.json', import.meta.url)`), made
 *   relative again from the importer's new place to the target's new place (`.js` stays `.js`);
 * - in those files, the Markdown files, package.json, Dockerfile, docker-compose.yml and .ci/run: every
 *   mention of a moved file by its repository path (`src/old/place.ts`), and in Markdown
 *   the relative link targets.
 * Code files that changed are formatted with prettier afterwards (an import line may change length).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const CODE_DIRS = ['src/', 'jobs/', 'test/', 'scripts/', 'bin/', 'samples/', 'packages/'];
const CODE_EXTENSION = /\.(ts|js|mjs|cjs)$/;
const TEXT_FILES = ['package.json', 'Dockerfile', 'docker-compose.yml', '.ci/run'];
/** The script and its test: their examples are paths to explain, not references to rewrite. */
const SKIPPED = new Set(['scripts/move-files.ts', 'test/unit/scripts/move-files.test.ts']);

type Moves = ReadonlyMap<string, string>;

function git(root: string, args: readonly string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' });
}

function readMoves(file: string): Moves {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error(`${file}: expected an object of old path → new path`);
  }
  const moves = new Map<string, string>();
  for (const [from, to] of Object.entries(raw)) {
    if (typeof to !== 'string') throw new Error(`${file}: the new path of ${from} is not a string`);
    for (const path of [from, to]) {
      if (posix.isAbsolute(path) || posix.normalize(path) !== path || path.startsWith('..')) {
        throw new Error(`${file}: ${path} is not a normalised path inside the repository`);
      }
    }
    moves.set(from, to);
  }
  return moves;
}

/** The moves still to do; a move half done (both or neither path present) stops the script. */
function pendingMoves(root: string, moves: Moves): Moves {
  const pending = new Map<string, string>();
  for (const [from, to] of moves) {
    const fromExists = existsSync(join(root, from));
    const toExists = existsSync(join(root, to));
    if (fromExists && !toExists) pending.set(from, to);
    else if (fromExists && toExists) throw new Error(`both ${from} and ${to} exist`);
    else if (!fromExists && !toExists) throw new Error(`neither ${from} nor ${to} exists`);
  }
  return pending;
}

/** A relative specifier as written from `importer` (now at its place on disk) to its target's new place. */
export function rewriteSpecifier(
  spec: string,
  importer: string,
  importerNew: string,
  root: string,
  moves: Moves,
): string {
  const resolved = posix.join(posix.dirname(importer), spec);
  // A `.js` specifier names the `.ts` source beside it (ESM with NodeNext).
  const source = spec.endsWith('.js') ? resolved.slice(0, -3) + '.ts' : resolved;
  const candidates = source === resolved ? [resolved] : [source, resolved];
  const target = candidates.find((path) => moves.has(path) || existsSync(join(root, path)));
  if (target === undefined) return spec;
  const targetNew = moves.get(target) ?? target;
  if (importerNew === importer && targetNew === target) return spec;
  let next = posix.relative(posix.dirname(importerNew), targetNew);
  if (target === source && source !== resolved) next = next.slice(0, -3) + '.js';
  return next.startsWith('.') ? next : './' + next;
}

const RELATIVE_LITERAL = /(['"`])(\.{1,2}\/[^'"`$\n]*)\1/g;
const MARKDOWN_LINK = /(\]\()([^)#\s]+)/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces mentions of moved files by their repository path, not parts of longer paths. */
export function rewriteMentions(text: string, moves: Moves): string {
  let out = text;
  for (const [from, to] of moves) {
    const mention = new RegExp(`(?<![\\w./-])${escapeRegExp(from)}(?![\\w/-]|\\.\\w)`, 'g');
    out = out.replace(mention, to);
  }
  return out;
}

export function rewriteCode(text: string, file: string, fileNew: string, root: string, moves: Moves): string {
  const relative = text.replace(
    RELATIVE_LITERAL,
    (_, quote: string, spec: string) =>
      `${quote}${rewriteSpecifier(spec, file, fileNew, root, moves)}${quote}`,
  );
  return rewriteMentions(relative, moves);
}

export function rewriteMarkdown(
  text: string,
  file: string,
  fileNew: string,
  root: string,
  moves: Moves,
): string {
  const links = text.replace(MARKDOWN_LINK, (whole, open: string, target: string) => {
    if (/^[a-z]+:/i.test(target) || target.startsWith('/')) return whole;
    const spec = target.startsWith('.') ? target : './' + target;
    const next = rewriteSpecifier(spec, file, fileNew, root, moves);
    if (next === spec) return whole;
    return open + (target.startsWith('.') ? next : next.replace(/^\.\//, ''));
  });
  return rewriteMentions(links, moves);
}

function removeEmptyDirectories(root: string, from: string): void {
  let dir = posix.dirname(from);
  while (dir !== '.' && existsSync(join(root, dir)) && readdirSync(join(root, dir)).length === 0) {
    rmdirSync(join(root, dir));
    dir = posix.dirname(dir);
  }
}

function main(): void {
  const movesFile = process.argv[2];
  if (movesFile === undefined) {
    console.error('usage: npx tsx scripts/move-files.ts <moves.json>');
    process.exit(2);
  }
  const root = git(process.cwd(), ['rev-parse', '--show-toplevel']).trim();
  const moves = readMoves(movesFile);
  const pending = pendingMoves(root, moves);
  const files = git(root, ['ls-files', '--cached', '--others', '--exclude-standard'])
    .split('\n')
    .filter((file) => file !== '' && existsSync(join(root, file)));

  const changedCode: string[] = [];
  for (const file of files) {
    const isCode = CODE_DIRS.some((dir) => file.startsWith(dir)) && CODE_EXTENSION.test(file);
    const isMarkdown = file.endsWith('.md');
    if (SKIPPED.has(file)) continue;
    if (!isCode && !isMarkdown && !TEXT_FILES.includes(file)) continue;
    const fileNew = pending.get(file) ?? file;
    const text = readFileSync(join(root, file), 'utf8');
    const next = isCode
      ? rewriteCode(text, file, fileNew, root, moves)
      : isMarkdown
        ? rewriteMarkdown(text, file, fileNew, root, moves)
        : rewriteMentions(text, moves);
    if (next !== text) {
      writeFileSync(join(root, file), next);
      console.log(`rewrote ${file}`);
    }
    if (isCode && (next !== text || fileNew !== file)) changedCode.push(fileNew);
  }

  for (const [from, to] of pending) {
    mkdirSync(dirname(join(root, to)), { recursive: true });
    git(root, ['mv', from, to]);
    removeEmptyDirectories(root, from);
    console.log(`moved ${from} → ${to}`);
  }
  for (const [from, to] of moves) if (!pending.has(from)) console.log(`already moved: ${from} → ${to}`);

  if (changedCode.length > 0) {
    execFileSync('npx', ['prettier', '--write', '--log-level', 'warn', ...changedCode], {
      cwd: root,
      stdio: 'inherit',
    });
  }
}

// Run as a script, not when a test imports the rewriting functions.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
