import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { getRequestListener } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Queue } from 'bullmq';
import { Hono } from 'hono';
import type { Redis } from 'ioredis';
import { MirrorStore } from '../mirror/store.js';
import { RunStore } from '../run/state/run-store.js';
import { QUEUE_STREAMS } from '../run/state/retention.js';
import { UpstreamState } from '../upstream/state.js';
import { QUEUES } from '../run/topology.js';
import { listen, type Listening } from '../infra/listen.js';
import { pipelineMetrics } from '../metrics/pipeline-metrics.js';
import { NOTIFICATIONS_QUEUE } from '../notify/webhook-queue.js';
import { RUN_WEBHOOKS_QUEUE } from '../notify/run-webhooks.js';
import { hostGuard, inlineScriptHashes, securityHeaders } from '../api/host-guard.js';
import { SCHEDULES_QUEUE } from '../schedule/definition.js';
import { requireStrongToken, requireTokenOffLoopback, tokenAuth } from './auth.js';
import { redactJobData, redactReturnValue, redactRun } from './redact.js';
import { runRow, runsPage, type RunView } from './runs-page.js';

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

/**
 * `kyc-screen dashboard`: bull-board over the pipeline's queues, the schedules and the webhook notices at /queues (read-only: retrying or deleting pipeline jobs by hand would break a run's bookkeeping; job data shown without
 * personal data, src/dashboard/redact.ts), the runs page at /runs,
 * their JSON at /api/runs and the Redis-derived Prometheus metrics at /metrics.
 */
export async function startDashboard(options: DashboardOptions): Promise<Listening> {
  const { redis, prefix } = options;
  requireTokenOffLoopback(options.host, options.token);
  requireStrongToken(options.token);
  const queues = [
    QUEUES.runs,
    QUEUES.checks,
    QUEUES.verdicts,
    SCHEDULES_QUEUE,
    NOTIFICATIONS_QUEUE,
    RUN_WEBHOOKS_QUEUE,
  ].map((name) => new Queue(name, { connection: redis, prefix, streams: QUEUE_STREAMS }));
  const store = new RunStore(redis, prefix);
  const mirrors = new MirrorStore(redis, prefix);
  const upstream = new UpstreamState(redis, prefix);
  const metrics = pipelineMetrics({ redis, prefix, queues, recentRuns: options.recentRuns ?? 500 });

  const board = new HonoAdapter(serveStatic);
  board.setBasePath('/queues');
  createBullBoard({
    queues: queues.map((q) => {
      const adapter = new BullMQAdapter(q, { readOnlyMode: true });
      adapter.setFormatter('data', redactJobData);
      adapter.setFormatter('returnValue', redactReturnValue);
      return adapter;
    }),
    serverAdapter: board,
    options: {
      uiConfig: {
        boardTitle: 'kyc-screen',
        hideDocsLink: true,
        miscLinks: [
          { text: 'Runs', url: '/runs' },
          { text: 'Metrics', url: '/metrics' },
        ],
      },
    },
  });

  async function runViews(): Promise<RunView[]> {
    const ids = await store.list(options.recentRuns ?? 100);
    const views = await Promise.all(
      ids.map(async (id) => {
        const run = await store.get(id);
        return {
          run: run && redactRun(run),
          counters: await store.counters(id),
          unrecognised: await store.unrecognised(id),
          // A damaged note leaves the cell without it; the run's row still shows.
          foreignAgent: await mirrors.note(id).catch(() => undefined),
        };
      }),
    );
    return views.flatMap(({ run, ...rest }): RunView[] => (run ? [{ run, ...rest }] : []));
  }

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
  if (options.token !== undefined) app.use('*', tokenAuth(options.token));
  app.get('/', (c) => c.redirect('/runs'));
  app.get('/runs', async (c) => {
    const [views, pause, breaker] = await Promise.all([runViews(), upstream.pause(), upstream.breaker()]);
    const html = runsPage(views, 2, new Date(), { pause, breaker });
    const scripts = ["'self'", ...inlineScriptHashes(html)].join(' ');
    c.header('content-security-policy', DASHBOARD_CSP.replace("script-src 'self'", `script-src ${scripts}`));
    return c.html(html);
  });
  // Each run with its rendered table row (`html`): what the runs page's script puts in place.
  app.get('/api/runs', async (c) =>
    c.json((await runViews()).map((view) => ({ ...view, html: runRow(view) }))),
  );
  app.get('/metrics', async (c) =>
    c.body(await metrics.metrics(), 200, { 'content-type': metrics.contentType }),
  );
  app.get('/healthz', async (c) => c.text((await redis.ping()) === 'PONG' ? 'ok' : 'redis?'));
  app.route('/queues', board.registerPlugin());

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
