import { dirname, sep } from 'node:path';
import { verdictCounts } from '../domain/run-counters.js';
import type { WebhookAttempt } from '../notify/run-event.js';
import type { Counters, RunState } from '../run/state/run-store.js';
import { apiWording } from './api-wording.js';
import type { RunBody, SubmittedBody } from './schemas.js';

/**
 * Where a run's resources are, under `base` (public-url.ts: the configured public URL or the request's
 * origin); relative to the server without one.
 */
export function runLinks(id: string, base = '') {
  const run = `${base}/v1/runs/${encodeURIComponent(id)}`;
  return {
    status_url: run,
    verdicts_url: `${run}/verdicts.csv`,
    evidence_url: `${run}/evidence.jsonl`,
    manifest_url: `${run}/manifest.json`,
  };
}

export function submittedBody(run: Pick<RunState, 'id' | 'status'>, base: string): SubmittedBody {
  return { id: run.id, status: run.status, ...runLinks(run.id, base) };
}

/** What GET /v1/runs/{id} shows of a run: progress and counts, never a path of the server or client data. */
export function runBody(
  run: RunState,
  counters: Counters,
  { base, webhooks = [] }: { readonly base: string; readonly webhooks?: readonly WebhookAttempt[] },
): RunBody {
  return {
    id: run.id,
    status: run.status,
    submitter: run.submitter ?? '',
    priority: run.priority,
    checks: [...run.checks],
    emulator: run.emulator === true,
    created_at: run.createdAt,
    started_at: run.startedAt ?? null,
    finished_at: run.finishedAt ?? null,
    progress: {
      rows_read: run.dispatched,
      rows_written: run.written,
      total_rows: run.totalRows ?? null,
      input_bytes: run.inputBytes,
      bytes_read: run.bytesRead ?? null,
    },
    verdicts: verdictCounts(counters),
    // A failure names the file it concerns; the client knows it by its name, not by the server's path.
    error: run.error === undefined ? null : apiWording(run.error.replaceAll(`${dirname(run.out)}${sep}`, '')),
    error_code: run.errorCode ?? null,
    webhooks: [...webhooks],
    ...runLinks(run.id, base),
  };
}
