import type { Redis } from 'ioredis';
import { loadApiTokens } from '../../api/tokens.js';
import { readSecret } from '../../config.js';
import { databaseUrlOf } from '../../desk/db/open.js';
import { decidedEvent, enqueueDeskEvent } from '../../desk/desk-webhooks.js';
import { Desk } from '../../desk/desk.js';
import { DESK_PAGES_IDLE_MS } from '../../desk/db/embedded.js';
import { isKycError } from '../../errors.js';
import { trustedProxyOf } from '../../settings/trusted-proxy.js';
import type { DashboardDesk } from './desk-routes.js';

export interface OpenedDashboardDesk {
  readonly desk: DashboardDesk;
  /** One line for the operator: where the desk is, or why there is none. */
  readonly line: string;
  close(): Promise<void>;
}

/**
 * The desk of `kyc-screen dashboard`: the API's tokens (KYC_API_TOKENS, KYC_API_TOKENS_FILE) sign people
 * in, the desk's database (DATABASE_URL, else the state directory's embedded one) holds the alerts. Without
 * tokens, or with the embedded database open in another process (`serve`), /desk says why instead.
 */
export async function openDashboardDesk(options: {
  readonly env: NodeJS.ProcessEnv;
  readonly stateDir: string;
  readonly redis: Redis;
  readonly prefix: string;
}): Promise<OpenedDashboardDesk> {
  const { env } = options;
  const none = (why: string): OpenedDashboardDesk => ({
    desk: { unavailable: why },
    line: `review desk: none (${why})`,
    close: () => Promise.resolve(),
  });
  if (readSecret(env, 'KYC_API_TOKENS') === undefined)
    return none('KYC_API_TOKENS (or KYC_API_TOKENS_FILE) is not set: nobody can sign in');
  const tokens = loadApiTokens(env);
  let desk: Desk;
  try {
    desk = await Desk.open({
      databaseUrl: databaseUrlOf(env),
      stateDir: options.stateDir,
      idleCloseMs: DESK_PAGES_IDLE_MS,
    });
  } catch (error) {
    if (isKycError(error) && error.code === 'KYC_ERR_DB_BUSY')
      return none('the embedded database is open in another process; set DATABASE_URL to share a server');
    throw error;
  }
  const notify = (env.KYC_API_WEBHOOK_URL ?? '') !== '';
  return {
    desk: {
      desk,
      tokens,
      trustedProxy: trustedProxyOf(env),
      onDecided: async (decision, status) => {
        if (notify) await enqueueDeskEvent(options.redis, options.prefix, decidedEvent(decision, status));
      },
    },
    line: `review desk at /desk (${desk.db.kind === 'postgres' ? 'PostgreSQL' : 'embedded database'})`,
    close: () => desk.close(),
  };
}
