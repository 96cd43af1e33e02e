import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedRedis } from '../../src/infra/embedded-redis.js';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/** One private redis-server for the integration suite, or REDIS_URL when it is set. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.REDIS_URL) {
    project.provide('redisUrl', process.env.REDIS_URL);
    return async () => undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'kyc-test-redis-'));
  const redis = await startEmbeddedRedis({ dir, persist: false });
  project.provide('redisUrl', redis.url);
  return async () => {
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
