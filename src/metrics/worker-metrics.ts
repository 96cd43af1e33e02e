import type { Job, Worker } from 'bullmq';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { QUEUES } from '../run/state/topology.js';
import { listen, type Listening } from '../infra/listen.js';

/**
 * The metrics only a worker process knows: how long its check and merge jobs took, by check kind and
 * outcome, plus Node's own process metrics. Each `kyc-screen worker --metrics-port N` serves its own
 * registry; Prometheus scrapes every worker (the counters derived from Redis are the dashboard's).
 */
export class WorkerMetrics {
  readonly registry = new Registry();
  private readonly checkSeconds = new Histogram({
    name: 'kyc_check_duration_seconds',
    help: 'Time a check job spent in this worker (pacer wait, cache and HTTP call included), by check kind and outcome (check status, or failed)',
    labelNames: ['check', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly mergeSeconds = new Histogram({
    name: 'kyc_merge_duration_seconds',
    help: 'Time a merge job (children values, whitelist, verdict) spent in this worker, by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Observes the jobs of a checks or verdicts worker; workers of other queues are left alone. */
  watch(worker: Worker): void {
    if (worker.name === QUEUES.checks || worker.name.startsWith(`${QUEUES.checks}-`)) {
      const observe = (job: Job, outcome: string) => {
        const seconds = secondsOf(job);
        if (seconds !== undefined) this.checkSeconds.observe({ check: job.name, outcome }, seconds);
      };
      worker.on('completed', (job: Job, result: unknown) => observe(job, statusOf(result)));
      worker.on('failed', (job: Job | undefined) => job && observe(job, 'failed'));
    } else if (worker.name === QUEUES.verdicts) {
      const observe = (job: Job, outcome: string) => {
        const seconds = secondsOf(job);
        if (seconds !== undefined) this.mergeSeconds.observe({ outcome }, seconds);
      };
      worker.on('completed', (job: Job) => observe(job, 'ok'));
      worker.on('failed', (job: Job | undefined) => job && observe(job, 'failed'));
    }
  }

  serve(port: number, host: string): Promise<Listening> {
    return serveRegistry(this.registry, port, host);
  }
}

/**
 * Active time of a job. processedOn and finishedOn are both Redis server times (no skew between machines);
 * a failed attempt that will be retried has no finishedOn, so this machine's clock ends it.
 */
function secondsOf(job: Job): number | undefined {
  if (job.processedOn === undefined) return undefined;
  return Math.max(0, ((job.finishedOn ?? Date.now()) - job.processedOn) / 1000);
}

function statusOf(result: unknown): string {
  const status = (result as { status?: unknown } | null)?.status;
  return typeof status === 'string' ? status : 'unknown';
}

/** `GET /metrics` in the Prometheus text format; everything else is 404. */
export function serveRegistry(registry: Registry, port: number, host: string): Promise<Listening> {
  return listen(
    (request, response) => {
      if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    },
    port,
    host,
  );
}
