import type { BreakerRecord, PauseRecord } from './state.js';
import { breakerError } from './guard.js';

/** What `status` and the dashboard say about the Lookup Service as a whole: a pause in force, an open breaker. */
export interface UpstreamNotice {
  readonly pause?: PauseRecord | undefined;
  readonly breaker?: BreakerRecord | undefined;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)} s`;
}

/** One sentence per condition, plain text; empty when calls flow normally. */
export function upstreamNoticeLines(notice: UpstreamNotice): string[] {
  const lines: string[] = [];
  const { pause, breaker } = notice;
  if (breaker) {
    lines.push(
      `Circuit breaker OPEN since ${breaker.at} (run ${breaker.runId}): ${breakerError(breaker).toString()}. ` +
        'No calls until a preflight call succeeds: fix it, then kyc-screen run --resume <runId>.',
    );
  }
  if (pause) {
    const capped =
      pause.askedMs > pause.appliedMs
        ? `${pause.cause} ${seconds(pause.askedMs)}, capped to ${seconds(pause.appliedMs)}`
        : `${pause.cause} ${seconds(pause.askedMs)}`;
    lines.push(
      `Upstream calls PAUSED until ${new Date(pause.until).toISOString()} (${capped}; an answer to run ` +
        `${pause.runId}). Every run on this Redis waits.`,
    );
  }
  return lines;
}
