import { dirname, sep } from 'node:path';
import { verdictCounts } from '../domain/run-counters.js';
import type { WebhookAttempt } from '../notify/run-event.js';
import type { Counters, RunState } from '../run/state/run-store.js';
import { apiWording } from './api-wording.js';
import type { RunBody, SubmittedBody } from './schemas.js';

/** Where a run's resources are, relative to the server: it cannot know the name a proxy publishes it under. */
export function runLinks(id: string) {
  const base = `/v1/runs/${encodeURIComponent(id)}`;
  return {
    status_url: base,
    verdicts_url: `${base}/verdicts.csv`,
    evidence_url: `${base}/evidence.jsonl`,
    manifest_url: `${base}/manifest.json`,
  };
}

export function submittedBody(run: Pick<RunState, 'id' | 'status'>): SubmittedBody {
  return { id: run.id, status: run.status, ...runLinks(run.id) };
}

/** What GET /v1/runs/{id} shows of a run: progress and counts, never a path of the server or client data. */
export function runBody(
  run: RunState,
  counters: Counters,
  webhooks: readonly WebhookAttempt[] = [],
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
    ...runLinks(run.id),
  };
}
