import { existsSync } from 'node:fs';
import { environment } from '../settings/environment.js';
import { join } from 'node:path';
import { isKycError } from '../errors.js';
import type { RunDeskRecord } from '../reporting/desk-record.js';
import { databaseUrlOf } from './db/open.js';
import { Desk } from './desk.js';

/**
 * What the desk holds of a run, for `report html` and `report delta` made after the run: from a database
 * server (`DATABASE_URL`) or an embedded database already in the state directory. A machine that never
 * opened a desk has no record of any run (and no database is made for the asking); an embedded database
 * another process holds open cannot be read, which `busy` says.
 */
export async function deskRecordForReport(
  stateDir: string,
  runId: string,
  dashboardUrl?: string,
): Promise<{ record?: RunDeskRecord; busy?: string }> {
  const databaseUrl = databaseUrlOf(environment());
  if (!databaseUrl && !existsSync(join(stateDir, 'desk-db'))) return {};
  let desk: Desk;
  try {
    desk = await Desk.open({ databaseUrl, stateDir });
  } catch (error) {
    if (isKycError(error) && error.code === 'KYC_ERR_DB_BUSY') return { busy: error.message };
    throw error;
  }
  try {
    const record = await desk.runRecord(runId, dashboardUrl);
    return record ? { record } : {};
  } finally {
    await desk.close();
  }
}
