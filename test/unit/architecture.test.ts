import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  edges,
  fileCycles,
  files,
  mutualPairs,
  partOf,
  ROOT,
  specifiers,
  upward,
} from './architecture/imports.js';
import { floorsMarkdown, rankOf } from './architecture/layers.js';

/**
 * The import rules of src/. The order of its parts is stated once, in architecture/layers.ts: a part imports
 * only parts before it there, no two parts import each other, no files import each other round a cycle. What
 * still breaks them is listed below, each with its reason; the lists must equal what the code does, so they
 * only shrink. On top of the order, MAY_IMPORT says which of the parts below it each part may use at all
 * (besides itself and src/errors.ts, which every part may use).
 */
const CORE = ['domain', 'identifiers', 'matching', 'verdict', 'checks', 'export'] as const;
/** The surfaces: what no part below them may import. */
const SURFACES = ['commands', 'cli-ui', 'api'] as const;

const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  // The pure core: no I/O (see below), dependencies one way.
  domain: [],
  identifiers: ['domain'],
  matching: ['domain', 'identifiers'],
  verdict: ['domain', 'identifiers', 'matching'],
  // Plans and exports read the upstream profile (settings/).
  checks: ['domain', 'identifiers', 'matching', 'verdict', 'settings'],
  export: ['domain', 'identifiers', 'matching', 'verdict', 'settings'],
  // Leaves beside the core.
  'errors.ts': [],
  'failure.ts': [],
  'redaction.ts': [],
  'url-mask.ts': [],
  'version.ts': [],
  settings: ['domain'],
  'config.ts': ['settings', 'url-mask.ts'],
  // A run's verdicts.csv and evidence.jsonl are read back with the formats export/ writes them in.
  ingest: ['domain', 'identifiers', 'matching', 'settings', 'export'],
  // The officers' language: the message catalogue and the reason codes' sentences.
  i18n: ['domain', 'verdict', 'settings'],
  // The engine.
  infra: ['config.ts', 'url-mask.ts', 'settings'],
  'log.ts': ['config.ts', 'infra', 'redaction.ts'],
  'upstream/client': ['domain', 'settings'],
  'run/state': [
    ...['config.ts', 'domain', 'export', 'failure.ts', 'infra', 'ingest', 'log.ts', 'settings'],
    ...['i18n', 'upstream/client'],
  ],
  // Answers kept across runs: a layer over the run's request cache, in Redis.
  answers: ['domain', 'infra', 'settings', 'upstream/client'],
  upstream: [
    ...['checks', 'domain', 'infra', 'log.ts', 'run/state', 'settings', 'upstream/client'],
    // The answer store sits in front of the paced call (answers/answer-layer.ts).
    'answers',
  ],
  mirror: [
    ...['checks', 'domain', 'ingest', 'log.ts', 'matching', 'run/state', 'settings'],
    ...['upstream', 'upstream/client', 'export'],
  ],
  run: [
    ...['checks', 'domain', 'export', 'infra', 'ingest', 'log.ts', 'matching', 'mirror', 'run/state'],
    ...['settings', 'upstream', 'upstream/client', 'verdict', 'version.ts'],
  ],
  workers: [
    ...['checks', 'domain', 'failure.ts', 'log.ts', 'mirror', 'run', 'run/state', 'settings', 'upstream'],
    ...['upstream/client', 'verdict', 'answers'],
  ],
  // Features around the engine.
  whitelist: ['domain', 'export', 'infra', 'ingest', 'run', 'run/state', 'verdict'],
  reporting: [
    ...['domain', 'export', 'infra', 'ingest', 'matching', 'run', 'run/state', 'verdict', 'version.ts'],
    ...['whitelist', 'i18n', 'mirror'],
  ],
  notify: ['domain', 'log.ts', 'reporting', 'run', 'run/state', 'version.ts'],
  // The review desk: alerts and decisions in PostgreSQL, carried into runs through the whitelist.
  desk: [
    ...['domain', 'export', 'infra', 'log.ts', 'notify', 'reporting', 'run/state', 'url-mask.ts'],
    ...['verdict', 'version.ts', 'whitelist', 'settings', 'ingest'],
  ],
  metrics: ['domain', 'infra', 'run', 'run/state'],
  doctor: ['checks', 'domain', 'identifiers', 'infra', 'ingest', 'settings', 'upstream/client', 'verdict'],
  // The runs layer: submission, the process runtime, the wiring of the engine's hooks.
  runs: [
    ...['checks', 'config.ts', 'domain', 'failure.ts', 'infra', 'ingest', 'log.ts', 'notify'],
    ...['reporting', 'run', 'run/state', 'settings', 'upstream', 'upstream/client', 'whitelist', 'workers'],
    // A new run's outputs are checked with the evidence's bodies file (export/evidence-bodies.ts).
    'export',
  ],
  schedule: [
    ...['failure.ts', 'infra', 'log.ts', 'metrics', 'notify', 'reporting', 'run/state', 'settings'],
    'whitelist',
    // A schedule stores a RunRequest and fires it through the runs service.
    'runs',
  ],
  // The surfaces.
  api: [
    ...['checks', 'config.ts', 'domain', 'infra', 'ingest', 'log.ts', 'notify', 'reporting', 'run'],
    ...['run/state', 'runs', 'upstream', 'version.ts', 'desk', 'settings', 'export'],
  ],
  'cli-ui': ['domain', 'failure.ts', 'log.ts', 'mirror', 'run/state', 'runs', 'settings'],
  dashboard: [
    ...['api', 'cli-ui', 'config.ts', 'domain', 'failure.ts', 'infra', 'metrics', 'mirror', 'notify'],
    ...[
      'run',
      'run/state',
      'schedule',
      'upstream',
      'i18n',
      'reporting',
      'desk',
      'settings',
      'export',
      'ingest',
    ],
  ],
  commands: ['*'],
  'cli.ts': ['cli-ui', 'commands', 'failure.ts', 'version.ts'],
};

/**
 * Imports against the order that remain, file by file, each with why. The test fails when one is added and
 * when one is gone but still listed, so the list only shrinks.
 */
const AGAINST_THE_ORDER: readonly (readonly [from: string, to: string, why: string])[] = [
  // reporting/audit/ packs the desk's decisions with a run's rows; it leaves reporting/ (or the decisions'
  // reader leaves desk/) with the desk's decisions work, which is changing these files.
  ['reporting/audit/export.ts', 'desk/audit-decisions.ts', "the audit package reads the desk's decisions"],
  ['reporting/audit/export.ts', 'desk/types.ts', "the audit package reads the desk's decisions"],
  ['reporting/audit/verify.ts', 'desk/audit-decisions.ts', "the audit package reads the desk's decisions"],
  // runs/wiring.ts takes the desk's hooks' type from WorkerWiring; both change with the runs work.
  ['workers/workers.ts', 'desk/run-hooks.ts', "the runs worker's options name the desk's hooks' type"],
  [
    'workers/run-desk.ts',
    'desk/run-hooks.ts',
    "the desk notice of a run that coordinates without a desk takes the hooks' type",
  ],
];

/** Parts that still import each other (each follows from imports listed above), with why. */
const MUTUAL: readonly (readonly [pair: string, why: string])[] = [
  ['reporting ↔ desk', "the audit package (reporting/audit/) reads the desk's decisions"],
];

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

function isForbidden(spec: string, folder = ''): boolean {
  if (spec.startsWith('.')) return false;
  if (ALLOWED_NODE.has(spec)) return false;
  const bare = spec.startsWith('node:') ? spec.slice(5) : spec;
  if (spec.startsWith('node:')) return true;
  const allowed = ALLOWED_PACKAGES[folder] ?? [];
  if (allowed.some((a) => bare === a || bare.startsWith(`${a}/`))) return false;
  return FORBIDDEN.some((f) => bare === f || bare.startsWith(`${f}/`));
}

/** Whether MAY_IMPORT lets part `from` import part `to`. */
function mayImport(from: string, to: string): boolean {
  const allowed = MAY_IMPORT[from] ?? [];
  return to === from || to === 'errors.ts' || allowed.includes('*') || allowed.includes(to);
}

/** The part a relative import of `file` reaches, when the table does not let the file's part import it. */
function outsideRules(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const to = partOf(relative(ROOT, join(dirname(file), spec)));
  return mayImport(partOf(relative(ROOT, file)), to) ? undefined : to;
}

const listed = (from: string, to: string) => AGAINST_THE_ORDER.some(([f, t]) => f === from && t === to);
const found = edges();
const docsPage = fileURLToPath(new URL('../../docs/architecture.md', import.meta.url));

describe('the import rules of src/', () => {
  it('place every part of src/ on a floor and in the table', () => {
    const parts = [...new Set(files(ROOT).map((file) => partOf(relative(ROOT, file))))].sort();
    expect(parts.filter((part) => rankOf(part) < 0)).toEqual([]);
    expect(parts.filter((part) => !(part in MAY_IMPORT))).toEqual([]);
    expect(Object.keys(MAY_IMPORT).filter((part) => rankOf(part) < 0)).toEqual([]);
  });

  it('let each part of the table import only parts below it', () => {
    const against = Object.entries(MAY_IMPORT).flatMap(([part, allowed]) =>
      allowed.filter((to) => to !== '*' && rankOf(to) >= rankOf(part)).map((to) => `${part} → ${to}`),
    );
    expect(against).toEqual([]);
  });

  it('let no part below the surfaces import commands/, cli-ui/ or api/', () => {
    const surfaces: readonly string[] = [...SURFACES, 'dashboard', 'cli.ts'];
    const upward = Object.entries(MAY_IMPORT).flatMap(([part, allowed]) =>
      surfaces.includes(part) ? [] : allowed.filter((to) => (SURFACES as readonly string[]).includes(to)),
    );
    expect(upward).toEqual([]);
  });

  it('are kept by every relative import (but those listed against the order)', () => {
    const outside = found.filter((e) => !mayImport(partOf(e.from), partOf(e.to)) && !listed(e.from, e.to));
    expect(outside.map((e) => `${e.from} imports ${e.to}`)).toEqual([]);
  });

  it('import nothing against the order but what is listed, and all of that still', () => {
    const against = [...new Set(upward(found).map((e) => `${e.from} → ${e.to}`))].sort();
    expect(against).toEqual(AGAINST_THE_ORDER.map(([from, to]) => `${from} → ${to}`).sort());
  });

  it('have no two parts importing each other but those listed', () => {
    expect(mutualPairs(found)).toEqual(MUTUAL.map(([pair]) => pair).sort());
  });

  it('have no cycle between files', () => {
    expect(fileCycles(found)).toEqual([]);
  });

  it('are stated in docs/architecture.md as in architecture/layers.ts', () => {
    const page = readFileSync(docsPage, 'utf8');
    const start = page.indexOf('<!-- floors -->\n');
    const end = page.indexOf('\n<!-- /floors -->');
    expect(start >= 0 && end > start ? page.slice(start + '<!-- floors -->\n'.length, end) : page).toBe(
      floorsMarkdown(),
    );
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
    expect(outsideRules(at('run', 'state', 'x.ts'), '../coordinator.js')).toBe('run');
    expect(outsideRules(at('run', 'x.ts'), './state/run-store.js')).toBeUndefined();
    expect(outsideRules(at('checks', 'x.ts'), '../errors.js')).toBeUndefined();
    expect(outsideRules(at('commands', 'x.ts'), '../anything/at-all.js')).toBeUndefined();
  });

  it('finds imports against the order, parts importing each other and cycles between files', () => {
    const e = (from: string, to: string) => ({ from, to });
    expect(upward([e('domain/a.ts', 'run/b.ts'), e('run/b.ts', 'domain/a.ts')])).toEqual([
      e('domain/a.ts', 'run/b.ts'),
    ]);
    expect(mutualPairs([e('run/b.ts', 'upstream/c.ts'), e('upstream/d.ts', 'run/e.ts')])).toEqual([
      'upstream ↔ run',
    ]);
    const ring = [e('a.ts', 'b.ts'), e('b.ts', 'c.ts'), e('c.ts', 'a.ts'), e('c.ts', 'd.ts')];
    expect(fileCycles(ring)).toEqual(['a.ts ↔ b.ts ↔ c.ts']);
    expect(fileCycles([e('a.ts', 'b.ts'), e('b.ts', 'c.ts')])).toEqual([]);
  });
});
