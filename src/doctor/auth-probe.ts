import { KycError } from '../errors.js';
import { kindOfStatus } from '../upstream/client/errors.js';
import { describeBody } from './body-shape.js';
import type { Finding } from './findings.js';
import type { Prober } from './prober.js';

/** The cheapest operation of the service: the list of dictionaries, no parameters. */
export const CHEAP_PATH = '/reg2/dictionary';

/**
 * The key is accepted (else the doctor stops: nothing else can be measured), and a key the service never
 * issued is refused with a status the client reads as an authentication failure (401 or 403).
 */
export async function probeAuth(prober: Prober): Promise<Finding[]> {
  const own = await prober.answer(CHEAP_PATH);
  if (kindOfStatus(own.status) === 'auth') {
    throw new KycError('KYC_ERR_UPSTREAM_AUTH', `the service answered ${own.status} to the configured key`);
  }
  const findings: Finding[] = [
    {
      point: 'auth: the configured key',
      found: `HTTP ${own.status}`,
      assumed: 'HTTP 200',
      holds: own.status === 200,
    },
  ];
  const stranger = await prober.getAsStranger(CHEAP_PATH);
  if (!stranger.ok) {
    findings.push({
      point: 'auth: a key never issued',
      found: `no answer (${stranger.reason})`,
      assumed: 'HTTP 401 or 403',
      holds: undefined,
    });
    return findings;
  }
  const { status, headers, body } = stranger.response;
  findings.push({
    point: 'auth: a key never issued',
    found: `HTTP ${status}, ${describeBody(body, headers['content-type'])}`,
    assumed: 'HTTP 401 or 403 (any body)',
    holds: kindOfStatus(status) === 'auth',
  });
  return findings;
}
