import { stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { KycError } from '../errors.js';
import { exists } from '../infra/part-files.js';

/**
 * Where a run's outputs may go and how they are put there (docs/operations.md, "Output files"):
 * - a run never replaces an existing file unless it was given --overwrite, and never one of its own outputs
 *   or its input, whatever the flags;
 * - during the run the outputs are part files beside their final names (`.verdicts.csv.<runId>.part`),
 *   created exclusively and without following symlinks; a resume continues them;
 * - when the run completes each part file is moved onto its final name (src/infra/part-files.ts): a hard link that fails on an
 *   existing name (no clobbering, even if one appeared during the run), or a rename with --overwrite, which
 *   replaces a symlink itself and never writes through it.
 */

/** The name a run writes one output under until it completes: hidden, beside the final name, per run. */
export function partPath(finalPath: string, runId: string): string {
  return join(dirname(finalPath), `.${basename(finalPath)}.${runId}.part`);
}

interface Identity {
  readonly dev: number;
  readonly ino: number;
}

async function identityOf(path: string): Promise<Identity | undefined> {
  try {
    const s = await stat(path);
    return { dev: s.dev, ino: s.ino };
  } catch {
    return undefined;
  }
}

export interface OutputTargets {
  readonly input: string;
  /** Final paths by role (`--out`, `--evidence`, `--manifest`). */
  readonly outputs: Readonly<Record<string, string>>;
}

/**
 * Refuses, before anything is queued: two outputs on one path, an output on the input (by path, or by
 * being the same file through a link), and, without `overwrite`, any output that already exists (a symlink
 * counts, whatever it points to).
 */
export async function checkOutputTargets(targets: OutputTargets, overwrite: boolean): Promise<void> {
  const input = resolve(targets.input);
  const inputId = await identityOf(input);
  const seen = new Map<string, string>();
  const seenIds: { role: string; id: Identity }[] = [];
  for (const [role, raw] of Object.entries(targets.outputs)) {
    const path = resolve(raw);
    const other = seen.get(path);
    if (other) throw new KycError('KYC_ERR_OUTPUT_CONFLICT', `${role} and ${other} are both ${path}`);
    seen.set(path, role);
    if (path === input) throw new KycError('KYC_ERR_OUTPUT_CONFLICT', `${role} is the input file ${path}`);
    const id = await identityOf(path);
    if (id) {
      if (inputId && id.dev === inputId.dev && id.ino === inputId.ino)
        throw new KycError(
          'KYC_ERR_OUTPUT_CONFLICT',
          `${role} (${path}) is the input file under another name`,
        );
      const twin = seenIds.find((s) => s.id.dev === id.dev && s.id.ino === id.ino);
      if (twin) throw new KycError('KYC_ERR_OUTPUT_CONFLICT', `${role} and ${twin.role} are the same file`);
      seenIds.push({ role, id });
    }
    if (!overwrite && (await exists(path))) throw new KycError('KYC_ERR_OUTPUT_EXISTS', `${role}: ${path}`);
  }
}
