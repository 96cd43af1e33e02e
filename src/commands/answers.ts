import type { Command } from 'commander';
import { environment } from '../settings/environment.js';
import { purgeAnswers } from '../answers/answer-store.js';
import { loadConfig } from '../config.js';
import { openRedis } from '../infra/redis-session.js';

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
      'embedded Redis data when REDIS_URL is unset (default: KYC_STATE_DIR or .state)',
    )
    .action(async (options: { stateDir?: string }) => {
      const config = loadConfig(environment(), options.stateDir ? { stateDir: options.stateDir } : {});
      const session = await openRedis(config);
      try {
        const purged = await purgeAnswers(session.redis, config.prefix);
        process.stdout.write(`Answers purged: ${purged}.\n`);
      } finally {
        await session.close();
      }
    });
}
