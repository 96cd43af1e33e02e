/**
 * Figures of one screening run against the names evaluation set, per phenomenon and overall:
 *   recall      listed clients whose verdict is HIT or REVIEW / listed clients;
 *   precision   listed clients among every client that is HIT or REVIEW;
 *   exact HIT   listed clients whose verdict is HIT / listed clients;
 *   INCOMPLETE  clients of any kind whose verdict is INCOMPLETE (never a success).
 */
import type { EvalClient } from './dataset.js';

export interface Figures {
  readonly listed: number;
  readonly unlisted: number;
  readonly flaggedListed: number;
  readonly hitListed: number;
  readonly flaggedUnlisted: number;
  readonly incomplete: number;
  readonly invalid: number;
  readonly recall: number | null;
  readonly precision: number | null;
  readonly exactHit: number | null;
}

export interface RunFigures {
  readonly overall: Figures;
  readonly byPhenomenon: Record<string, Figures>;
  /** Listed clients that were neither HIT nor REVIEW, with the verdict they got (ids only). */
  readonly missed: readonly { id: string; phenomenon: string; verdict: string }[];
  readonly falseFlags: readonly { id: string; phenomenon: string; verdict: string }[];
}

const flagged = (v: string): boolean => v === 'HIT' || v === 'REVIEW';
const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

function figures(rows: readonly { client: EvalClient; verdict: string }[]): Figures {
  const listed = rows.filter((r) => r.client.listed);
  const unlisted = rows.filter((r) => !r.client.listed);
  const flaggedListed = listed.filter((r) => flagged(r.verdict)).length;
  const flaggedUnlisted = unlisted.filter((r) => flagged(r.verdict)).length;
  const hitListed = listed.filter((r) => r.verdict === 'HIT').length;
  return {
    listed: listed.length,
    unlisted: unlisted.length,
    flaggedListed,
    hitListed,
    flaggedUnlisted,
    incomplete: rows.filter((r) => r.verdict === 'INCOMPLETE').length,
    invalid: rows.filter((r) => r.verdict === 'INVALID').length,
    recall: ratio(flaggedListed, listed.length),
    precision: ratio(flaggedListed, flaggedListed + flaggedUnlisted),
    exactHit: ratio(hitListed, listed.length),
  };
}

/** `verdicts` maps a client id to its verdict; a client without one counts as MISSING (never a success). */
export function computeFigures(
  clients: readonly EvalClient[],
  verdicts: ReadonlyMap<string, string>,
): RunFigures {
  const rows = clients.map((client) => ({ client, verdict: verdicts.get(client.id) ?? 'MISSING' }));
  const phenomena = [...new Set(clients.map((c) => c.phenomenon))].sort();
  return {
    overall: figures(rows),
    byPhenomenon: Object.fromEntries(
      phenomena.map((p) => [p, figures(rows.filter((r) => r.client.phenomenon === p))]),
    ),
    missed: rows
      .filter((r) => r.client.listed && !flagged(r.verdict))
      .map((r) => ({ id: r.client.id, phenomenon: r.client.phenomenon, verdict: r.verdict })),
    falseFlags: rows
      .filter((r) => !r.client.listed && flagged(r.verdict))
      .map((r) => ({ id: r.client.id, phenomenon: r.client.phenomenon, verdict: r.verdict })),
  };
}

const f = (v: number | null): string => (v === null ? '   —' : v.toFixed(2));

export function table(title: string, run: RunFigures): string {
  const names = Object.keys(run.byPhenomenon);
  const width = Math.max(...names.map((n) => n.length), 9);
  const line = (name: string, x: Figures): string =>
    `${name.padEnd(width)}  ${String(x.listed).padStart(6)} ${String(x.unlisted).padStart(8)}  ${f(x.recall).padStart(6)} ${f(x.precision).padStart(9)} ${f(x.exactHit).padStart(9)} ${String(x.incomplete).padStart(10)}`;
  return [
    title,
    `${'phenomenon'.padEnd(width)}  listed unlisted  recall precision exact HIT INCOMPLETE`,
    '-'.repeat(width + 52),
    ...names.map((n) => line(n, run.byPhenomenon[n] as Figures)),
    '-'.repeat(width + 52),
    line('overall', run.overall),
  ].join('\n');
}
