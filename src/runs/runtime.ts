import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { DEMO_API_KEY, maskUrlCredentials, type Config } from '../config.js';
import { EXIT, KycError } from '../errors.js';
import { startEmulator, type EmulatorHandle } from './load-emulator.js';
import type { Announce } from './announce.js';
import type { Logger } from '../log.js';
import { appliedProfileNotice } from '../settings/applied-profile.js';
import { RegistryClient } from '../upstream/client/index.js';
import { serviceIdentity, type ServiceIdentity } from '../settings/service-identity.js';
import { startEmbeddedRedis, type EmbeddedRedis } from '../infra/embedded-redis.js';
import { awaitRedis, connectRedis } from '../infra/redis-connection.js';
import { REDIS_LOST_AFTER_MS, watchRedis } from '../infra/redis-watchdog.js';

/**
 * The process-wide pieces of a `run`, `worker` or `demo`: a Redis connection (REDIS_URL or an embedded
 * redis-server with AOF in the state directory), the Lookup Service client (KYC_API_URL or the built-in
 * emulator, announced loudly), and an orderly shutdown of all of it.
 */
export interface Runtime {
  readonly redis: Redis;
  readonly redisUrl: string;
  /** The answer store's own Redis (KYC_ANSWERS_REDIS_URL); absent: `redis` holds the answers too. */
  readonly answersRedis?: Redis;
  readonly registry: RegistryClient;
  readonly apiUrl: string;
  readonly usingEmulator: boolean;
  /** The service's identity (URL and key fingerprint): what runs record and workers serve. */
  readonly service: ServiceIdentity;
  readonly embeddedRedis: boolean;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** Where to tell the user about embedded Redis and the emulator (cli-ui/notices.ts; never stdout). */
  readonly announce: Announce;
  /** Whether the embedded Redis keeps an AOF (runs: yes, so that --resume works). */
  readonly persistRedis?: boolean;
  /**
   * Whether a missing KYC_API_URL starts the built-in emulator without the operator's opt-in (`demo`,
   * `dictionaries`). Otherwise only `KYC_API_URL=emulator` / `--emulator` does, and a missing URL is refused.
   */
  readonly implicitEmulator?: boolean;
  /** Emulator rate limit when the emulator is started here, to mimic a key's quota. */
  readonly emulatorRate?: number;
  /**
   * What to do when Redis stopped answering and did not come back within REDIS_LOST_AFTER_MS (default:
   * print the error and exit 6 at once: BullMQ cannot close without its Redis).
   */
  readonly onRedisLost?: (error: KycError) => void;
}

// Re-exported: commands import the connection from the runtime.
export { connectRedis };

async function checkEvictionPolicy(redis: Redis, log: Logger): Promise<void> {
  try {
    const reply = await redis.config('GET', 'maxmemory-policy');
    const policy = reply[1];
    if (policy && policy !== 'noeviction') {
      throw new KycError(
        'KYC_ERR_REDIS_POLICY',
        `this Redis uses ${policy}; evicted job keys would lose rows`,
      );
    }
  } catch (error) {
    if (error instanceof KycError) throw error;
    // Managed Redis services often forbid CONFIG; they are configured by their operators.
    log.debug({ err: error }, 'could not read maxmemory-policy');
  }
}

/**
 * The answer store's own Redis when KYC_ANSWERS_REDIS_URL names one. Its eviction policy is not checked:
 * an evicted answer costs a call, never a verdict. One that does not answer is no reason to stop a run
 * (every read of it then reads as "no answer"), so it is connected without waiting for it.
 */
function connectAnswersRedis(config: Config, queues: Redis, log: Logger): Redis {
  if (!config.answersRedisUrl) return queues;
  const redis = connectRedis(config.answersRedisUrl, { maxRetriesPerRequest: 1, commandTimeout: 2_000 });
  redis.on('error', (error: Error) => log.debug({ err: error }, 'answer store redis connection error'));
  return redis;
}

/**
 * Fails closed: a nightly job that lost KYC_API_URL must not screen against synthetic registers. Without a
 * URL the built-in emulator needs the operator's opt-in (`KYC_API_URL=emulator` or `--emulator`).
 */
export function requireUpstream(config: Config, implicitEmulator = false): void {
  if (config.apiUrl === undefined && !config.emulator && !implicitEmulator)
    throw new KycError('KYC_ERR_CONFIG_NO_UPSTREAM');
}

export async function startRuntime(config: Config, log: Logger, options: RuntimeOptions): Promise<Runtime> {
  // Before a redis-server is started for nothing.
  requireUpstream(config, options.implicitEmulator);
  const applied = appliedProfileNotice(config.upstreamProfilePath, config.stateDir);
  if (applied !== undefined) options.announce(applied);
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse())
      await closer().catch((error: unknown) => log.warn({ err: error }, 'shutdown step failed'));
  };
  try {
    let redisUrl = config.redisUrl;
    let embedded: EmbeddedRedis | undefined;
    if (!redisUrl) {
      embedded = await startEmbeddedRedis({
        dir: join(config.stateDir, 'redis'),
        persist: options.persistRedis ?? true,
      });
      redisUrl = embedded.url;
      const started = embedded;
      closers.push(() => started.stop());
      options.announce(
        `Embedded redis-server ${embedded.adopted ? 'joined (already running for this state directory)' : 'started'} at ${maskUrlCredentials(redisUrl)}, data in ${join(config.stateDir, 'redis')}`,
      );
    }
    const redis = connectRedis(redisUrl);
    closers.push(async () => {
      // QUIT would wait forever for a connection that never came.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
    await awaitRedis(redis, redisUrl, (error) => log.debug({ err: error }, 'redis connection error'));
    await checkEvictionPolicy(redis, log);
    const lostAfterMs = REDIS_LOST_AFTER_MS[embedded ? 'embedded' : 'external'];
    const shownUrl = maskUrlCredentials(redisUrl);
    const watchdog = watchRedis(redis, lostAfterMs, (downForMs) => {
      const error = new KycError(
        'KYC_ERR_REDIS_LOST',
        `${shownUrl} has not answered for ${Math.round(downForMs / 1000)} s`,
      );
      log.error({ err: error }, 'redis lost');
      if (options.onRedisLost) options.onRedisLost(error);
      else {
        // The last line of the process, like any error that ends a command: plain, whatever the terminal.
        process.stderr.write(`${error.toString()}; exiting\n`);
        process.exit(EXIT.REDIS);
      }
    });
    closers.push(() => {
      watchdog.stop();
      return Promise.resolve();
    });

    const answersRedis = connectAnswersRedis(config, redis, log);
    if (answersRedis !== redis)
      closers.push(async () => {
        if (answersRedis.status === 'ready') await answersRedis.quit().catch(() => answersRedis.disconnect());
        else answersRedis.disconnect();
      });
    const lookup = await startLookupRuntime(config, options);
    closers.push(() => lookup.close());
    return {
      redis,
      redisUrl,
      ...(answersRedis === redis ? {} : { answersRedis }),
      registry: lookup.registry,
      apiUrl: lookup.apiUrl,
      usingEmulator: lookup.usingEmulator,
      service: lookup.service,
      embeddedRedis: embedded !== undefined,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The Lookup Service side of a runtime: the client, and the built-in emulator behind it when it was started. */
export interface LookupRuntime {
  readonly registry: RegistryClient;
  readonly apiUrl: string;
  readonly usingEmulator: boolean;
  readonly service: ServiceIdentity;
  close(): Promise<void>;
}

/**
 * The Lookup Service without Redis (KYC_API_URL, or the built-in emulator, announced loudly): for commands
 * that only read from the service, such as `dictionaries`, which must not start a redis-server to list a
 * dictionary. `startRuntime` builds on it.
 */
export async function startLookupRuntime(
  config: Config,
  options: Pick<RuntimeOptions, 'announce' | 'implicitEmulator' | 'emulatorRate'>,
): Promise<LookupRuntime> {
  let apiUrl: string;
  let apiKey: string;
  let emulator: EmulatorHandle | undefined;
  if (config.apiUrl) {
    apiUrl = config.apiUrl;
    // loadConfig refuses KYC_API_URL without a key.
    apiKey = config.apiKey ?? '';
  } else {
    requireUpstream(config, options.implicitEmulator);
    apiKey = config.apiKey ?? DEMO_API_KEY;
    emulator = await startEmulator({
      keys: [apiKey],
      ...(options.emulatorRate ? { rate: options.emulatorRate } : {}),
    });
    apiUrl = emulator.url;
    options.announce(
      [
        '',
        '!!! Screening against the BUILT-IN EMULATOR of the Lookup Service',
        `!!! at ${apiUrl}. Its registers are SYNTHETIC; verdicts are NOT real screening results,`,
        '!!! and every output of the run is marked EMULATOR.',
        '!!! Set KYC_API_URL and KYC_API_KEY to screen against the real service.',
        '',
      ].join('\n'),
    );
  }
  const started = emulator;
  try {
    const registry = new RegistryClient({
      baseUrl: apiUrl,
      apiKey,
      timeoutMs: config.requestTimeoutMs,
      concurrency: config.httpConcurrency,
    });
    return {
      registry,
      apiUrl,
      usingEmulator: started !== undefined,
      service: serviceIdentity({ apiUrl, usingEmulator: started !== undefined, apiKey }),
      async close() {
        await registry.close();
        await started?.close();
      },
    };
  } catch (error) {
    await started?.close();
    throw error;
  }
}
