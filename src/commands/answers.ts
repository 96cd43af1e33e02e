import type { Command } from 'commander';
import { environment } from '../settings/environment.js';
import { purgeAnswers } from '../answers/answer-store.js';
import { loadConfig } from '../config.js';
import { awaitRedis, connectRedis } from '../infra/redis-connection.js';
import { openRedis, type RedisSession } from '../infra/redis-session.js';

/** Where the answers are: KYC_ANSWERS_REDIS_URL, else the queues' Redis. */
async function answersSession(config: ReturnType<typeof loadConfig>): Promise<RedisSession> {
  const url = config.answersRedisUrl;
  if (!url) return openRedis(config);
  const redis = connectRedis(url);
  try {
    await awaitRedis(redis, url);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  return { redis, close: () => redis.quit().then(() => undefined) };
}

/** `kyc-screen answers purge`: empties the answers kept across runs (docs/operations.md, "Retention"). */
export function registerAnswersCommand(program: Command): void {
  const answers = program
    .command('answers')
    .description('the answers of the Lookup Service kept across runs (run --max-age)');
  answers
    .command('purge')
    .description('delete every kept answer: the next runs ask the service again')
    .option(
      '--state-dir <dir>',
      'embedded Redis data when neither KYC_ANSWERS_REDIS_URL nor REDIS_URL is set (default: KYC_STATE_DIR or .state)',
    )
    .action(async (options: { stateDir?: string }) => {
      const config = loadConfig(environment(), options.stateDir ? { stateDir: options.stateDir } : {});
      const session = await answersSession(config);
      try {
        const purged = await purgeAnswers(session.redis, config.prefix);
        process.stdout.write(`Answers purged: ${purged}.\n`);
      } finally {
        await session.close();
      }
    });
}
