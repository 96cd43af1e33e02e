import { existsSync } from 'node:fs';
import { environment } from '../settings/environment.js';
import { join } from 'node:path';
import { databaseUrlOf } from './db/open.js';
import { Desk } from './desk.js';
import type { RunDecision } from './types.js';

/**
 * The desk's decisions on a run's rows for `report audit`, when this deployment has a desk: a database
 * server (`DATABASE_URL`) or an embedded database already in the state directory. A machine that never
 * opened a desk gets no decisions file (and no database made for it).
 */
export async function runDecisionsForAudit(
  stateDir: string,
  runId: string,
): Promise<{ decisions?: RunDecision[] }> {
  const databaseUrl = databaseUrlOf(environment());
  if (!databaseUrl && !existsSync(join(stateDir, 'desk-db'))) return {};
  const desk = await Desk.open({ databaseUrl, stateDir });
  try {
    return { decisions: await desk.decisionsForRun(runId) };
  } finally {
    await desk.close();
  }
}
