import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import {
  checkDestination,
  guardedDispatcher,
  NO_ALLOWED_DESTINATIONS,
  type DestinationAllowList,
} from './webhook-destination.js';
import type { Redis } from 'ioredis';
import { verdictCounts } from '../domain/run-counters.js';
import type { Logger } from '../log.js';
import { QUEUE_STREAMS } from '../run/state/retention.js';
import { RunStore } from '../run/state/run-store.js';
import { runKeys } from '../run/state/topology.js';
import {
  attemptField,
  attemptsOf,
  deliveryIdOf,
  parseTarget,
  receiversOf,
  runEventBody,
  type RunEventJob,
  type RunEventName,
  type RunLinks,
  type RunWebhookTarget,
  type WebhookAttempt,
} from './run-event.js';
import {
  deliveryError,
  isDelivered,
  postSigned,
  receiverOf,
  WEBHOOK_ATTEMPTS,
  type PostOutcome,
} from './webhook-queue.js';

/** The queue of run webhooks; only `kyc-screen serve`, which holds the secret, delivers them. */
export const RUN_WEBHOOKS_QUEUE = 'api-webhooks';
/** The run record's field of its receivers: in the run's own data, read by no route. */
const TARGET_FIELD = 'webhook-target';

const metaKey = (prefix: string, runId: string) => runKeys(prefix, runId).meta;

/** Records whom a run's end is to be told, before the run is queued (a short run cannot end unheard). */
export async function recordRunWebhook(
  redis: Redis,
  prefix: string,
  runId: string,
  target: RunWebhookTarget,
): Promise<void> {
  if (receiversOf(target).length === 0) return;
  await redis.hset(metaKey(prefix, runId), TARGET_FIELD, JSON.stringify(target));
}

/** Drops the receivers of a run that was refused after they were recorded: no URL outlives its run. */
export async function forgetRunWebhook(redis: Redis, prefix: string, runId: string): Promise<void> {
  await redis.hdel(metaKey(prefix, runId), TARGET_FIELD);
}

/** The delivery log of a run, oldest attempt first. */
export async function runWebhookAttempts(
  redis: Redis,
  prefix: string,
  runId: string,
): Promise<WebhookAttempt[]> {
  return attemptsOf(await redis.hgetall(metaKey(prefix, runId)));
}

/**
 * Queues the end of a run for each of its receivers (none recorded: nothing). One job per run, event and
 * receiver: a run whose end is reported twice is not announced twice.
 */
export async function enqueueRunEvent(
  redis: Redis,
  prefix: string,
  end: Pick<RunEventJob, 'runId' | 'event' | 'errorCode'>,
): Promise<number> {
  const target = parseTarget((await redis.hget(metaKey(prefix, end.runId), TARGET_FIELD)) ?? undefined);
  if (!target) return 0;
  const queue = new Queue<RunEventJob>(RUN_WEBHOOKS_QUEUE, {
    connection: redis,
    prefix,
    streams: QUEUE_STREAMS,
  });
  const at = new Date().toISOString();
  try {
    for (const receiver of receiversOf(target)) {
      const job: RunEventJob = { ...end, receiver, at };
      await queue.add(job.event, job, {
        jobId: deliveryIdOf(job),
        attempts: WEBHOOK_ATTEMPTS,
        backoff: { type: 'exponential', delay: target.backoffMs },
        removeOnComplete: { count: 500 },
        removeOnFail: { count: 500 },
      });
    }
    return receiversOf(target).length;
  } finally {
    await queue.close();
  }
}

/** The end of a run, queued for its receivers; a failure to queue is logged and never fails the run. */
export async function announceRunEnd(
  deps: { readonly redis: Redis; readonly prefix: string; readonly log: Logger },
  runId: string,
  event: RunEventName,
  errorCode?: string,
): Promise<void> {
  try {
    await enqueueRunEvent(deps.redis, deps.prefix, { runId, event, ...(errorCode ? { errorCode } : {}) });
  } catch (error) {
    deps.log.error({ runId, event, err: error }, 'run webhook not queued');
  }
}

export interface RunWebhookDeps {
  readonly redis: Redis;
  readonly prefix: string;
  readonly log: Logger;
  readonly secret: string;
  /** `KYC_API_WEBHOOK_URL`, if set. */
  readonly serverUrl: string | undefined;
  /** A run's links under the base kept with its receivers (absent: the delivering server's own). */
  readonly linksOf: (runId: string, linksBase: string | undefined) => RunLinks;
  /** Told of every attempt (the API's metrics count them). */
  readonly onAttempt?: (attempt: WebhookAttempt) => void;
  /** Non-public receivers a run's callback may reach (`KYC_API_WEBHOOK_ALLOW`); by default none. */
  readonly destinations?: DestinationAllowList;
}

/**
 * One POST to a run's callback, its destination checked again (it may resolve elsewhere than when the run
 * was submitted) and the connection's addresses checked as it opens.
 */
async function postToCallback(
  deps: RunWebhookDeps,
  url: string,
  post: Parameters<typeof postSigned>[1],
): Promise<PostOutcome> {
  const allow = deps.destinations ?? NO_ALLOWED_DESTINATIONS;
  try {
    await checkDestination(new URL(url), allow);
  } catch {
    return { status: null, error: 'receiver not allowed' };
  }
  const dispatcher = guardedDispatcher(new URL(url), allow);
  try {
    return await postSigned({ url, secret: deps.secret, dispatcher }, post);
  } finally {
    await dispatcher.close();
  }
}

function attemptOf(job: Job<RunEventJob>, url: string, outcome: PostOutcome): WebhookAttempt {
  const attempt = job.attemptsMade + 1;
  const delivered = isDelivered(outcome);
  return {
    event: job.data.event,
    receiver: receiverOf(url),
    attempt,
    at: new Date().toISOString(),
    http_status: outcome.status,
    error: outcome.status === null ? outcome.error : null,
    outcome: delivered ? 'delivered' : 'failed',
    retrying: !delivered && attempt < (job.opts.attempts ?? 1),
  };
}

/** One attempt of one delivery, recorded in the run's data whatever its outcome; failure throws to retry. */
async function deliverRunEvent(deps: RunWebhookDeps, job: Job<RunEventJob>): Promise<number | null> {
  const { runId, receiver } = job.data;
  const store = new RunStore(deps.redis, deps.prefix);
  const key = metaKey(deps.prefix, runId);
  const run = await store.get(runId);
  const target = parseTarget((await deps.redis.hget(key, TARGET_FIELD)) ?? undefined);
  const url = receiver === 'callback' ? target?.callbackUrl : deps.serverUrl;
  // The run was deleted, or this server has no URL of its own: nobody left to tell.
  if (!run || url === undefined) return null;
  const body = runEventBody(job.data, {
    status: run.status,
    verdicts: verdictCounts(await store.counters(runId)),
    rows: run.written,
    links: deps.linksOf(runId, target?.linksBase),
  });
  const post = { event: job.data.event, deliveryId: deliveryIdOf(job.data), body };
  const outcome =
    receiver === 'callback'
      ? await postToCallback(deps, url, post)
      : await postSigned({ url, secret: deps.secret }, post);
  // A receiver that is not allowed stays so: not retried.
  const refused = outcome.status === null && outcome.error === 'receiver not allowed';
  const attempt = { ...attemptOf(job, url, outcome), ...(refused ? { retrying: false } : {}) };
  // Only while the run is there: a deleted run's record is not recreated by its log.
  if ((await deps.redis.exists(key)) === 1)
    await deps.redis.hset(
      key,
      attemptField(deliveryIdOf(job.data), attempt.attempt),
      JSON.stringify(attempt),
    );
  deps.onAttempt?.(attempt);
  if (refused) throw new UnrecoverableError(deliveryError(url, outcome).message);
  if (attempt.outcome === 'failed') throw deliveryError(url, outcome);
  return outcome.status;
}

/** Delivers the run webhooks queued by whichever worker ended the runs; logs the receiver's origin only. */
export async function startRunWebhookWorker(deps: RunWebhookDeps): Promise<{ close(): Promise<void> }> {
  const log = deps.log.child({ queue: RUN_WEBHOOKS_QUEUE });
  const worker = new Worker<RunEventJob, number | null>(
    RUN_WEBHOOKS_QUEUE,
    async (job) => {
      const status = await deliverRunEvent(deps, job);
      if (status !== null)
        log.info(
          { runId: job.data.runId, event: job.data.event, attempt: job.attemptsMade + 1, status },
          'run webhook delivered',
        );
      return status;
    },
    { connection: deps.redis, prefix: deps.prefix, concurrency: 4 },
  );
  worker.on('error', (error) => log.error({ err: error }, 'worker error'));
  worker.on('failed', (job, error) => {
    if (!job) return;
    const last = job.attemptsMade >= (job.opts.attempts ?? 1) || error instanceof UnrecoverableError;
    const fields = {
      runId: job.data.runId,
      event: job.data.event,
      attempt: job.attemptsMade,
      reason: error.message,
    };
    if (last) log.error(fields, 'run webhook not delivered: attempts spent');
    else log.warn(fields, 'run webhook delivery failed; retrying with back-off');
  });
  await worker.waitUntilReady();
  return { close: () => worker.close() };
}
