import { resolve } from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { stderrIsTerminal } from '../cli-ui/notices.js';
import { parseHostNames } from '../api/host-guard.js';
import { loadTokenLimits } from '../api/token-limits.js';
import { startApiServer } from '../api/server.js';
import { API_RUN_WINDOW } from '../api/submit-upload.js';
import { expiringTokens, loadApiTokens } from '../api/tokens.js';
import { parseMaxUploadBytes } from '../api/upload.js';
import { absoluteRunLinks, listeningBase, parsePublicUrl } from '../api/public-url.js';
import { loadApiWebhookConfig } from '../api/webhooks.js';
import { startServeMetrics } from './serve-metrics.js';
import { startRunWebhookWorker } from '../notify/run-webhooks.js';
import { ensurePrivateDir, PRIVATE_DIR_MODE } from '../infra/private-files.js';
import { requireUpstream, startRuntime } from '../runs/runtime.js';
import { ensureWritableDir, ensureWritableLogFile } from '../infra/writable.js';
import { startWorkers } from '../workers/workers.js';
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
    .description('HTTP API: submit client CSVs, follow runs, download their outputs (docs/api.md)')
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
  ).action(async (options: ServeOptions) => {
    const config = loadConfig(process.env, configOverrides(options));
    // Refused before anything is touched: no upstream, no tokens (an API open to anyone), a bad limit.
    requireUpstream(config);
    const tokens = loadApiTokens(process.env);
    const maxUploadBytes = parseMaxUploadBytes(process.env.KYC_API_MAX_UPLOAD_BYTES);
    const webhooks = loadApiWebhookConfig(process.env);
    const limits = loadTokenLimits(process.env);
    const publicUrl = parsePublicUrl(process.env.KYC_API_PUBLIC_URL);
    const hosts = {
      bound: options.host,
      names: parseHostNames(process.env.KYC_API_HOSTS, 'KYC_API_HOSTS'),
    };
    const terminal = stderrIsTerminal();
    const logFile = commandLogFile(config, options.logFile, terminal);
    ensureWritableDir(config.stateDir, { mode: PRIVATE_DIR_MODE });
    const runsDir = resolve(config.stateDir, 'api');
    ensurePrivateDir(runsDir);
    if (logFile) ensureWritableLogFile(logFile);
    const { log, announce } = openCommandLog(config, logFile, terminal);
    const runtime = await startRuntime(config, log, { announce });
    const metrics = await startServeMetrics(options);
    const apiMetrics = metrics?.api;
    const workerMetrics = metrics?.workers;
    const metricsServer = metrics?.server;
    if (metricsServer) announce(`Prometheus metrics at ${metricsServer.url}/metrics`);
    try {
      const workers = options.workers
        ? await startWorkers({
            ...(workerMetrics ? { metrics: workerMetrics } : {}),
            redis: runtime.redis,
            prefix: config.prefix,
            registry: runtime.registry,
            log,
            settings: workerSettings(config, { checksConcurrency: options.concurrency }),
          })
        : undefined;
      // Webhook links are absolute: the public URL, else the address listened on (port 0: known once listening).
      let linkBase = publicUrl ?? listeningBase(options.host, options.port);
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
              linksOf: (id) => absoluteRunLinks(linkBase, id),
              ...(webhooks.allow ? { destinations: webhooks.allow } : {}),
              ...(apiMetrics ? { onAttempt: (attempt) => apiMetrics.webhookAttempt(attempt) } : {}),
            });
      try {
        const server = await startApiServer(
          {
            redis: runtime.redis,
            config,
            upstream: runtime,
            runsDir,
            maxUploadBytes,
            window: API_RUN_WINDOW,
            webhooks,
            tokens,
            hosts,
            limits,
            log,
            publicUrl,
            ...(apiMetrics ? { metrics: apiMetrics } : {}),
          },
          options.port,
          options.host,
        );
        linkBase = publicUrl ?? listeningBase(options.host, server.port);
        log.info({ url: `${server.url}/v1`, workers: options.workers, tokens: tokens.length }, 'API started');
        const { expired, soon } = expiringTokens(tokens);
        if (expired.length > 0) log.warn({ tokens: expired }, 'API tokens expired: refused with 401');
        if (soon.length > 0) log.warn({ tokens: soon }, 'API tokens expire within 14 days');
        announce(`HTTP API at ${server.url}/v1 (docs/api.md); SIGTERM or Ctrl-C stops.`);
        await new Promise<void>((done) => {
          process.once('SIGTERM', done);
          process.once('SIGINT', done);
        });
        announce('Stopping: no new requests; finishing jobs in progress…');
        await server.close();
      } finally {
        await webhookWorker?.close();
        await workers?.close();
      }
    } finally {
      await metricsServer?.close();
      await runtime.close();
    }
    log.info('API stopped');
  });
}
