/**
 * What an operator is told when a schedule's firing failed for good: the schedule, the run id it would
 * have had, the error code, never a client's data or a file's content. Announced like new HITs (the same
 * webhook, signature and retries), so that a schedule that cannot fire is not found out weeks later.
 */
export const FIRING_FAILED_EVENT = 'schedule.firing_failed';

export interface FiringFailedNotice {
  readonly schedule: string;
  readonly runId: string;
  /** When the firing was due, ISO 8601 UTC. */
  readonly firedAt: string;
  readonly errorCode: string;
  /** The firing's outcome as an exit code (that of the error code). */
  readonly exitCode: number;
  /** When it failed, ISO 8601 UTC. */
  readonly at: string;
}

/** The JSON body of the webhook (docs/notifications.md documents every field). */
export function firingFailedBody(notice: FiringFailedNotice): string {
  return JSON.stringify({
    event: FIRING_FAILED_EVENT,
    schedule: notice.schedule,
    run_id: notice.runId,
    fired_at: notice.firedAt,
    error_code: notice.errorCode,
    exit_code: notice.exitCode,
    timestamp: notice.at,
  });
}
