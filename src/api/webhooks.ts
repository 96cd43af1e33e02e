import { readSecret } from '../config.js';
import { KycError } from '../errors.js';
import type { RunWebhookTarget } from '../notify/run-event.js';
import { WEBHOOK_BACKOFF_MS } from '../notify/webhook-queue.js';
import {
  checkDestination,
  NO_ALLOWED_DESTINATIONS,
  parseDestinationAllowList,
  type DestinationAllowList,
} from '../notify/webhook-destination.js';

/** The webhooks of API runs as the environment configures them (docs/api.md, "Webhooks"). */
export interface ApiWebhookConfig {
  /** `KYC_API_WEBHOOK_URL`: told of every API run's end. */
  readonly url: string | undefined;
  /** `KYC_API_WEBHOOK_SECRET` or `_FILE`: signs every run webhook, per-run callbacks included. */
  readonly secret: string | undefined;
  /** `KYC_API_WEBHOOK_BACKOFF_MS`: first pause before a retry. */
  readonly backoffMs: number;
  /**
   * `KYC_API_WEBHOOK_ALLOW`: receivers a `callback_url` may name although they are not public (on-prem
   * receivers); any other loopback, private or link-local one is refused.
   */
  readonly allow?: DestinationAllowList;
}

const HTTP_URL = /^https?:\/\/[^\s]+$/iu;

function isHttpUrl(text: string): boolean {
  if (!HTTP_URL.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Refused at start, never echoing the URL (its path or userinfo may carry the receiver's token). */
export function loadApiWebhookConfig(env: NodeJS.ProcessEnv): ApiWebhookConfig {
  const url = env.KYC_API_WEBHOOK_URL === '' ? undefined : env.KYC_API_WEBHOOK_URL;
  const secret = readSecret(env, 'KYC_API_WEBHOOK_SECRET');
  const backoffText = env.KYC_API_WEBHOOK_BACKOFF_MS;
  const backoffMs =
    backoffText === undefined || backoffText === '' ? WEBHOOK_BACKOFF_MS : Number(backoffText);
  if (!Number.isInteger(backoffMs) || backoffMs < 1)
    throw new KycError('KYC_ERR_CONFIG_API_WEBHOOK', 'KYC_API_WEBHOOK_BACKOFF_MS is not a positive integer');
  if (url !== undefined && !isHttpUrl(url))
    throw new KycError('KYC_ERR_CONFIG_API_WEBHOOK', 'KYC_API_WEBHOOK_URL is not an http(s) URL');
  if (url !== undefined && secret === undefined)
    throw new KycError('KYC_ERR_CONFIG_API_WEBHOOK', 'KYC_API_WEBHOOK_SECRET is not set');
  return { url, secret, backoffMs, allow: parseDestinationAllowList(env.KYC_API_WEBHOOK_ALLOW) };
}

/**
 * The receivers of a new run: its `callback_url` (checked here: an absolute http(s) URL, and a secret to
 * sign with) and the server's own URL. The callback is refused with 400, its text not echoed.
 */
export function runWebhookTarget(
  config: ApiWebhookConfig,
  callbackUrl: string | undefined,
): RunWebhookTarget {
  const server = config.url !== undefined;
  if (callbackUrl === undefined) return { server, backoffMs: config.backoffMs };
  if (callbackUrl.length > 2048 || !isHttpUrl(callbackUrl))
    throw new KycError('KYC_ERR_API_CALLBACK_URL', 'callback_url is not an absolute http(s) URL');
  if (config.secret === undefined)
    throw new KycError(
      'KYC_ERR_API_CALLBACK_URL',
      'this server signs no webhooks (KYC_API_WEBHOOK_SECRET is not set)',
    );
  return { callbackUrl, server, backoffMs: config.backoffMs };
}

/**
 * The run's callback, refused (KYC_ERR_API_CALLBACK_URL) when it names or resolves to an address that is not
 * public and not allowed: checked when the run is submitted, and again at each delivery.
 */
export async function checkCallbackDestination(
  config: ApiWebhookConfig | undefined,
  target: RunWebhookTarget,
): Promise<void> {
  if (target.callbackUrl === undefined) return;
  await checkDestination(new URL(target.callbackUrl), config?.allow ?? NO_ALLOWED_DESTINATIONS);
}
