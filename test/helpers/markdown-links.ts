import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, relative, resolve } from 'node:path';

/**
 * Relative links of markdown pages and whether they resolve, the way GitHub renders them: a link to a
 * file of the repository, optionally with the `#anchor` of a heading of that file.
 */

export interface MarkdownLink {
  readonly file: string;
  readonly line: number;
  readonly target: string;
}

/** Fenced code blocks are not rendered as markdown: their brackets and hashes are neither links nor headings. */
function proseLines(text: string): { readonly line: number; readonly text: string }[] {
  const lines: { line: number; text: string }[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((raw, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1];
    if (marker !== undefined && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      return;
    }
    if (fence === undefined) lines.push({ line: index + 1, text: raw });
  });
  return lines;
}

/** GitHub's heading anchor: lowercase, punctuation dropped (letters, digits, `_`, `-` and spaces stay), spaces → `-`. */
export function githubSlug(heading: string): string {
  const rendered = heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page offers; a repeated heading gets `-1`, `-2`, … as on GitHub. */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: line } of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Links and images whose target is not a URL with a scheme (`https:`, `mailto:`). */
export function relativeLinks(file: string, text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { line, text: raw } of proseLines(text)) {
    const prose = raw.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1] ?? '';
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ file, line, target });
    }
  }
  return links;
}

/** Why a link does not resolve from `root`, or undefined when it does. */
export function brokenReason(root: string, link: MarkdownLink): string | undefined {
  const [pathPart = '', anchor] = link.target.split('#', 2);
  const targetFile =
    pathPart === '' ? resolve(root, link.file) : resolve(root, dirname(link.file), decodeURI(pathPart));
  const inside = relative(root, targetFile);
  if (inside.startsWith('..') || resolve(root, inside) !== targetFile) return 'points outside the repository';
  if (!existsSync(targetFile)) return `${inside} does not exist`;
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(targetFile).isDirectory() || extname(targetFile) !== '.md') {
    return `#${anchor} on a file that is not markdown`;
  }
  if (!headingAnchors(readFileSync(targetFile, 'utf8')).has(decodeURIComponent(anchor))) {
    return `${inside} has no heading #${anchor}`;
  }
  return undefined;
}
