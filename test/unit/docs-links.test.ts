import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenReason, githubSlug, headingAnchors, relativeLinks } from '../helpers/markdown-links.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('links of README.md and docs/*.md', () => {
  const links = PAGES.flatMap((page) => relativeLinks(page, readFileSync(join(ROOT, page), 'utf8')));

  it('finds the links of the pages', () => {
    expect(links.length).toBeGreaterThan(50);
    expect(links).toContainEqual(expect.objectContaining({ file: 'README.md', target: 'docs/errors.md' }));
  });

  it('resolves every relative link to a file of the repository, and every #anchor to a heading', () => {
    const broken = links.flatMap((link) => {
      const reason = brokenReason(ROOT, link);
      return reason === undefined ? [] : [`${link.file}:${link.line} (${link.target}): ${reason}`];
    });
    expect(broken).toEqual([]);
  });
});

/**
 * Paths of the repository's code named in backticks (`src/run/coordinator.ts`, `test/unit/`), with
 * `{a,b}` spelled out; what benchmarks and browser tests write (test/bench/results/, test/artifacts/) is not
 * in the repository.
 */
function namedPaths(page: string, text: string): { page: string; path: string }[] {
  return [...text.matchAll(/`((?:src|test)\/[^`\s]*)`/gu)].flatMap((m) => {
    const written = m[1] ?? '';
    if (written.startsWith('test/bench/results/') || written.startsWith('test/artifacts/')) return [];
    const brace = /\{([^}]*)\}/u.exec(written);
    const paths = brace
      ? (brace[1] ?? '').split(',').map((part) => written.replace(brace[0], part))
      : [written];
    return paths.map((path) => ({ page, path }));
  });
}

describe('code paths named by README.md and docs/*.md', () => {
  const named = PAGES.flatMap((page) => namedPaths(page, readFileSync(join(ROOT, page), 'utf8')));

  it('finds the paths the pages name', () => {
    expect(named.length).toBeGreaterThan(50);
  });

  it('name only files and folders that exist', () => {
    const missing = named.filter(({ path }) => !existsSync(join(ROOT, path)));
    expect(missing.map(({ page, path }) => `${page}: ${path}`)).toEqual([]);
  });

  it('would catch a moved file and spell out braces', () => {
    expect(namedPaths('x.md', 'see `src/pipeline/coordinator.ts` and `test/bench/results/a.json`')).toEqual([
      { page: 'x.md', path: 'src/pipeline/coordinator.ts' },
    ]);
    expect(namedPaths('x.md', '`src/commands/{run,serve}.ts`').map((n) => n.path)).toEqual([
      'src/commands/run.ts',
      'src/commands/serve.ts',
    ]);
    expect(existsSync(join(ROOT, 'src/pipeline/coordinator.ts'))).toBe(false);
  });
});

describe('the link checker', () => {
  it('slugs headings as GitHub does', () => {
    expect(githubSlug('Embedded Redis (no `REDIS_URL`)')).toBe('embedded-redis-no-redis_url');
    expect(githubSlug('When the Lookup Service refuses, disappears or asks to wait')).toBe(
      'when-the-lookup-service-refuses-disappears-or-asks-to-wait',
    );
    expect(githubSlug('Debtor "not found"')).toBe('debtor-not-found');
    expect(githubSlug('Transliteration: the phonetic skeleton')).toBe(
      'transliteration-the-phonetic-skeleton',
    );
    expect(githubSlug('Проверка ИНН')).toBe('проверка-инн');
  });

  it('numbers repeated headings and ignores hashes inside code blocks', () => {
    const anchors = headingAnchors('# Title\n## Usage\n```yaml\n# not a heading\n```\n## Usage\n');
    expect([...anchors]).toEqual(['title', 'usage', 'usage-1']);
  });

  it('reports a missing file, a missing anchor and a path outside the repository', () => {
    const page =
      '[a](docs/nowhere.md) [b](docs/errors.md#no-such-heading) [c](../outside.md) [d](#top) `[e](x.md)`';
    const reasons = relativeLinks('README.md', page).map((link) => brokenReason(ROOT, link));
    expect(reasons).toEqual([
      'docs/nowhere.md does not exist',
      'docs/errors.md has no heading #no-such-heading',
      'points outside the repository',
      'README.md has no heading #top',
    ]);
  });
});
