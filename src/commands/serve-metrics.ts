import { Registry } from 'prom-client';
import { ApiMetrics } from '../api/api-metrics.js';
import { serveRegistry, WorkerMetrics } from '../metrics/worker-metrics.js';
import type { Listening } from '../infra/listen.js';

export interface ServeMetrics {
  readonly api: ApiMetrics;
  /** The hosted workers' metrics; absent with --no-workers. */
  readonly workers: WorkerMetrics | undefined;
  readonly server: Listening;
}

/** `serve --metrics-port`: the API's counters and, with workers in the process, theirs, on one /metrics. */
export async function startServeMetrics(options: {
  readonly metricsPort?: number;
  readonly metricsHost: string;
  readonly workers: boolean;
}): Promise<ServeMetrics | undefined> {
  if (options.metricsPort === undefined) return undefined;
  const api = new ApiMetrics();
  const workers = options.workers ? new WorkerMetrics() : undefined;
  const registry = workers ? Registry.merge([workers.registry, api.registry]) : api.registry;
  const server = await serveRegistry(registry, options.metricsPort, options.metricsHost);
  return { api, workers, server };
}
