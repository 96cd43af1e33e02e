import { resolve } from 'node:path';
import { environment, setting } from '../settings/environment.js';
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { stderrIsTerminal, type Announce } from '../cli-ui/notices.js';
import type { Logger } from '../log.js';
import { parseHostNames } from '../api/host-guard.js';
import { loadTokenLimits } from '../api/token-limits.js';
import { startApiServer } from '../api/server.js';
import { API_RUN_WINDOW } from '../api/submit-upload.js';
import { expiringTokens, loadApiTokens } from '../api/tokens.js';
import { parseMaxUploadBytes, parseMaxUploadRows } from '../api/upload.js';
import { absoluteRunLinks, listeningBase, parsePublicUrl } from '../api/public-url.js';
import { loadApiWebhookConfig } from '../api/webhooks.js';
import {
  ORPHAN_UPLOAD_AGE_MS,
  removeOrphanUploads,
  type OrphanUploadContext,
} from '../api/orphan-uploads.js';
import { startServeMetrics, type ServeMetrics } from './serve-metrics.js';
import { startRunWebhookWorker } from '../notify/run-webhooks.js';
import { ensurePrivateDir, PRIVATE_DIR_MODE } from '../infra/private-files.js';
import { requireUpstream, startRuntime, type Runtime } from '../runs/runtime.js';
import { ensureWritableLogFile, ensureWritableStateDir } from '../infra/writable.js';
import { startWorkers } from '../workers/workers.js';
import { openCommandDesk, type CommandDesk } from '../desk/command-desk.js';
import { startDeskWebhookWorker } from '../desk/desk-webhooks.js';
import { DESK_PAGES_IDLE_MS } from '../desk/db/embedded.js';
import {
  commandLogFile,
  nonNegativeInt,
  configOverrides,
  emulatorOption,
  hostedWorkerOptions,
  logFileOption,
  openCommandLog,
  upstreamProfileOption,
  workerSettings,
} from './shared-options.js';
import { workerWiring } from '../runs/wiring.js';
import { dashboardUrlOf } from '../settings/dashboard-url.js';

interface ServeOptions {
  host: string;
  port: number;
  workers: boolean;
  concurrency: number;
  rate?: number;
  stateDir?: string;
  logFile?: string;
  upstreamProfile?: string;
  emulator?: boolean;
  metricsPort?: number;
  metricsHost: string;
}

/** `kyc-screen serve`: the HTTP API (docs/api.md), hosting the workers unless --no-workers. */
export function registerServeCommand(program: Command): void {
  const command = program
    .command('serve')
    .description(
      'HTTP API: submit client CSVs, follow runs, download their outputs (docs/api.md); needs KYC_API_TOKENS (or KYC_API_TOKENS_FILE): an API open to anyone is refused',
    )
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--port <n>', 'port to listen on', nonNegativeInt('--port'), 8787)
    .option('--no-workers', 'only accept and serve runs; workers run elsewhere (kyc-screen worker)')
    .option(
      '--state-dir <dir>',
      'uploads and outputs of API runs (<state-dir>/api), embedded Redis data (default: KYC_STATE_DIR or .state)',
    )
    .option(
      '--metrics-port <n>',
      'serve Prometheus /metrics of this process (API requests, upload bytes, webhooks; check latency) on this port',
      nonNegativeInt('--metrics-port'),
    )
    .option('--metrics-host <address>', 'address of --metrics-port', '127.0.0.1');
  emulatorOption(
    upstreamProfileOption(logFileOption(hostedWorkerOptions(command))),
    'screen against the built-in emulator of the Lookup Service (synthetic registers; outputs marked EMULATOR)',
  ).action(runServe);
}

/** What serve reads before it touches anything; refused early: no upstream, no tokens (an API open to anyone), a bad limit. */
function serveSettings(options: ServeOptions) {
  const config = loadConfig(environment(), configOverrides(options));
  requireUpstream(config);
  return {
    config,
    tokens: loadApiTokens(environment()),
    maxUploadBytes: parseMaxUploadBytes(setting('KYC_API_MAX_UPLOAD_BYTES')),
    maxUploadRows: parseMaxUploadRows(setting('KYC_API_MAX_UPLOAD_ROWS')),
    webhooks: loadApiWebhookConfig(environment()),
    limits: loadTokenLimits(environment()),
    publicUrl: parsePublicUrl(setting('KYC_API_PUBLIC_URL')),
    hosts: { bound: options.host, names: parseHostNames(setting('KYC_API_HOSTS'), 'KYC_API_HOSTS') },
  };
}

type ServeSettings = ReturnType<typeof serveSettings>;

/** What the API server of this process is started with once the runtime is up. */
interface ServeContext {
  readonly settings: ServeSettings;
  readonly runtime: Runtime;
  readonly runsDir: string;
  readonly log: Logger;
  readonly announce: Announce;
  readonly metrics: ServeMetrics | undefined;
  /** The review desk this server answers /v1/alerts from and records its runs' alerts in. */
  readonly desk: CommandDesk | undefined;
  /**
   * Webhook links are absolute, under the base the run was submitted with (submit-upload.ts); for a run that
   * kept none, the public URL, else the address listened on (with port 0 known only once the server listens,
   * when serveUntilStopped sets it).
   */
  readonly links: { base: string };
}

async function runServe(options: ServeOptions): Promise<void> {
  const settings = serveSettings(options);
  const { config } = settings;
  const terminal = stderrIsTerminal();
  const logFile = commandLogFile(config, options.logFile, terminal);
  ensureWritableStateDir(config.stateDir, { mode: PRIVATE_DIR_MODE });
  const runsDir = resolve(config.stateDir, 'api');
  ensurePrivateDir(runsDir);
  if (logFile) ensureWritableLogFile(logFile);
  const { log, announce } = openCommandLog(config, logFile, terminal);
  const runtime = await startRuntime(config, log, { announce });
  const metrics = await startServeMetrics(options);
  if (metrics?.server) announce(`Prometheus metrics at ${metrics.server.url}/metrics`);
  let desk: CommandDesk | undefined;
  try {
    desk = await openCommandDesk({
      ...{ stateDir: config.stateDir, prefix: config.prefix, redis: runtime.redis, log, announce },
      required: true,
      dashboardUrl: dashboardUrlOf(environment()),
      idleCloseMs: DESK_PAGES_IDLE_MS,
    });
    const links = { base: settings.publicUrl ?? listeningBase(options.host, options.port) };
    await serveWithWorkers({ settings, runtime, runsDir, log, announce, metrics, desk, links }, options);
  } finally {
    await desk?.close();
    await metrics?.server?.close();
    await runtime.close();
  }
  log.info('API stopped');
}

/** The hosted workers and the run webhooks' delivery around the API server, closed after it. */
async function serveWithWorkers(ctx: ServeContext, options: ServeOptions): Promise<void> {
  const { settings, runtime, log, metrics, desk } = ctx;
  const { config, webhooks } = settings;
  const apiMetrics = metrics?.api;
  const workers = options.workers
    ? await startWorkers({
        ...workerWiring({ redis: runtime.redis, prefix: config.prefix, log, desk: desk?.hooks }),
        ...(metrics?.workers ? { metrics: metrics.workers } : {}),
        ...(runtime.answersRedis ? { answersRedis: runtime.answersRedis } : {}),
        redis: runtime.redis,
        prefix: config.prefix,
        registry: runtime.registry,
        service: runtime.service,
        log,
        settings: workerSettings(config, { checksConcurrency: options.concurrency }),
      })
    : undefined;
  // Run webhooks are delivered here, where the secret is, whichever worker ended the run.
  const webhookWorker =
    webhooks.secret === undefined
      ? undefined
      : await startRunWebhookWorker({
          redis: runtime.redis,
          prefix: config.prefix,
          log,
          secret: webhooks.secret,
          serverUrl: webhooks.url,
          linksOf: (id, linksBase) => absoluteRunLinks(linksBase ?? ctx.links.base, id),
          ...(webhooks.allow ? { destinations: webhooks.allow } : {}),
          ...(apiMetrics ? { onAttempt: (attempt) => apiMetrics.webhookAttempt(attempt) } : {}),
        });
  const deskWebhooks =
    webhooks.url !== undefined && webhooks.secret !== undefined
      ? await startDeskWebhookWorker({
          ...{ redis: runtime.redis, prefix: config.prefix, log },
          ...{ url: webhooks.url, secret: webhooks.secret },
        })
      : undefined;
  try {
    await serveUntilStopped(ctx, options);
  } finally {
    await deskWebhooks?.close();
    await webhookWorker?.close();
    await workers?.close();
  }
}

/** The API server until SIGTERM or Ctrl-C. */
async function serveUntilStopped(ctx: ServeContext, options: ServeOptions): Promise<void> {
  const { settings, runtime, runsDir, log, announce, metrics } = ctx;
  const { config, tokens, maxUploadBytes, maxUploadRows, webhooks, limits, hosts } = settings;
  const server = await startApiServer(
    {
      redis: runtime.redis,
      config,
      upstream: runtime,
      runsDir,
      maxUploadBytes,
      maxUploadRows,
      window: API_RUN_WINDOW,
      webhooks,
      tokens,
      hosts,
      limits,
      log,
      ...(metrics?.api ? { metrics: metrics.api } : {}),
      ...(ctx.desk ? { desk: { desk: ctx.desk.desk, onDecided: ctx.desk.onDecided } } : {}),
      publicUrl: settings.publicUrl,
    },
    options.port,
    options.host,
  );
  ctx.links.base = settings.publicUrl ?? listeningBase(options.host, server.port);
  log.info({ url: `${server.url}/v1`, workers: options.workers, tokens: tokens.length }, 'API started');
  const sweeping = sweepOrphanUploads({ redis: runtime.redis, prefix: config.prefix, runsDir, log });
  const { expired, soon } = expiringTokens(tokens);
  if (expired.length > 0) log.warn({ tokens: expired }, 'API tokens expired: refused with 401');
  if (soon.length > 0) log.warn({ tokens: soon }, 'API tokens expire within 14 days');
  announce(`HTTP API at ${server.url}/v1 (docs/api.md); SIGTERM or Ctrl-C stops.`);
  await new Promise<void>((done) => {
    process.once('SIGTERM', done);
    process.once('SIGINT', done);
  });
  announce('Stopping: no new requests; finishing jobs in progress…');
  clearInterval(sweeping);
  await server.close();
}

/** Orphaned uploads (src/api/orphan-uploads.ts) go at the start, then once an hour while the server runs. */
function sweepOrphanUploads(ctx: OrphanUploadContext): NodeJS.Timeout {
  const sweep = () =>
    void removeOrphanUploads(ctx).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'orphaned uploads could not be looked for');
    });
  sweep();
  return setInterval(sweep, ORPHAN_UPLOAD_AGE_MS).unref();
}
