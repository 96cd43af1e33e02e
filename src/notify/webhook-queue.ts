import { Queue, Worker, type Job } from 'bullmq';
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import type { Redis } from 'ioredis';
import { KycError } from '../errors.js';
import type { Logger } from '../log.js';
import { QUEUE_STREAMS } from '../run/state/retention.js';
import { VERSION } from '../version.js';
import type { NewHitsNotice } from './new-hits.js';
import { FIRING_FAILED_EVENT, firingFailedBody, type FiringFailedNotice } from './firing-failed.js';
import { NEW_HITS_EVENT, signatureHeader, webhookBody } from './webhook-signature.js';

/** The queue of webhook deliveries, under the pipeline's one hash-tagged prefix. */
export const NOTIFICATIONS_QUEUE = 'notifications';
/** Deliveries of one notice, the first included. */
export const WEBHOOK_ATTEMPTS = 5;
/** First pause before a retry; BullMQ doubles it each time (30 s, 1, 2, 4 min: about 7.5 min in all). */
export const WEBHOOK_BACKOFF_MS = 30_000;
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Only the URL's origin is ever logged: userinfo, a path or a query may carry the receiver's token (many
 * chat webhooks are `https://host/hooks/<token>`).
 */
export function receiverOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '[invalid URL]';
  }
}

/** A signed POST waiting on a queue of webhook deliveries. */
export interface QueuedNotice<T> {
  /** The queue; default the notifications queue of the schedules' notices. */
  readonly queue?: string;
  readonly name: string;
  /** One job per id: a notice told twice is sent once. */
  readonly jobId: string;
  readonly data: T;
  /** Finished jobs kept (each way) for the dashboard's queue view; default 500. */
  readonly keep?: number;
}

/**
 * One notice on its queue, once per job id, retried with exponential back-off: the schedules' notices
 * here, the review desk's events (src/desk/desk-webhooks.ts). Neither the URL nor the secret goes to Redis.
 */
export async function enqueueNotice<T>(
  redis: Redis,
  prefix: string,
  notice: QueuedNotice<T>,
  backoffMs: number = WEBHOOK_BACKOFF_MS,
): Promise<void> {
  const name = notice.queue ?? NOTIFICATIONS_QUEUE;
  const queue = new Queue<T>(name, { connection: redis, prefix, streams: QUEUE_STREAMS });
  const keep = notice.keep ?? 500;
  try {
    // BullMQ types the job name per queue; every name of a queue carries the data of its own notice.
    await (queue as Queue).add(notice.name, notice.data, {
      jobId: notice.jobId,
      attempts: WEBHOOK_ATTEMPTS,
      backoff: { type: 'exponential', delay: backoffMs },
      removeOnComplete: { count: keep },
      removeOnFail: { count: keep },
    });
  } finally {
    await queue.close();
  }
}

/**
 * Queues the notice for delivery. One notice per run: a firing that is retried after the notice was queued
 * does not send it twice. Neither the URL nor the secret goes to Redis; the delivering worker has them.
 */
export async function enqueueNewHits(
  redis: Redis,
  prefix: string,
  notice: NewHitsNotice,
  backoffMs = WEBHOOK_BACKOFF_MS,
): Promise<void> {
  const job = { name: 'new-hits', jobId: `new-hits_${notice.runId}`, data: notice };
  await enqueueNotice(redis, prefix, job, backoffMs);
}

/** Queues the notice of a firing that failed for good; one per firing, like a new-HITs notice per run. */
export async function enqueueFiringFailed(
  redis: Redis,
  prefix: string,
  notice: FiringFailedNotice,
  backoffMs = WEBHOOK_BACKOFF_MS,
): Promise<void> {
  const job = { name: 'firing-failed', jobId: `firing-failed_${notice.runId}`, data: notice };
  await enqueueNotice(redis, prefix, job, backoffMs);
}

export interface WebhookTarget {
  readonly url: string;
  readonly secret: string;
  /** Opens the connections (one that checks the addresses it connects to, for a run's callback). */
  readonly dispatcher?: Dispatcher;
}

/**
 * `https://user:pass@host/…` as fetch accepts it: the userinfo becomes HTTP Basic authentication (fetch
 * refuses URLs with credentials).
 */
export function requestOf(url: string): { url: string; headers: Record<string, string> } {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return { url, headers: {} };
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  const basic = Buffer.from(`${user}:${password}`).toString('base64');
  return { url: parsed.toString(), headers: { authorization: `Basic ${basic}` } };
}

/** One signed POST: the event's name, an id the receiver can deduplicate on, and the exact body signed. */
export interface SignedPost {
  readonly event: string;
  readonly deliveryId: string;
  readonly body: string;
}

/** What one POST came to: the receiver's HTTP status, or why there was none. */
export type PostOutcome =
  | { readonly status: number }
  | {
      readonly status: null;
      readonly error: 'no connection' | 'no answer in time' | 'receiver not allowed';
    };

export const isDelivered = (outcome: PostOutcome): boolean =>
  outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

/** The failure of an attempt, naming the receiver by its origin only. */
export function deliveryError(url: string, outcome: PostOutcome): KycError {
  const what = outcome.status === null ? `: ${outcome.error}` : ` answered HTTP ${outcome.status}`;
  return new KycError('KYC_ERR_WEBHOOK_DELIVERY', `${receiverOf(url)}${what}`);
}

/**
 * One POST, signed afresh (a retry carries its own timestamp). Redirects are not followed: the signed body
 * goes to the configured receiver or nowhere.
 */
export async function postSigned(target: WebhookTarget, post: SignedPost): Promise<PostOutcome> {
  const request = requestOf(target.url);
  const init = {
    method: 'POST',
    headers: {
      ...request.headers,
      'content-type': 'application/json',
      'user-agent': `kyc-screen/${VERSION}`,
      'x-kyc-event': post.event,
      'x-kyc-delivery': post.deliveryId,
      'x-kyc-signature': signatureHeader(target.secret, post.body, Math.floor(Date.now() / 1000)),
    },
    body: post.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  } as const;
  try {
    // undici's own fetch for a dispatcher of its own: Node's built-in fetch may be of another undici.
    const response = target.dispatcher
      ? await undiciFetch(request.url, { ...init, dispatcher: target.dispatcher })
      : await fetch(request.url, init);
    await response.body?.cancel();
    return { status: response.status };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    if (isRefusedDestination(error)) return { status: null, error: 'receiver not allowed' };
    return { status: null, error: timedOut ? 'no answer in time' : 'no connection' };
  }
}

/** The connection was refused by the dispatcher's address check (src/notify/webhook-destination.ts). */
function isRefusedDestination(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if (e instanceof KycError && e.code === 'KYC_ERR_API_CALLBACK_URL') return true;
  return false;
}

/** One delivery of the notice (by its job's name); non-2xx is a failed attempt. */
async function deliver(
  target: WebhookTarget,
  name: string,
  notice: NewHitsNotice | FiringFailedNotice,
): Promise<number> {
  const post =
    name === 'firing-failed'
      ? {
          event: FIRING_FAILED_EVENT,
          deliveryId: `firing-failed_${notice.runId}`,
          body: firingFailedBody(notice as FiringFailedNotice),
        }
      : { event: NEW_HITS_EVENT, deliveryId: notice.runId, body: webhookBody(notice as NewHitsNotice) };
  const outcome = await postSigned(target, post);
  if (!isDelivered(outcome) || outcome.status === null) throw deliveryError(target.url, outcome);
  return outcome.status;
}

export interface WebhookWorker {
  close(): Promise<void>;
}

/** Delivers queued notices to the configured receiver, logging each outcome (the receiver's origin only). */
export async function startWebhookWorker(deps: {
  readonly redis: Redis;
  readonly prefix: string;
  readonly log: Logger;
  readonly target: WebhookTarget;
}): Promise<WebhookWorker> {
  const receiver = receiverOf(deps.target.url);
  const log = deps.log.child({ queue: NOTIFICATIONS_QUEUE, receiver });
  const worker = new Worker<NewHitsNotice | FiringFailedNotice, number>(
    NOTIFICATIONS_QUEUE,
    async (job: Job<NewHitsNotice | FiringFailedNotice, number>) => {
      const status = await deliver(deps.target, job.name, job.data);
      log.info({ runId: job.data.runId, attempt: job.attemptsMade + 1, status }, 'webhook delivered');
      return status;
    },
    { connection: deps.redis, prefix: deps.prefix, concurrency: 4 },
  );
  worker.on('error', (error) => log.error({ err: error }, 'worker error'));
  worker.on('failed', (job, error) => {
    if (!job) return;
    const attempt = job.attemptsMade;
    const last = attempt >= (job.opts.attempts ?? 1);
    const fields = { runId: job.data.runId, attempt, attempts: job.opts.attempts, reason: error.message };
    if (last) log.error(fields, 'webhook not delivered: attempts spent');
    else log.warn(fields, 'webhook delivery failed; retrying with back-off');
  });
  await worker.waitUntilReady();
  return { close: () => worker.close() };
}
