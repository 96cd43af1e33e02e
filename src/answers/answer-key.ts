import { createHmac } from 'node:crypto';

/**
 * Keys of the answer store never hold a name or an INN in clear: a request (the service it went to, the
 * operation, its parameters) is named by an HMAC-SHA256 under the deployment's secret (secret.ts). Without
 * the secret a key cannot be tied to a person even by hashing every INN, which a plain hash would allow.
 * The format version is part of the hash, so that a later version never reads an entry of another shape.
 */
export const ANSWER_FORMAT = 'a1';

/** What makes one request of the Lookup Service: the same search for two clients is the same request. */
export interface AnswerRequest {
  /**
   * The service answered: its identity (URL and API key, src/settings/service-identity.ts); answers of two
   * services, or of two keys of one service, never mix.
   */
  readonly upstream: string;
  readonly operation: string;
  readonly params: Readonly<Record<string, string>>;
}

function canonical(request: AnswerRequest): string {
  const params = Object.keys(request.params)
    .sort()
    .map((k) => [k, request.params[k]]);
  return JSON.stringify([ANSWER_FORMAT, request.upstream, request.operation, params]);
}

/** The request's name in the store (43 base64url characters). */
export function requestMac(secret: Buffer, request: AnswerRequest): string {
  return createHmac('sha256', secret).update(canonical(request)).digest('base64url');
}

/** The seal of a stored value: ties it to the key it was written under, so a damaged or moved one is refused. */
export function valueSeal(secret: Buffer, mac: string, body: string): string {
  return createHmac('sha256', secret).update(mac).update('\n').update(body).digest('base64url').slice(0, 22);
}
