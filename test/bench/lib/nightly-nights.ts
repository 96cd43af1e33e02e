import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse/sync';
import type { EvidenceLine } from '../../../src/export/evidence.js';
import type { Manifest } from '../../../src/export/manifest.js';
import type { ForeignAgentStrategyNote } from '../../../src/export/mirror-snapshot.js';
import { runCli } from './processes.js';

/** One night of a nightly benchmark: the run's manifest, its verdicts and what its requests cost. */
export interface Night {
  readonly name: string;
  readonly seconds: number;
  readonly manifest: Manifest;
  /** Requests the service received during the night (its own count). */
  readonly serviceRequests: number;
  /** client_id → the row's cells but the run's id and check time. */
  readonly decisions: Map<string, string>;
  readonly verdicts: Map<string, string>;
  /** Requests the rows sent themselves (neither the run's cache nor a kept answer), by check, old/new rows. */
  readonly rowCalls: RowCalls;
}

export interface RowCalls {
  /** Rows up to `oldRows` (the clients of night 1): check → requests sent for them. */
  readonly old: Record<string, number>;
  /** Rows after them (new clients). */
  readonly fresh: Record<string, number>;
  /** A few requests of old rows that were sent (should be none on night 2). */
  readonly oldExamples: string[];
}

function readDecisions(path: string): { decisions: Map<string, string>; verdicts: Map<string, string> } {
  const rows: string[][] = parse(readFileSync(path), { bom: true, relax_column_count: true });
  const header = rows[0] ?? [];
  const own = new Set([header.indexOf('kyc_run_id'), header.indexOf('kyc_checked_at')]);
  const verdict = header.indexOf('kyc_verdict');
  const decisions = new Map<string, string>();
  const verdicts = new Map<string, string>();
  for (const row of rows.slice(1)) {
    decisions.set(row[0] ?? '', row.filter((_c, i) => !own.has(i)).join('\u0001'));
    verdicts.set(row[0] ?? '', row[verdict] ?? '');
  }
  return { decisions, verdicts };
}

interface EvidenceRequest {
  readonly operation: string;
  readonly params: Record<string, string>;
  readonly cached?: boolean;
  readonly reused?: boolean;
}

/**
 * The requests each row sent itself, from evidence.jsonl: old rows (≤ oldRows) apart from new ones. Read a
 * line at a time: the evidence of 105,000 rows is longer than the longest string Node can hold.
 */
async function readRowCalls(path: string, oldRows: number): Promise<RowCalls> {
  const old: Record<string, number> = {};
  const fresh: Record<string, number> = {};
  const oldExamples: string[] = [];
  for await (const text of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    if (text.trim() === '') continue;
    const line = JSON.parse(text) as EvidenceLine;
    for (const [kind, check] of Object.entries(line.checks)) {
      for (const request of (check as { requests?: EvidenceRequest[] }).requests ?? []) {
        if (request.cached || request.reused) continue;
        const into = line.row <= oldRows ? old : fresh;
        into[kind] = (into[kind] ?? 0) + 1;
        if (line.row <= oldRows && oldExamples.length < 5)
          oldExamples.push(`row ${line.row} ${request.operation} ${JSON.stringify(request.params)}`);
      }
    }
  }
  return { old, fresh, oldExamples };
}

export interface NightArgs {
  readonly name: string;
  readonly file: string;
  readonly outDir: string;
  readonly rate: string;
  readonly env: NodeJS.ProcessEnv;
  readonly policy?: string;
  /** Rows of night 1's clients (their row numbers come first in every night's file). */
  readonly oldRows: number;
  readonly serviceRequests: () => Promise<number>;
}

export async function runNight(args: NightArgs): Promise<Night> {
  const out = args.outDir;
  const cli = ['run', args.file, '--rate', args.rate, '--out-dir', out, '--no-progress'];
  const before = await args.serviceRequests();
  const result = await runCli(args.policy ? [...cli, '--max-age', args.policy] : cli, args.env);
  if (result.code !== 0) throw new Error(`${args.name} failed (${result.code}): ${result.stderr}`);
  const serviceRequests = (await args.serviceRequests()) - before;
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
  return {
    name: args.name,
    seconds: result.seconds,
    manifest,
    serviceRequests,
    ...readDecisions(join(out, 'verdicts.csv')),
    rowCalls: await readRowCalls(join(out, 'evidence.jsonl'), args.oldRows),
  };
}

const CHECK_OF: Record<string, string> = {
  'search.foreign_agent': 'foreign_agent',
  'search.sanctions': 'sanctions',
  'search.bankruptcy': 'bankruptcy',
  'client.debt': 'debtor',
};

/** Calls of the run by check (the operation's), the rest (dictionaries) under their operation. */
export function callsByCheck(manifest: Manifest): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [operation, byStatus] of Object.entries(manifest.upstream.calls_by_operation)) {
    const key = CHECK_OF[operation] ?? operation;
    out[key] = (out[key] ?? 0) + Object.values(byStatus).reduce((a, b) => a + b, 0);
  }
  return out;
}

/** The foreign-agent note of the run: mirror (with its or its sync's calls) or per-client search. */
export function faNote(manifest: Manifest): ForeignAgentStrategyNote | undefined {
  return (manifest as { foreign_agent_strategy?: ForeignAgentStrategyNote }).foreign_agent_strategy;
}

const perClient = (calls: number, clients: number) => (clients > 0 ? calls / clients : 0).toFixed(3);

/** Per register, the age of the oldest answer the run's verdicts rest on (the manifest's figure). */
function oldestLine(m: Manifest): string {
  const ages = Object.entries(m.answers.oldest_answer_by_check)
    .map(([check, a]) => `${check} ${a.age_hours} h (${a.from})`)
    .join(', ');
  return ages || 'none';
}

export function describeNight(n: Night): string {
  const m = n.manifest;
  const clients = m.rows.clients;
  const byCheck = Object.entries(callsByCheck(m))
    .map(([check, calls]) => `${check} ${calls} (${perClient(calls, clients)})`)
    .join(', ');
  const note = faNote(m);
  const fa =
    note === undefined
      ? 'none'
      : note.strategy === 'mirror'
        ? `mirror, ${note.calls} calls${note.kept ? ` (kept, synced ${note.kept.synced.days} day(s), ${note.kept.new_records} new record(s))` : ' (enumerated)'}`
        : `per-client search (${note.reason})`;
  const rows = (r: Record<string, number>) =>
    Object.entries(r)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || 'none';
  return (
    `${n.name}: ${clients} clients, ${m.upstream.calls} calls = ${m.upstream.calls_per_client} per client ` +
    `(service received ${n.serviceRequests} = ${perClient(n.serviceRequests, clients)} per client), ` +
    `${m.upstream.answers_reused} answers reused, wall ${n.seconds.toFixed(1)} s\n` +
    `    calls by check (per client): ${byCheck || 'none'}\n` +
    `    foreign agent: ${fa}\n` +
    `    sent by rows of night 1's clients: ${rows(n.rowCalls.old)}; by new clients' rows: ${rows(n.rowCalls.fresh)}\n` +
    (n.rowCalls.oldExamples.length > 0 ? `    e.g. ${n.rowCalls.oldExamples.join('\n         ')}\n` : '') +
    `    policy ${m.answers.max_age}; fresh/reused by check ${JSON.stringify(m.answers.by_check)}\n` +
    `    oldest answer a verdict rests on: ${oldestLine(m)}`
  );
}

/** Night-1 clients (but the ones left out) whose verdict, or any cell but run id and time, changed. */
export function changedVerdicts(
  before: Night,
  after: Night,
  except: ReadonlySet<string> = new Set(),
): { changed: number; decisionsChanged: number; examples: string[] } {
  let changed = 0;
  let decisionsChanged = 0;
  const examples: string[] = [];
  for (const [client, verdict] of before.verdicts) {
    if (except.has(client)) continue;
    if (after.verdicts.get(client) !== verdict) {
      changed++;
      if (examples.length < 5) examples.push(`${client} ${verdict} → ${after.verdicts.get(client)}`);
    }
    if (after.decisions.get(client) !== before.decisions.get(client)) decisionsChanged++;
  }
  return { changed, decisionsChanged, examples };
}
