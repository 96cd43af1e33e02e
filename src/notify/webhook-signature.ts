import { createHmac, timingSafeEqual } from 'node:crypto';
import { newHitsOf, orderedCounts, type NewHitsNotice, type NoticeAlert } from './new-hits.js';

/** The event name in the body and in `X-Kyc-Event`. */
export const NEW_HITS_EVENT = 'delta.new_hits';

/** An alert in the body: its id, its path under the API, and its desk page when the dashboard is known. */
const alertJson = (alert: NoticeAlert) => ({
  id: alert.id,
  url: `/v1/alerts/${alert.id}`,
  desk_url: alert.deskUrl ?? null,
});

/** The JSON body of the webhook (docs/notifications.md documents every field). */
export function webhookBody(notice: NewHitsNotice): string {
  return JSON.stringify({
    event: NEW_HITS_EVENT,
    run_id: notice.runId,
    schedule: notice.schedule ?? null,
    previous_run_id: notice.previousRunId ?? null,
    new_hits: newHitsOf(notice.counts),
    counts: orderedCounts(notice.counts),
    delta_file: notice.deltaFile,
    // null: the review desk has no record of the run (no desk database where it was coordinated).
    alerts: notice.alerts
      ? {
          opened: notice.alerts.opened.map(alertJson),
          reopened: notice.alerts.reopened.map(alertJson),
          seen_again: notice.alerts.seenAgain,
        }
      : null,
    timestamp: notice.at,
  });
}

function hmacHex(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * `X-Kyc-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. The timestamp is signed with
 * the body, so a receiver that rejects old ones cannot be sent a recorded delivery again later.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmacHex(secret, unixSeconds, body)}`;
}

/**
 * What a receiver does with the header (also documented for other languages): the signature must match
 * the exact body bytes, and the timestamp must be within `toleranceSeconds` of its clock.
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  options: { readonly nowSeconds: number; readonly toleranceSeconds?: number },
): boolean {
  const fields = new Map(
    header.split(',').map((part) => {
      const cut = part.indexOf('=');
      return [part.slice(0, cut).trim(), part.slice(cut + 1).trim()] as const;
    }),
  );
  const t = Number(fields.get('t'));
  const given = fields.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/u.test(given)) return false;
  if (Math.abs(options.nowSeconds - t) > (options.toleranceSeconds ?? 300)) return false;
  return timingSafeEqual(Buffer.from(hmacHex(secret, t, body), 'hex'), Buffer.from(given, 'hex'));
}
