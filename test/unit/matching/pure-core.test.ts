import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The pure core (src/domain, src/identifiers, src/matching, src/verdict, src/checks, src/export) imports
 * nothing that does I/O: no Redis, no HTTP, no file system. node:crypto is the one Node module allowed
 * (record hashes). Its dependencies point one way: each folder imports only the folders listed for it
 * (besides itself and src/errors.ts), so matching never needs verdict and export never needs the pipeline.
 */
const ROOT = fileURLToPath(new URL('../../../src/', import.meta.url));
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  domain: [],
  identifiers: ['domain'],
  matching: ['domain', 'identifiers'],
  verdict: ['domain', 'identifiers', 'matching'],
  // Plans and exports read the upstream profile (registry/profile) and the mirror's types as well.
  checks: ['domain', 'identifiers', 'matching', 'verdict', 'upstream', 'mirror'],
  export: ['domain', 'identifiers', 'matching', 'verdict', 'upstream', 'mirror'],
};
const CORE = Object.keys(MAY_IMPORT);
const ALLOWED_NODE = new Set(['node:crypto', 'crypto']);
/** Packages that would be I/O elsewhere but are used in memory here: export/ encodes CSV text. */
const ALLOWED_PACKAGES: Readonly<Record<string, readonly string[]>> = {
  export: ['csv-stringify', 'iconv-lite'],
};
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

function isForbidden(spec: string, folder = ''): boolean {
  if (spec.startsWith('.')) return false;
  if (ALLOWED_NODE.has(spec)) return false;
  const bare = spec.startsWith('node:') ? spec.slice(5) : spec;
  if (spec.startsWith('node:')) return true;
  const allowed = ALLOWED_PACKAGES[folder] ?? [];
  if (allowed.some((a) => bare === a || bare.startsWith(`${a}/`))) return false;
  return FORBIDDEN.some((f) => bare === f || bare.startsWith(`${f}/`));
}

/** A relative import of a file of src/<folder>/ that leaves the folders it may import. */
function leavesLayer(folder: string, file: string, spec: string): boolean {
  if (!spec.startsWith('.')) return false;
  const target = relative(ROOT, join(dirname(file), spec)).split(sep)[0] ?? '';
  return target !== 'errors.js' && target !== folder && !(MAY_IMPORT[folder] ?? []).includes(target);
}

describe('the pure core has no I/O imports', () => {
  for (const folder of CORE) {
    it(`src/${folder}`, () => {
      const offenders = files(join(ROOT, folder)).flatMap((file) =>
        specifiers(readFileSync(file, 'utf8'))
          .filter((spec) => isForbidden(spec, folder))
          .map((spec) => `${file.slice(ROOT.length)} imports ${spec}`),
      );
      expect(offenders).toEqual([]);
    });
  }

  it('relative imports go only to the folders each part of the core may use', () => {
    const outside = CORE.flatMap((folder) =>
      files(join(ROOT, folder)).flatMap((file) =>
        specifiers(readFileSync(file, 'utf8'))
          .filter((s) => leavesLayer(folder, file, s))
          .map((s) => `${file.slice(ROOT.length)} imports ${s}`),
      ),
    );
    expect(outside).toEqual([]);
  });

  it('the scanner catches what it must', () => {
    expect(
      specifiers("import { Queue } from 'bullmq';\nimport fs from 'node:fs';").filter((spec) =>
        isForbidden(spec),
      ),
    ).toEqual(['bullmq', 'node:fs']);
    expect(isForbidden('node:crypto')).toBe(false);
    expect(isForbidden('fs')).toBe(true);
    expect(isForbidden('node:http')).toBe(true);
    expect(isForbidden('iconv-lite', 'export')).toBe(false);
    expect(isForbidden('iconv-lite', 'matching')).toBe(true);
    const at = (folder: string) => join(ROOT, folder, 'x.ts');
    expect(leavesLayer('matching', at('matching'), '../verdict/thresholds.js')).toBe(true);
    expect(leavesLayer('verdict', at('verdict'), '../matching/thresholds.js')).toBe(false);
    expect(leavesLayer('export', at('export'), '../run/state/run-store.js')).toBe(true);
    expect(leavesLayer('checks', at('checks'), '../settings/upstream-profile.js')).toBe(false);
    expect(leavesLayer('checks', at('checks'), '../errors.js')).toBe(false);
  });
});
