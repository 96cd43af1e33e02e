import type { Redis } from 'ioredis';
import type { ServiceIdentity } from '../settings/service-identity.js';
import { serviceKeys } from '../run/state/topology.js';

/**
 * Which Lookup Services the workers on this Redis serve. A process that hosts the runs or checks worker
 * keeps its service's heartbeat alive; `status` tells a run whose service nobody serves (its jobs wait for
 * a worker configured with that KYC_API_URL and key) instead of letting it wait in silence.
 */

/** A heartbeat older than this means no live process serves the service. */
export const SERVED_TTL_MS = 15_000;
const BEAT_MS = 5_000;

export interface ServiceHeartbeat {
  stop(): Promise<void>;
}

/** Records the service and keeps its heartbeat alive until stopped. */
export async function serveService(
  redis: Redis,
  prefix: string,
  service: ServiceIdentity,
): Promise<ServiceHeartbeat> {
  const keys = serviceKeys(prefix, service.id);
  const beat = () => redis.set(keys.served, String(Date.now()), 'PX', SERVED_TTL_MS);
  await redis.hset(
    keys.all,
    service.id,
    JSON.stringify({ url: service.url, keyFingerprint: service.keyFingerprint }),
  );
  await beat();
  const timer = setInterval(() => void beat().catch(() => undefined), BEAT_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      // Other processes may serve the same service: their next beat restores the key within 5 s.
      return Promise.resolve();
    },
  };
}

/** Whether a live process serves the service's runs. */
export async function serviceServed(redis: Redis, prefix: string, id: string): Promise<boolean> {
  return (await redis.exists(serviceKeys(prefix, id).served)) === 1;
}

/** The services recorded on this Redis (id → URL and fingerprint), for the dashboard's queue list. */
export async function knownServices(redis: Redis, prefix: string): Promise<readonly string[]> {
  return redis.hkeys(serviceKeys(prefix, '').all);
}
