import { getRequestListener } from '@hono/node-server';
import { Queue } from 'bullmq';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { Redis } from 'ioredis';
import { KycError } from '../errors.js';
import { DEFAULT_LANG, type Lang } from '../i18n/lang.js';
import { QUEUE_STREAMS } from '../run/state/retention.js';
import { UpstreamState } from '../upstream/state.js';
import { QUEUES, queuesOf } from '../run/state/topology.js';
import { knownServices } from '../upstream/service-registry.js';
import { listen, type Listening } from '../infra/listen.js';
import { pipelineMetrics } from '../metrics/pipeline-metrics.js';
import { NOTIFICATIONS_QUEUE } from '../notify/webhook-queue.js';
import { RUN_WEBHOOKS_QUEUE } from '../notify/run-webhooks.js';
import { hostGuard, inlineScriptHashes, securityHeaders } from '../api/host-guard.js';
import { SCHEDULES_QUEUE } from '../schedule/definition.js';
import { firingSummaries } from '../schedule/firings.js';
import { listSchedules } from '../schedule/schedules.js';
import { requireStrongToken, requireTokenOffLoopback, tokenAuth } from './auth.js';
import { requestLang } from './page-lang.js';
import { queuesBoard } from './queues-board.js';
import { parseRunFilter, type RunFilter } from './run-filter.js';
import { serveRunFile } from './run-files.js';
import { runViews } from './run-views.js';
import { runRow, runsPage } from './runs-page.js';
import { schedulesPage } from './schedules-page.js';
import { registerDeskRoutes, type DashboardDesk } from './desk/desk-routes.js';

export interface DashboardOptions {
  readonly redis: Redis;
  readonly prefix: string;
  readonly port: number;
  readonly host: string;
  /** Runs listed on the runs page and summed into the metrics. */
  readonly recentRuns?: number;
  /** Required on every route but /healthz when set; required to listen anywhere but loopback (auth.ts). */
  readonly token?: string;
  /** Names it is reached under besides its address (KYC_DASHBOARD_HOSTS), lower case. */
  readonly hosts?: readonly string[];
  /** The pages' language unless a visitor switches (`--lang`, `KYC_LANG`); default Russian. */
  readonly lang?: Lang;
  /** The review desk at /desk, behind its own per-person login (src/dashboard/desk/); absent: no /desk. */
  readonly desk?: DashboardDesk;
}

/**
 * Scripts and styles of the dashboard's own origin only (bull-board's assets; inline styles for its
 * layout); the runs page adds its one inline script by hash. Never in a frame.
 */
const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PIPELINE_QUEUES = [
  QUEUES.runs,
  QUEUES.checks,
  QUEUES.verdicts,
  SCHEDULES_QUEUE,
  NOTIFICATIONS_QUEUE,
  RUN_WEBHOOKS_QUEUE,
];

/** The run filter of a request; a filter the page cannot mean is a 400 that says which field (run-filter.ts). */
function filterOf(c: Context): RunFilter | Response {
  try {
    return parseRunFilter(c.req.query());
  } catch (error) {
    if (error instanceof KycError) return c.text(`${error.message}\n`, 400);
    throw error;
  }
}

/** The schedules whose last firing failed: they fire no run until someone acts. */
async function failingScheduleNames(redis: Redis, prefix: string): Promise<string[]> {
  const [schedules, firings] = await Promise.all([
    listSchedules(redis, prefix),
    firingSummaries(redis, prefix),
  ]);
  return schedules
    .map((s) => s.name)
    .filter((name) => firings.get(name)?.last?.state === 'failed')
    .sort();
}

const isDeskPath = (path: string) => path === '/desk' || path.startsWith('/desk/');

/** The security headers, the Host/Origin guard and the token, in the order a request meets them. */
function guarded(options: DashboardOptions): Hono {
  const app = new Hono();
  app.use('*', securityHeaders(DASHBOARD_CSP));
  // Before the token: a rebound name gets nothing, not even the login prompt.
  app.use(
    '*',
    hostGuard({ bound: options.host, names: options.hosts ?? [] }, (what) =>
      what === 'host'
        ? new Response(
            'kyc-screen dashboard: this Host is not served; add the name to KYC_DASHBOARD_HOSTS to serve it.\n',
            { status: 421 },
          )
        : new Response('kyc-screen dashboard: cross-origin request refused.\n', { status: 403 }),
    ),
  );
  if (options.token !== undefined) {
    const auth = tokenAuth(options.token);
    // The desk signs each person in with their own token (desk/desk-routes.ts), not the shared one.
    const deskOrAuth: MiddlewareHandler = (c, next) =>
      options.desk && isDeskPath(c.req.path) ? next() : auth(c, next);
    app.use('*', deskOrAuth);
  }
  return app;
}

/** The officer's pages: runs (filtered), each run's files, the schedules; and the runs as JSON. */
function pageRoutes(app: Hono, options: DashboardOptions): void {
  const { redis, prefix } = options;
  const lang = options.lang ?? DEFAULT_LANG;
  const limit = options.recentRuns ?? 100;
  const upstream = new UpstreamState(redis, prefix);
  app.get('/', (c) => c.redirect('/runs'));
  app.get('/runs', async (c) => {
    const filter = filterOf(c);
    if (filter instanceof Response) return filter;
    const page = requestLang(c, lang);
    const [views, pause, breaker, failingSchedules] = await Promise.all([
      runViews(redis, prefix, limit, filter),
      upstream.pause(),
      upstream.breaker(),
      failingScheduleNames(redis, prefix),
    ]);
    const html = runsPage(views, page, { upstream: { pause, breaker }, filter, failingSchedules });
    const scripts = ["'self'", ...inlineScriptHashes(html)].join(' ');
    c.header('content-security-policy', DASHBOARD_CSP.replace("script-src 'self'", `script-src ${scripts}`));
    return c.html(html);
  });
  // Each run with its rendered table row (`html`): what the runs page's script puts in place.
  app.get('/api/runs', async (c) => {
    const filter = filterOf(c);
    if (filter instanceof Response) return filter;
    const page = requestLang(c, lang);
    const views = await runViews(redis, prefix, limit, filter);
    return c.json(views.map((view) => ({ ...view, html: runRow(view, page) })));
  });
  app.get('/runs/:id/files/:name', (c) => serveRunFile(c, redis, prefix, requestLang(c, lang)));
  app.get('/schedules', async (c) => {
    const [schedules, firings] = await Promise.all([
      listSchedules(redis, prefix),
      firingSummaries(redis, prefix),
    ]);
    return c.html(schedulesPage(schedules, requestLang(c, lang), firings));
  });
}

/**
 * `kyc-screen dashboard`: the runs page at /runs (each run linked to its report, delta, outputs and
 * schedule), the schedules at /schedules, bull-board over the pipeline's queues at /queues, the runs as JSON
 * at /api/runs and the Redis-derived Prometheus metrics at /metrics. Pages in Russian unless asked otherwise.
 */
export async function startDashboard(options: DashboardOptions): Promise<Listening> {
  const { redis, prefix } = options;
  requireTokenOffLoopback(options.host, options.token);
  requireStrongToken(options.token);
  // Each service's runs and checks have queues of their own: those of every service recorded so far.
  const services = await knownServices(redis, prefix);
  const serviceQueues = services.flatMap((id) => [queuesOf(id).runs, queuesOf(id).checks]);
  const queues = [...PIPELINE_QUEUES, ...serviceQueues].map(
    (name) => new Queue(name, { connection: redis, prefix, streams: QUEUE_STREAMS }),
  );
  const metrics = pipelineMetrics({ redis, prefix, queues, recentRuns: options.recentRuns ?? 500 });
  const app = guarded(options);
  pageRoutes(app, options);
  if (options.desk) registerDeskRoutes(app, options.desk, options.lang ?? DEFAULT_LANG);
  app.get('/metrics', async (c) =>
    c.body(await metrics.metrics(), 200, { 'content-type': metrics.contentType }),
  );
  app.get('/healthz', async (c) => c.text((await redis.ping()) === 'PONG' ? 'ok' : 'redis?'));
  app.route('/queues', queuesBoard(queues));

  // A taken port must not leave the queues writing their meta to a connection the caller is about to close
  // (EPIPE stack traces before the one KYC_ERR_LISTEN line).
  const handle = getRequestListener(app.fetch);
  // Not awaited per request: the listener answers its own failures with a 500 and never rejects.
  const server = await listen((req, res) => void handle(req, res), options.port, options.host).catch(
    async (error: unknown) => {
      await Promise.all(queues.map((q) => q.close().catch(() => undefined)));
      throw error;
    },
  );
  return {
    ...server,
    async close() {
      await server.close();
      await Promise.all(queues.map((q) => q.close()));
    },
  };
}
