import type { Redis } from 'ioredis';
import { runKeys } from '../run/state/topology.js';
import type { RunState } from '../run/state/run-store.js';
import { parseRunRequest, runRequest, type RunRequest } from './request.js';

/**
 * The request a run was started (or last resumed) with, kept as a field of the run's meta hash: it goes
 * with the run's other keys when the run is deleted, and a resume reads its settings back from it.
 */
const FIELD = 'request';

export async function storeRunRequest(
  redis: Redis,
  prefix: string,
  runId: string,
  request: RunRequest,
): Promise<void> {
  await redis.hset(runKeys(prefix, runId).meta, FIELD, JSON.stringify(request));
}

/**
 * The run's stored request; a run submitted before requests were stored gets one from its settings (the
 * rate its manifest recorded).
 */
export async function readRunRequest(redis: Redis, prefix: string, run: RunState): Promise<RunRequest> {
  const stored = await redis.hget(runKeys(prefix, run.id).meta, FIELD);
  if (stored !== null) {
    let json: unknown;
    try {
      json = JSON.parse(stored);
    } catch {
      json = undefined;
    }
    return parseRunRequest(json, `the request of run ${run.id}`);
  }
  const rate = run.config.rate;
  return runRequest({
    input: run.input,
    runId: run.id,
    priority: run.priority,
    window: run.window,
    ...(typeof rate === 'number' ? { rate } : {}),
    ...(run.schedule ? { schedule: run.schedule } : {}),
  });
}

/**
 * The rate a resumed run goes on at, in its stored settings' config: the manifest then shows the rate of
 * the run as it finished, not the one it was started with. Written while no coordinator holds the run
 * (before it is queued again); the settings are otherwise kept as they were written.
 */
export async function recordRunRate(
  redis: Redis,
  prefix: string,
  runId: string,
  rate: number,
): Promise<void> {
  const key = runKeys(prefix, runId).meta;
  const raw = await redis.hget(key, 'settings');
  if (raw === null) return;
  const settings = JSON.parse(raw) as { config?: Record<string, unknown> };
  if (settings.config?.rate === rate) return;
  await redis.hset(key, 'settings', JSON.stringify({ ...settings, config: { ...settings.config, rate } }));
}
