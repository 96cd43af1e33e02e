import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of src/, folder by folder: which parts each part may import (besides itself and
 * src/errors.ts, which every part may use). A new folder, or an import outside the table, fails here, so
 * the layering cannot quietly come back. A part is a folder of src/ (its sub-folders included), except
 * run/state and upstream/client, which are parts of their own, and each file at the top of src/.
 *
 * From the bottom up: the pure core (domain … export) and settings/ (what config.ts is built from, and
 * the table of environment variables that every part may read);
 * the engine (run/, run/state/, upstream/, mirror/, workers/, infra/); the features around it (reporting/,
 * whitelist/, notify/, schedule/, metrics/, doctor/); runs/ (the runs layer and the wiring of the engine's
 * hooks); the surfaces on top (api/, dashboard/, cli-ui/, commands/, cli.ts).
 */
const ROOT = fileURLToPath(new URL('../../src/', import.meta.url));

const CORE = ['domain', 'identifiers', 'matching', 'verdict', 'checks', 'export'] as const;
/** The surfaces: what no part below them may import. */
const SURFACES = ['commands', 'cli-ui', 'api'] as const;

const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  // The pure core: no I/O (see below), dependencies one way.
  domain: [],
  identifiers: ['domain'],
  matching: ['domain', 'identifiers'],
  verdict: ['domain', 'identifiers', 'matching'],
  // Plans and exports read the upstream profile (settings/) and the mirror's types as well.
  checks: ['domain', 'identifiers', 'matching', 'verdict', 'settings', 'mirror'],
  export: ['domain', 'identifiers', 'matching', 'verdict', 'settings', 'mirror'],
  // Leaves beside the core.
  'errors.ts': [],
  'failure.ts': [],
  'redaction.ts': [],
  'url-mask.ts': [],
  'version.ts': [],
  settings: ['domain'],
  'config.ts': ['settings', 'url-mask.ts'],
  // The input limits' defaults, which config.ts reads too.
  ingest: ['domain', 'identifiers', 'matching', 'settings'],
  // The officers' language: the message catalogue and the reason codes' sentences.
  i18n: ['domain', 'verdict', 'settings'],
  // The engine.
  infra: ['config.ts', 'url-mask.ts', 'settings'],
  'log.ts': ['config.ts', 'infra', 'redaction.ts'],
  'upstream/client': ['domain', 'settings'],
  'run/state': [
    ...['config.ts', 'domain', 'export', 'failure.ts', 'infra', 'ingest', 'log.ts', 'settings'],
    // The run's keys and its files' offsets are named in run/ (topology.ts, output-files.ts).
    'run',
    'i18n',
    'upstream/client',
  ],
  upstream: [
    ...['checks', 'domain', 'infra', 'log.ts', 'run', 'run/state', 'settings', 'upstream/client'],
    // The answer store sits in front of the paced call (answers/answer-layer.ts).
    'answers',
  ],
  // Answers kept across runs: a layer over the run's request cache, in Redis.
  answers: ['domain', 'infra', 'settings', 'upstream', 'upstream/client'],
  mirror: [
    ...['checks', 'domain', 'ingest', 'log.ts', 'matching', 'run', 'run/state', 'settings'],
    ...['upstream', 'upstream/client'],
    // Reverse screening reads the run's verdicts.csv back (reporting/verdict-file.ts) and its kyc_matches cells.
    'reporting',
    'export',
  ],
  run: [
    ...['checks', 'domain', 'export', 'infra', 'ingest', 'log.ts', 'matching', 'mirror', 'run/state'],
    ...['settings', 'upstream', 'upstream/client', 'verdict', 'version.ts'],
  ],
  workers: [
    ...['checks', 'domain', 'failure.ts', 'log.ts', 'mirror', 'run', 'run/state', 'settings', 'upstream'],
    ...['upstream/client', 'verdict', 'answers'],
    // The review desk's hooks at both ends of a run (types and the hooks' calls only).
    'desk',
  ],
  // Features around the engine.
  // The review desk: alerts and decisions in PostgreSQL, carried into runs through the whitelist.
  desk: [
    ...['domain', 'export', 'infra', 'log.ts', 'notify', 'reporting', 'run/state', 'url-mask.ts'],
    ...['verdict', 'version.ts', 'whitelist', 'settings'],
  ],
  reporting: [
    ...['domain', 'export', 'infra', 'ingest', 'matching', 'run', 'run/state', 'verdict', 'version.ts'],
    ...['whitelist', 'i18n', 'mirror'],
    // The audit package carries the desk's decisions on the run's rows.
    'desk',
  ],
  whitelist: ['domain', 'export', 'infra', 'ingest', 'reporting', 'run', 'run/state', 'verdict'],
  notify: ['domain', 'log.ts', 'reporting', 'run', 'run/state', 'version.ts'],
  metrics: ['domain', 'infra', 'run', 'run/state'],
  doctor: ['checks', 'domain', 'identifiers', 'infra', 'ingest', 'settings', 'upstream/client', 'verdict'],
  schedule: [
    ...['failure.ts', 'infra', 'log.ts', 'metrics', 'notify', 'reporting', 'run/state', 'settings'],
    'whitelist',
    // A schedule stores a RunRequest and fires it through the runs service.
    'runs',
  ],
  // The runs layer: submission, the process runtime, the wiring of the engine's hooks.
  runs: [
    ...['checks', 'config.ts', 'domain', 'failure.ts', 'infra', 'ingest', 'log.ts', 'notify'],
    ...['reporting', 'run', 'run/state', 'settings', 'upstream', 'upstream/client', 'whitelist', 'workers'],
    // A new run's outputs are checked with the evidence's bodies file (export/evidence-bodies.ts).
    'export',
  ],
  // The surfaces.
  api: [
    ...['checks', 'config.ts', 'domain', 'infra', 'ingest', 'log.ts', 'notify', 'reporting', 'run'],
    ...['run/state', 'runs', 'upstream', 'version.ts', 'desk', 'settings', 'export'],
  ],
  dashboard: [
    ...['api', 'cli-ui', 'config.ts', 'domain', 'failure.ts', 'infra', 'metrics', 'mirror', 'notify'],
    ...['run', 'run/state', 'schedule', 'upstream', 'i18n', 'reporting', 'desk', 'settings'],
  ],
  'cli-ui': ['domain', 'failure.ts', 'log.ts', 'mirror', 'run/state', 'runs', 'settings'],
  commands: ['*'],
  'cli.ts': ['cli-ui', 'commands', 'failure.ts', 'version.ts'],
};

/**
 * Imports that break the rules today and are being removed on their own branches; each names the work that
 * ends it. The test fails when one of them is gone and still listed, so the list only shrinks.
 */
const UNTIL: readonly (readonly [from: string, to: string, until: string])[] = [];

const ALLOWED_NODE = new Set(['node:crypto', 'crypto']);
/** Packages that would be I/O elsewhere but are used in memory here: export/ encodes CSV text. */
const ALLOWED_PACKAGES: Readonly<Record<string, readonly string[]>> = {
  export: ['csv-stringify', 'iconv-lite'],
};
const FORBIDDEN = [
  ...['bullmq', 'ioredis', 'undici', 'pino', 'csv-parse', 'csv-stringify', 'iconv-lite', 'p-limit'],
  ...['commander', 'cli-progress', 'fs', 'fs/promises', 'http', 'https', 'http2', 'net', 'tls', 'dgram'],
  ...['dns', 'child_process', 'worker_threads', 'cluster', 'os', 'path', 'stream', 'readline', 'process'],
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The part of src/ a path (relative to src/) belongs to. */
function partOf(path: string): string {
  const [first = '', second, third] = path.split(sep);
  if (second === undefined) return first.replace(/\.js$/u, '.ts');
  if (third !== undefined && `${first}/${second}` in MAY_IMPORT) return `${first}/${second}`;
  return first;
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

/** The part a relative import of `file` reaches, when the table does not let the file's part import it. */
function outsideRules(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const from = partOf(relative(ROOT, file));
  const to = partOf(relative(ROOT, join(dirname(file), spec)));
  const allowed = MAY_IMPORT[from] ?? [];
  if (to === from || to === 'errors.ts' || allowed.includes('*') || allowed.includes(to)) return undefined;
  return to;
}

/** Every import of src/ the table does not allow, as `from → to: file imports spec`. */
function offences(): { from: string; to: string; line: string }[] {
  return files(ROOT).flatMap((file) =>
    specifiers(readFileSync(file, 'utf8')).flatMap((spec) => {
      const to = outsideRules(file, spec);
      const from = partOf(relative(ROOT, file));
      return to === undefined ? [] : [{ from, to, line: `${relative(ROOT, file)} imports ${spec}` }];
    }),
  );
}

describe('the import rules of src/', () => {
  it('list every part of src/', () => {
    const parts = new Set(files(ROOT).map((file) => partOf(relative(ROOT, file))));
    expect([...parts].filter((part) => !(part in MAY_IMPORT)).sort()).toEqual([]);
  });

  it('let no part below the surfaces import commands/, cli-ui/ or api/', () => {
    const surfaces: readonly string[] = [...SURFACES, 'dashboard', 'cli.ts'];
    const upward = Object.entries(MAY_IMPORT).flatMap(([part, allowed]) =>
      surfaces.includes(part) ? [] : allowed.filter((to) => (SURFACES as readonly string[]).includes(to)),
    );
    expect(upward).toEqual([]);
  });

  it('are kept by every relative import (but those on their way out)', () => {
    const known = (o: { from: string; to: string }) => UNTIL.some(([f, t]) => f === o.from && t === o.to);
    expect(
      offences()
        .filter((o) => !known(o))
        .map((o) => o.line),
    ).toEqual([]);
  });

  it('list only imports on their way out that still exist', () => {
    const found = offences();
    const gone = UNTIL.filter(([f, t]) => !found.some((o) => o.from === f && o.to === t));
    expect(gone).toEqual([]);
  });

  for (const folder of CORE) {
    it(`keep src/${folder} (the pure core) free of I/O`, () => {
      const offenders = files(join(ROOT, folder)).flatMap((file) =>
        specifiers(readFileSync(file, 'utf8'))
          .filter((spec) => isForbidden(spec, folder))
          .map((spec) => `${file.slice(ROOT.length)} imports ${spec}`),
      );
      expect(offenders).toEqual([]);
    });
  }
});

describe('the import scanner', () => {
  it('catches what it must', () => {
    expect(
      specifiers("import { Queue } from 'bullmq';\nimport fs from 'node:fs';").filter((spec) =>
        isForbidden(spec),
      ),
    ).toEqual(['bullmq', 'node:fs']);
    expect(specifiers("export { x } from './y.js';\nconst m = await import('../z.js');")).toEqual([
      './y.js',
      '../z.js',
    ]);
    expect(isForbidden('node:crypto')).toBe(false);
    expect(isForbidden('fs')).toBe(true);
    expect(isForbidden('iconv-lite', 'export')).toBe(false);
    expect(isForbidden('iconv-lite', 'matching')).toBe(true);
  });

  it('places files in their parts and refuses imports outside the table', () => {
    expect(partOf(join('run', 'state', 'run-store.ts'))).toBe('run/state');
    expect(partOf(join('run', 'coordinator.ts'))).toBe('run');
    expect(partOf(join('reporting', 'audit', 'export.ts'))).toBe('reporting');
    expect(partOf('config.js')).toBe('config.ts');
    const at = (...path: string[]) => join(ROOT, ...path);
    expect(outsideRules(at('run', 'coordinator.ts'), '../reporting/report/write-report.js')).toBe(
      'reporting',
    );
    expect(outsideRules(at('workers', 'workers.ts'), '../commands/run.js')).toBe('commands');
    expect(outsideRules(at('config.ts'), './upstream/client/profile.js')).toBe('upstream/client');
    expect(outsideRules(at('matching', 'x.ts'), '../verdict/thresholds.js')).toBe('verdict');
    expect(outsideRules(at('verdict', 'x.ts'), '../matching/thresholds.js')).toBeUndefined();
    expect(outsideRules(at('run', 'state', 'x.ts'), '../topology.js')).toBeUndefined();
    expect(outsideRules(at('checks', 'x.ts'), '../errors.js')).toBeUndefined();
    expect(outsideRules(at('commands', 'x.ts'), '../anything/at-all.js')).toBeUndefined();
  });
});
