import { checkRunId } from '../pipeline/topology.js';
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { KycError } from '../errors.js';
import { summaryTable } from '../cli-ui/summary.js';
import { connectRedis } from '../pipeline/runtime.js';
import { startEmbeddedRedis } from '../pipeline/embedded-redis.js';
import { RunStore } from '../pipeline/run-store.js';
import { UpstreamState } from '../pipeline/upstream-state.js';
import { upstreamNoticeLines } from '../ops/upstream-notice.js';
import { join } from 'node:path';

/** `kyc-screen status [runId]`: recent runs, or one run's progress and counters. */
export function registerStatusCommand(program: Command): void {
  program
    .command('status')
    .description('list recent runs, or show one run with its counters')
    .argument('[runId]', 'the run to show')
    .option(
      '--state-dir <dir>',
      'embedded Redis data when REDIS_URL is unset (default: KYC_STATE_DIR or .state)',
    )
    .option('--json', 'print JSON')
    .action(async (runId: string | undefined, options: { stateDir?: string; json?: boolean }) => {
      if (runId !== undefined) checkRunId(runId);
      const config = loadConfig(process.env, options.stateDir ? { stateDir: options.stateDir } : {});
      const embedded = config.redisUrl
        ? undefined
        : await startEmbeddedRedis({ dir: join(config.stateDir, 'redis'), persist: true });
      const redis = connectRedis(config.redisUrl ?? embedded?.url ?? '');
      try {
        const store = new RunStore(redis, config.prefix);
        const upstreamState = new UpstreamState(redis, config.prefix);
        const upstream = { pause: await upstreamState.pause(), breaker: await upstreamState.breaker() };
        // A pause or an open breaker delays every run: said first, whatever is asked.
        const notices = upstreamNoticeLines(upstream);
        if (!options.json && notices.length > 0) process.stdout.write(`${notices.join('\n')}\n\n`);
        if (runId) {
          const run = await store.get(runId);
          if (!run) throw new KycError('KYC_ERR_RUN_NOT_FOUND', runId);
          const counters = await store.counters(runId);
          const unrecognised = await store.unrecognised(runId);
          process.stdout.write(
            options.json
              ? `${JSON.stringify({ run, counters, unrecognised, upstream }, null, 2)}\n`
              : `${summaryTable(run, counters, unrecognised)}\n`,
          );
          return;
        }
        const ids = await store.list(20);
        const runs = (await Promise.all(ids.map((id) => store.get(id)))).filter((r) => r !== undefined);
        if (options.json) {
          // The list stays a list (scripts read it); the upstream state is one line on stderr.
          if (notices.length > 0) process.stderr.write(`${notices.join('\n')}\n`);
          process.stdout.write(`${JSON.stringify(runs, null, 2)}\n`);
          return;
        }
        if (runs.length === 0) process.stdout.write('No runs.\n');
        for (const run of runs) {
          const total = run.totalRows === undefined ? '?' : String(run.totalRows);
          process.stdout.write(
            `${run.id}  ${run.status.padEnd(7)}  ${run.written}/${total}  ${run.priority}  ${run.createdAt}  ${run.input}` +
              `${run.emulator ? '  EMULATOR' : ''}${run.status === 'failed' && run.error ? `\n    ${run.error}` : ''}\n`,
          );
        }
      } finally {
        await redis.quit();
        // An embedded Redis other processes hold keeps serving them; one started just for this look goes.
        await embedded?.stop();
      }
    });
}
