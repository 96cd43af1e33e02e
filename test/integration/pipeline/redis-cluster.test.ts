import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { connectRedis } from '../../../src/infra/redis-connection.js';
import { cli, exited, maskedVerdicts, stderrOf } from '../../helpers/cli-process.js';
import { startLocalCluster, type LocalCluster } from '../../helpers/redis-cluster.js';
import { redisUrl } from '../../helpers/redis.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

/**
 * The promise of docs/pipeline.md that the `{kyc}` hash tag keeps the pipeline in one Redis Cluster slot, run
 * for real: a local three-master cluster, two worker processes and a coordinator-only `run`, byte-identical
 * (check timestamps masked) to the same run on a single Redis.
 */
describe('on a real Redis Cluster', () => {
  let cluster: LocalCluster;
  let emulator: EmulatorHandle;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    cluster = await startLocalCluster();
    emulator = await createEmulator({ keys: [DEMO_API_KEY] });
  }, 60_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await emulator?.close();
    await cluster?.stop();
  });

  it('runs the sample end to end with two workers, with the verdicts of a single-node run', async () => {
    const input = sampleSlice(40);
    const env = { KYC_API_URL: emulator.url, KYC_RATE: '200', KYC_PREFIX: '{kyc}' };

    const single = mkdtempSync(join(tmpdir(), 'kyc-single-'));
    const reference = cli(['run', input, '--out-dir', single, '--run-id', 'cluster_1'], {
      ...env,
      REDIS_URL: redisUrl(),
      KYC_PREFIX: '{kyc-single-ref}',
    });
    const referenceErr = stderrOf(reference);
    expect([0, 4], referenceErr()).toContain(await exited(reference));

    const clusterEnv = { ...env, REDIS_URL: cluster.url };
    const workers = [0, 1].map(() => cli(['worker', '--queues', 'checks,verdicts,runs'], clusterEnv));
    children.push(...workers);
    const workerErr = workers.map(stderrOf);
    const out = mkdtempSync(join(tmpdir(), 'kyc-cluster-out-'));
    const submitted = cli(
      ['run', input, '--no-workers', '--out-dir', out, '--run-id', 'cluster_1'],
      clusterEnv,
    );
    children.push(submitted);
    const submittedErr = stderrOf(submitted);
    const code = await exited(submitted);
    expect([0, 4], `${submittedErr()}\n${workerErr.map((e) => e()).join('\n')}`).toContain(code);

    expect(maskedVerdicts(join(out, 'verdicts.csv'))).toBe(maskedVerdicts(join(single, 'verdicts.csv')));
    // The pipeline's keys really are on the cluster, all in the slot of {kyc}.
    const redis = connectRedis(cluster.url);
    try {
      const slot = await redis.cluster('KEYSLOT', '{kyc}:run:cluster_1:meta');
      expect(slot).toBe(await redis.cluster('KEYSLOT', '{kyc}'));
      expect(await redis.hget('{kyc}:run:cluster_1:meta', 'status')).toBe('done');
    } finally {
      redis.disconnect();
    }
    for (const worker of workers) worker.kill('SIGTERM');
    for (const [i, worker] of workers.entries()) expect(await exited(worker), workerErr[i]?.()).toBe(0);
  }, 240_000);
});
