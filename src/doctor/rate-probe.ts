import { KycError } from '../errors.js';
import { kindOfStatus } from '../upstream/client/errors.js';
import type { UpstreamProfile } from '../settings/upstream-profile.js';
import { parseRetryAfter } from '../upstream/client/retry-after.js';
import { CHEAP_PATH } from './auth-probe.js';
import { describeBody, retryAfterForm } from './body-shape.js';
import type { Finding } from './findings.js';
import type { Prober } from './prober.js';

export interface RateLimitFinding {
  readonly findings: Finding[];
  /** Calls admitted at once before the first 429, when one came. */
  readonly burst: number | undefined;
}

/**
 * The gateway's burst: `calls` requests sent at once, first of all the doctor's calls so that the bucket
 * is full; those admitted are the bucket's size, plus what it refilled while they arrived (an upper
 * estimate, exact when the steady rate is slow against the probe's duration). Then the 429's Retry-After
 * (its form and length) is waited out, one more call shows whether it was honest, and the doctor's
 * remaining calls are spaced by it.
 */
export async function probeRateLimit(
  prober: Prober,
  calls: number,
  assumed: UpstreamProfile,
): Promise<RateLimitFinding> {
  const outcomes = await Promise.all(Array.from({ length: calls }, () => prober.get(CHEAP_PATH)));
  const answers = outcomes.flatMap((o) => (o.ok ? [o.response] : []));
  const refusal = answers.find((r) => kindOfStatus(r.status) === 'auth');
  if (refusal !== undefined && answers.every((r) => kindOfStatus(r.status) === 'auth')) {
    throw new KycError(
      'KYC_ERR_UPSTREAM_AUTH',
      `the service answered ${refusal.status} to the configured key`,
    );
  }
  const unreachable = outcomes.find((o) => !o.ok);
  if (answers.length === 0 && unreachable !== undefined && !unreachable.ok) {
    throw new KycError(
      unreachable.kind === 'timeout' ? 'KYC_ERR_UPSTREAM_TIMEOUT' : 'KYC_ERR_UPSTREAM_NETWORK',
      `GET ${CHEAP_PATH}: ${unreachable.reason}`,
    );
  }
  const admitted = answers.filter((r) => r.status !== 429).length;
  const refused = answers.find((r) => r.status === 429);
  const assumedBurst =
    assumed.burst === undefined ? 'unset (a tenth of --rate)' : `${assumed.burst} calls at once`;
  if (refused === undefined) {
    return {
      burst: undefined,
      findings: [
        {
          point: 'rate limit: burst',
          found: `no 429 among ${calls} calls sent at once (${admitted} answered)`,
          assumed: assumedBurst,
          holds: assumed.burst === undefined || assumed.burst <= admitted ? undefined : false,
        },
      ],
    };
  }
  const findings: Finding[] = [
    {
      point: 'rate limit: burst',
      found: `${admitted} of ${calls} calls sent at once admitted, then 429 (at most the burst plus the refill meanwhile)`,
      assumed: assumedBurst,
      holds: assumed.burst === undefined ? undefined : admitted >= assumed.burst,
    },
  ];
  const header = refused.headers['retry-after'];
  const form = retryAfterForm(header);
  const askedMs = parseRetryAfter(header);
  findings.push({
    point: 'rate limit: 429 answer',
    found: `Retry-After ${form}${askedMs === undefined ? '' : ` (${(askedMs / 1000).toFixed(1)} s)`}, ${describeBody(refused.body, refused.headers['content-type'])}`,
    assumed: `Retry-After in seconds or an HTTP-date, at most ${assumed.maxRetryAfterMs / 1000} s`,
    holds: askedMs !== undefined && askedMs <= assumed.maxRetryAfterMs,
  });
  if (askedMs !== undefined && askedMs > 0) {
    prober.note(`spacing the remaining calls ${(askedMs / 1000).toFixed(1)} s apart`);
    prober.spaceCalls(askedMs);
  }
  if (prober.remaining > 0) {
    await prober.waitOut(refused);
    const after = await prober.get(CHEAP_PATH);
    const status = after.ok ? `HTTP ${after.response.status}` : `no answer (${after.reason})`;
    findings.push({
      point: 'rate limit: after the wait',
      found: status,
      assumed: 'admitted once Retry-After has passed',
      holds: after.ok ? after.response.status !== 429 : undefined,
    });
  }
  return { findings, burst: admitted };
}
