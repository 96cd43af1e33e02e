import { checkRunId } from '../run/state/topology.js';
import { environment } from '../settings/environment.js';
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { KycError } from '../errors.js';
import { summaryTable } from '../cli-ui/summary.js';
import { failureLine, newHitsLine, runListTable } from '../cli-ui/run-list.js';
import { openRedis } from '../infra/redis-session.js';
import { strategyLabel } from '../export/mirror-snapshot.js';
import { MirrorStore } from '../mirror/store.js';
import { RunStore } from '../run/state/run-store.js';
import { UpstreamState } from '../upstream/state.js';
import { upstreamNoticeLines } from '../upstream/notice.js';
import { describeService } from '../settings/service-identity.js';
import { unservedLine, unservedRuns } from '../runs/service-served.js';

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
      const config = loadConfig(environment(), options.stateDir ? { stateDir: options.stateDir } : {});
      // An embedded Redis other processes hold keeps serving them; one started just for this look goes.
      const session = await openRedis(config);
      try {
        const store = new RunStore(session.redis, config.prefix);
        const upstreamState = new UpstreamState(session.redis, config.prefix);
        const upstream = { pause: await upstreamState.pause(), breaker: await upstreamState.breaker() };
        // A pause or an open breaker delays every run: said first, whatever is asked.
        const notices = upstreamNoticeLines(upstream);
        if (!options.json && notices.length > 0) process.stdout.write(`${notices.join('\n')}\n\n`);
        if (runId) {
          const run = await store.get(runId);
          if (!run) throw new KycError('KYC_ERR_RUN_NOT_FOUND', runId);
          const counters = await store.counters(runId);
          const unrecognised = await store.unrecognised(runId);
          // Settled before the first dispatch: absent while a run waits in the queue.
          const foreignAgent = await new MirrorStore(session.redis, config.prefix).note(runId);
          const unserved = (await unservedRuns(session.redis, config.prefix, [run])).has(run.id);
          if (options.json) {
            const shown = {
              run,
              // false: the run waits for a worker of its service (`service`); null: it is finished.
              serviceServed: run.status === 'queued' || run.status === 'running' ? !unserved : null,
              counters,
              unrecognised,
              upstream,
              foreignAgentStrategy: foreignAgent ?? null,
            };
            process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
            return;
          }
          const failed = run.status === 'failed' ? `\nfailed: ${failureLine(run.error)}` : '';
          const hits = newHitsLine(run);
          const strategy = foreignAgent ? `\nforeign-agent strategy: ${strategyLabel(foreignAgent)}` : '';
          const service = `\nservice: ${run.service ? describeService(run.service) : 'not recorded (older version)'}`;
          const waiting = unserved ? `\n${unservedLine(run)}` : '';
          process.stdout.write(
            `${summaryTable(run, counters, unrecognised)}${service}${strategy}${failed}${waiting}${hits ? `\n${hits}` : ''}\n`,
          );
          return;
        }
        const ids = await store.list(20);
        const runs = (await Promise.all(ids.map((id) => store.get(id)))).filter((r) => r !== undefined);
        if (options.json) {
          // The list stays a list (scripts read it); the upstream state is one line on stderr.
          if (notices.length > 0) process.stderr.write(`${notices.join('\n')}\n`);
          const unserved = await unservedRuns(session.redis, config.prefix, runs);
          const shown = runs.map((run) => (unserved.has(run.id) ? { ...run, serviceServed: false } : run));
          process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
          return;
        }
        const unserved = await unservedRuns(session.redis, config.prefix, runs);
        process.stdout.write(
          `${runListTable(runs, (run) => (unserved.has(run.id) ? unservedLine(run) : undefined))}\n`,
        );
      } finally {
        await session.close();
      }
    });
}
