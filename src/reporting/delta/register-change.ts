import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { foreignAgentMatchIds } from '../../mirror/register-change.js';
import type { DeltaEntry } from './compare.js';

/**
 * Reverse screening in the delta: a client whose foreign-agent matches name a record the kept mirror's sync
 * brought in this run (the manifest's `foreign_agent_mirror.new_record_ids`) changed because the register
 * did, not because the client's data did. The delta says so per client (`register_change`: the new records
 * that hit it) and lists those clients first.
 */
export interface RegisterChange {
  /** The new records' ids, as kyc_matches writes them. */
  readonly ids: ReadonlySet<string>;
  readonly synced: { readonly since: string; readonly until: string };
}

/** The register's change of the run whose verdicts these are, from the manifest beside them, if any. */
export function registerChangeBeside(verdictsPath: string): RegisterChange | undefined {
  const manifest = join(dirname(resolve(verdictsPath)), 'manifest.json');
  if (!existsSync(manifest)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(manifest, 'utf8'));
  } catch {
    return undefined;
  }
  const manifestOf = manifestSchema.safeParse(parsed);
  if (!manifestOf.success) return undefined;
  const { outputs, foreign_agent_mirror: change } = manifestOf.data;
  // The manifest of another run that merely sits in the same folder says nothing of these verdicts.
  const named = outputs?.[0]?.path;
  if (named !== undefined && resolve(named) !== resolve(verdictsPath)) return undefined;
  if (change === undefined || change.new_record_ids.length === 0) return undefined;
  return { ids: new Set(change.new_record_ids), synced: change.synced };
}

const manifestSchema = z.looseObject({
  outputs: z.array(z.looseObject({ path: z.string().optional() })).optional(),
  foreign_agent_mirror: z
    .looseObject({
      new_record_ids: z.array(z.string()),
      synced: z.looseObject({ since: z.string(), until: z.string() }),
    })
    .optional(),
});

/** The entries, each with the new records that hit its current row; those hit first, in their order. */
export function withRegisterChange(entries: readonly DeltaEntry[], change: RegisterChange): DeltaEntry[] {
  const out = entries.map((entry) => {
    const hits = entry.current
      ? foreignAgentMatchIds(entry.current.matches).filter((id) => change.ids.has(id))
      : [];
    return hits.length > 0 ? { ...entry, registerChange: [...new Set(hits)] } : entry;
  });
  return [...out.filter((e) => e.registerChange), ...out.filter((e) => !e.registerChange)];
}

/** The `register_change` cell: `register: <ids>` when the register's change hit the client, else empty. */
export function registerChangeCell(entry: DeltaEntry): string {
  return entry.registerChange ? `register: ${entry.registerChange.join(' ')}` : '';
}

/** The summary's section on the clients the register's change hit. */
export function registerChangeLines(
  entries: readonly DeltaEntry[],
  line: (entry: DeltaEntry) => string,
): string[] {
  const hit = entries.filter((e) => e.registerChange !== undefined);
  if (hit.length === 0) return [];
  return [
    `Hit by new foreign-agent records (the register changed, not the client's data): ${hit.length}`,
    ...hit.slice(0, 20).map((e) => `${line(e)}  [register: ${(e.registerChange ?? []).join(' ')}]`),
    ...(hit.length > 20 ? [`  … ${hit.length - 20} more in the delta CSV (register_change)`] : []),
  ];
}
