/**
 * The floors of src/, bottom up: the one statement of its order. A part (a folder of src/ with its
 * sub-folders, except the parts of their own in SUB_PARTS, or a file at the top of src/) may import the parts
 * listed before it, here or on a lower floor, and nothing listed after it. test/unit/architecture.test.ts
 * holds the code to this list and docs/architecture.md to its words.
 */
export interface Floor {
  readonly name: string;
  /** What the floor holds, one line for docs/architecture.md. */
  readonly holds: string;
  /** Bottom up: each part may import those before it. */
  readonly parts: readonly string[];
}

export const FLOORS: readonly Floor[] = [
  {
    name: 'leaves',
    holds: 'error codes, failure encoding, log redaction, URL masking, the version',
    parts: ['errors.ts', 'failure.ts', 'redaction.ts', 'url-mask.ts', 'version.ts'],
  },
  {
    name: 'pure core',
    holds: 'clients and records, identifiers, name matching, verdicts; no I/O',
    parts: ['domain', 'identifiers', 'matching', 'verdict'],
  },
  {
    name: 'settings',
    holds: 'defaults, the upstream profile, the table of environment variables; the configuration',
    parts: ['settings', 'config.ts'],
  },
  {
    name: 'plans and formats',
    holds: 'how a check is planned and run over a lookup; the output files, their cells and keys; no I/O',
    parts: ['checks', 'export'],
  },
  {
    name: 'input and language',
    holds: 'reading client files and a run’s output files back; the officers’ messages and reasons',
    parts: ['ingest', 'i18n'],
  },
  {
    name: 'plumbing',
    holds: 'Redis, files, HTTP; the log',
    parts: ['infra', 'log.ts'],
  },
  {
    name: 'engine',
    holds:
      'the Lookup Service client, a run’s Redis state, kept answers, pacing, the foreign-agent mirror, ' +
      'the run, the queue processors',
    parts: ['upstream/client', 'run/state', 'answers', 'upstream', 'mirror', 'run', 'workers'],
  },
  {
    name: 'features',
    holds: 'whitelist, reports and audit packages, notifications, the review desk, metrics, doctor',
    parts: ['whitelist', 'reporting', 'notify', 'desk', 'metrics', 'doctor'],
  },
  {
    name: 'runs',
    holds: 'submitting, following and resuming runs, the runtime, the engine’s hooks; schedules',
    parts: ['runs', 'schedule'],
  },
  {
    name: 'surfaces',
    holds: 'HTTP API, terminal output, dashboard, CLI commands, the entry point',
    parts: ['api', 'cli-ui', 'dashboard', 'commands', 'cli.ts'],
  },
];

/** Folders below a folder of src/ that are parts of their own. */
export const SUB_PARTS: readonly string[] = ['run/state', 'upstream/client'];

/** Every part, bottom up. */
export const ORDER: readonly string[] = FLOORS.flatMap((floor) => floor.parts);

/** The position of a part in ORDER (-1 for a part no floor lists). */
export function rankOf(part: string): number {
  return ORDER.indexOf(part);
}

/** The floors as docs/architecture.md lists them, bottom up. */
export function floorsMarkdown(): string {
  const code = (part: string) => `\`${part.endsWith('.ts') ? part : `${part}/`}\``;
  return FLOORS.map(
    (floor, i) => `${i + 1}. **${floor.name}** (${floor.parts.map(code).join(', ')}): ${floor.holds}.`,
  ).join('\n');
}
