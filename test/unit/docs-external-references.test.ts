import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: no comment, page or test may send a reader to a document that only
 * exists outside it. The names are assembled here so that this file does not match itself.
 */
const FORBIDDEN = [
  ['domain', 'facts'].join('-'),
  ['registry', 'lookup', 'service'].join('-'),
  ['ARCHI', 'TECTURE'].join(''),
  ['shared', '/'].join(''),
];

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['README.md', 'src', 'docs', 'test', 'scripts', 'samples'];
const SKIPPED_DIRS = new Set(['node_modules', 'artifacts', 'results']);
const TEXT = new Set(['.ts', '.js', '.md', '.json', '.jsonl', '.csv', '.yml', '.yaml', '.txt']);

function textFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return TEXT.has(extname(path)) ? [path] : [];
  return readdirSync(path)
    .filter((name) => !SKIPPED_DIRS.has(name))
    .flatMap((name) => textFiles(join(path, name)));
}

describe('references outside the repository', () => {
  const files = SCANNED.flatMap((entry) => textFiles(join(ROOT, entry)));

  it('scans the sources, pages and tests', () => {
    const names = files.map((file) => relative(ROOT, file));
    expect(names).toContain('README.md');
    expect(names).toContain('src/errors.ts');
    expect(names).toContain('docs/domain.md');
    expect(names).toContain('src/workers/check-job.ts');
  });

  it('finds none', () => {
    const hits = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          FORBIDDEN.filter((name) => line.includes(name)).map(
            (name) => `${relative(ROOT, file)}:${index + 1}: ${name}`,
          ),
        ),
    );
    expect(hits).toEqual([]);
  });
});
