import { readdirSync, readFileSync } from 'node:fs';
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
