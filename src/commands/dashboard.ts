import type { Command } from 'commander';
import { environment, setting } from '../settings/environment.js';
import { parseHostNames } from '../api/host-guard.js';
import { loadConfig } from '../config.js';
import { requireStrongToken, requireTokenOffLoopback } from '../dashboard/auth.js';
import { startDashboard } from '../dashboard/server.js';
import { openDashboardDesk } from '../dashboard/desk/open-dashboard-desk.js';
import { resolveLang } from '../i18n/lang.js';
import { openRedis } from '../infra/redis-session.js';
import { nonNegativeInt } from './shared-options.js';

/** `kyc-screen dashboard`: bull-board, the runs page and Prometheus /metrics, until SIGTERM. */
export function registerDashboardCommand(program: Command): void {
  program
    .command('dashboard')
    .description(
      'web dashboard: runs with progress and counts, the review desk at /desk (analysts and approvers sign in ' +
        'with their KYC_API_TOKENS token), queues (bull-board, read-only), /metrics',
    )
    .option('--port <n>', 'port to listen on', nonNegativeInt('--port'), 3000)
    .option(
      '--host <address>',
      'address to listen on; any but loopback needs KYC_DASHBOARD_TOKEN (0.0.0.0 in a container)',
      '127.0.0.1',
    )
    .option(
      '--state-dir <dir>',
      'embedded Redis data when REDIS_URL is unset (default: KYC_STATE_DIR or .state)',
    )
    .option('--lang <lang>', 'language of the pages: ru or en (default: KYC_LANG, else ru; ?lang= switches)')
    .action(async (options: { port: number; host: string; stateDir?: string; lang?: string }) => {
      const lang = resolveLang(options.lang);
      const config = loadConfig(environment(), options.stateDir ? { stateDir: options.stateDir } : {});
      requireTokenOffLoopback(options.host, config.dashboardToken);
      requireStrongToken(config.dashboardToken);
      const hosts = parseHostNames(setting('KYC_DASHBOARD_HOSTS'), 'KYC_DASHBOARD_HOSTS');
      const session = await openRedis(config);
      const env = environment();
      const desk = await openDashboardDesk({
        env,
        stateDir: config.stateDir,
        redis: session.redis,
        prefix: config.prefix,
      }).catch(async (error: unknown) => {
        await session.close();
        throw error;
      });
      try {
        const dashboard = await startDashboard({
          redis: session.redis,
          prefix: config.prefix,
          port: options.port,
          host: options.host,
          ...(config.dashboardToken !== undefined ? { token: config.dashboardToken } : {}),
          hosts,
          lang,
          desk: desk.desk,
        });
        const access =
          config.dashboardToken === undefined
            ? 'no login: this machine only'
            : 'token required: open /runs?token=<KYC_DASHBOARD_TOKEN> once, or send Authorization: Bearer';
        process.stderr.write(
          `Dashboard at ${dashboard.url}/runs (queues: /queues, metrics: /metrics; ${access}); ${desk.line}; SIGTERM or Ctrl-C stops.\n`,
        );
        await new Promise<void>((resolve) => {
          process.once('SIGTERM', resolve);
          process.once('SIGINT', resolve);
        });
        await dashboard.close();
      } finally {
        await desk.close();
        await session.close();
      }
    });
}
