import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The pure core (src/domain, src/identifiers, src/matching, src/verdict) imports nothing that does I/O:
 * no Redis, no HTTP, no file system. node:crypto is the one Node module allowed (record hashes).
 */
const ROOT = fileURLToPath(new URL('../../../src/', import.meta.url));
const CORE = ['domain', 'identifiers', 'matching', 'verdict'];
const ALLOWED_NODE = new Set(['node:crypto', 'crypto']);
const FORBIDDEN = [
  'bullmq',
  'ioredis',
  'undici',
  'pino',
  'csv-parse',
  'csv-stringify',
  'iconv-lite',
  'p-limit',
  'commander',
  'cli-progress',
  'fs',
  'fs/promises',
  'http',
  'https',
  'http2',
  'net',
  'tls',
  'dgram',
  'dns',
  'child_process',
  'worker_threads',
  'cluster',
  'os',
  'path',
  'stream',
  'readline',
  'process',
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every module specifier of static imports, re-exports and dynamic imports. */
function specifiers(source: string): string[] {
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

function isForbidden(spec: string): boolean {
  if (spec.startsWith('.')) return false;
  if (ALLOWED_NODE.has(spec)) return false;
  const bare = spec.startsWith('node:') ? spec.slice(5) : spec;
  if (spec.startsWith('node:')) return true;
  return FORBIDDEN.some((f) => bare === f || bare.startsWith(`${f}/`));
}

describe('the pure core has no I/O imports', () => {
  for (const folder of CORE) {
    it(`src/${folder}`, () => {
      const offenders = files(join(ROOT, folder)).flatMap((file) =>
        specifiers(readFileSync(file, 'utf8'))
          .filter(isForbidden)
          .map((spec) => `${file.slice(ROOT.length)} imports ${spec}`),
      );
      expect(offenders).toEqual([]);
    });
  }

  it('relative imports stay inside the core', () => {
    const outside = CORE.flatMap((folder) =>
      files(join(ROOT, folder)).flatMap((file) =>
        specifiers(readFileSync(file, 'utf8'))
          .filter((s) => s.startsWith('../'))
          .filter((s) => !CORE.some((c) => s.startsWith(`../${c}/`)) && s !== '../errors.js')
          .map((s) => `${file.slice(ROOT.length)} imports ${s}`),
      ),
    );
    expect(outside).toEqual([]);
  });

  it('the scanner catches what it must', () => {
    expect(
      specifiers("import { Queue } from 'bullmq';\nimport fs from 'node:fs';").filter(isForbidden),
    ).toEqual(['bullmq', 'node:fs']);
    expect(isForbidden('node:crypto')).toBe(false);
    expect(isForbidden('fs')).toBe(true);
    expect(isForbidden('node:http')).toBe(true);
  });
});
