import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import {
  deliveryError,
  enqueueNotice,
  isDelivered,
  postSigned,
  receiverOf,
  WEBHOOK_BACKOFF_MS,
} from '../notify/webhook-queue.js';
import type { AlertStatus, Decision, RunAlerts } from './types.js';

/**
 * The desk's webhook events, POSTed signed to the API's receiver (`KYC_API_WEBHOOK_URL`, signed with
 * `KYC_API_WEBHOOK_SECRET`) by `kyc-screen serve`: `alert.opened` when a run opens or reopens alerts,
 * `alert.decided` on every decision and approval. Alert ids, statuses and the staff's names only: the
 * client's data stays behind GET /v1/alerts/{id}.
 */
export const DESK_WEBHOOKS_QUEUE = 'desk-webhooks';

export interface DeskEvent {
  readonly event: 'alert.opened' | 'alert.decided';
  /** Unique per event: the receiver deduplicates on it (X-Kyc-Delivery). */
  readonly deliveryId: string;
  readonly body: Readonly<Record<string, unknown>>;
}

export function openedEvent(alerts: RunAlerts, at = new Date()): DeskEvent | undefined {
  if (alerts.opened.length === 0 && alerts.reopened.length === 0) return undefined;
  return {
    event: 'alert.opened',
    deliveryId: `alert.opened_${alerts.runId}`,
    body: {
      event: 'alert.opened',
      run_id: alerts.runId,
      opened: alerts.opened.map((id) => ({ id, status: 'open', sighting: 'new', url: `/v1/alerts/${id}` })),
      reopened: alerts.reopened.map((id) => ({
        id,
        status: 'open',
        sighting: 'reopened',
        url: `/v1/alerts/${id}`,
      })),
      seen_again: alerts.seenAgain.length,
      suppressed: alerts.suppressed.length,
      timestamp: at.toISOString(),
    },
  };
}

export function decidedEvent(decision: Decision, status: AlertStatus, at = new Date()): DeskEvent {
  const step = decision.approval ? (decision.approval.approved ? 'approved' : 'sent_back') : 'decided';
  return {
    event: 'alert.decided',
    deliveryId: `alert.decided_${decision.id}_${step}`,
    body: {
      event: 'alert.decided',
      alert_id: decision.alertId,
      url: `/v1/alerts/${decision.alertId}`,
      decision_id: decision.id,
      decision: decision.decision,
      step,
      status,
      decided_by: decision.decidedBy,
      approved_by: decision.approval?.approvedBy ?? null,
      timestamp: at.toISOString(),
    },
  };
}

/** Queues an event; one job per delivery id, so an event told twice is sent once. */
export async function enqueueDeskEvent(
  redis: Redis,
  prefix: string,
  event: DeskEvent,
  backoffMs = WEBHOOK_BACKOFF_MS,
): Promise<void> {
  const notice = { queue: DESK_WEBHOOKS_QUEUE, name: event.event, jobId: event.deliveryId, data: event };
  await enqueueNotice(redis, prefix, { ...notice, keep: 1_000 }, backoffMs);
}

/** Delivers the queued events to the receiver; each outcome logged with the receiver's origin only. */
export async function startDeskWebhookWorker(deps: {
  readonly redis: Redis;
  readonly prefix: string;
  readonly log: Logger;
  readonly url: string;
  readonly secret: string;
}): Promise<{ close(): Promise<void> }> {
  const log = deps.log.child({ queue: DESK_WEBHOOKS_QUEUE, receiver: receiverOf(deps.url) });
  const worker = new Worker<DeskEvent, number>(
    DESK_WEBHOOKS_QUEUE,
    async (job: Job<DeskEvent, number>) => {
      const outcome = await postSigned(
        { url: deps.url, secret: deps.secret },
        { event: job.data.event, deliveryId: job.data.deliveryId, body: JSON.stringify(job.data.body) },
      );
      if (!isDelivered(outcome) || outcome.status === null) throw deliveryError(deps.url, outcome);
      log.info(
        { event: job.data.event, delivery: job.data.deliveryId, status: outcome.status },
        'webhook delivered',
      );
      return outcome.status;
    },
    { connection: deps.redis, prefix: deps.prefix, concurrency: 2 },
  );
  worker.on('error', (error) => log.error({ err: error }, 'worker error'));
  worker.on('failed', (job, error) => {
    if (job)
      log.warn(
        { delivery: job.data.deliveryId, attempt: job.attemptsMade, reason: error.message },
        'webhook delivery failed',
      );
  });
  await worker.waitUntilReady();
  return { close: () => worker.close() };
}
