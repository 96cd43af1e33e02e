import { createHash } from 'node:crypto';

/**
 * Which Lookup Service a run screens against: its address and which API key asks it. Every piece of state
 * filled from the service's answers (a run's queues and request cache, the answer store, the kept mirror of
 * the foreign-agent register) is keyed by it, so that two deployments sharing one Redis (a sandbox and
 * production, or two keys) never serve one another's runs or answers (docs/operations.md, "Service identity").
 *
 * Neither field lets the key be recovered: the key enters only through a domain-separated SHA-256 cut to
 * 32 bits (the fingerprint) or 48 bits mixed with the URL (the id). They tell two keys apart; they cannot
 * be searched back to a key of the service's length.
 */
export interface ServiceIdentity {
  /** 12 hex digits: part of queue names and Redis keys. */
  readonly id: string;
  /** The service's URL without credentials, query or fragment, or `emulator` for the built-in one. */
  readonly url: string;
  /** 8 hex digits of a hash of the API key, to tell two keys apart in `status` and the manifest. */
  readonly keyFingerprint: string;
}

/** The built-in emulator: its port changes with every start, its synthetic registers do not. */
export const EMULATOR_SERVICE_URL = 'emulator';

/** The URL as a service's name: scheme, host, port and path; no user, password, query or trailing `/`. */
export function normaliseServiceUrl(apiUrl: string): string {
  try {
    const url = new URL(apiUrl);
    const path = url.pathname.replace(/\/+$/u, '');
    return `${url.protocol}//${url.host}${path}`;
  } catch {
    // loadConfig refuses a URL it cannot parse; this keeps the function total.
    return apiUrl.replace(/\/\/[^/?#\s]*@/gu, '//').replace(/[?#].*$/u, '');
  }
}

function sha256Hex(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\n');
  return hash.digest('hex');
}

/** The identity of a service: the URL (or the emulator) and the key that asks it; never the key itself. */
export function serviceIdentity(target: {
  readonly apiUrl: string;
  readonly usingEmulator: boolean;
  readonly apiKey: string;
}): ServiceIdentity {
  const url = target.usingEmulator ? EMULATOR_SERVICE_URL : normaliseServiceUrl(target.apiUrl);
  const keyHash = sha256Hex('kyc-screen service key v1', target.apiKey);
  return {
    id: sha256Hex('kyc-screen service v1', url, keyHash).slice(0, 12),
    url,
    keyFingerprint: sha256Hex('kyc-screen key fingerprint v1', target.apiKey).slice(0, 8),
  };
}

/** How the service is shown to a person: `<url> (key …<fingerprint>)`. */
export function describeService(service: ServiceIdentity): string {
  return `${service.url} (key fingerprint ${service.keyFingerprint}, service ${service.id})`;
}

/** The Lookup Service a process screens against, as runs record it. */
export interface UpstreamTarget {
  readonly usingEmulator: boolean;
  readonly apiUrl: string;
  readonly service: ServiceIdentity;
}
