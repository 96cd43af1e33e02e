import { randomUUID } from 'node:crypto';
import { KycError } from '../errors.js';
import { HttpTransport, type HttpOutcome, type HttpResponse } from '../upstream/client/http.js';
import { parseRetryAfter } from '../upstream/client/retry-after.js';

/** The longest pause the doctor takes for a `Retry-After`, whatever the service asks. */
export const MAX_DOCTOR_WAIT_MS = 30_000;

export interface ProberOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Calls the doctor may make in all, the deliberately refused one included. */
  readonly budget: number;
  readonly timeoutMs?: number;
  /** Where waits are announced (a pause of several seconds must not look like a hang). */
  readonly note?: (line: string) => void;
  readonly sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `?a=1&b=2` with RFC 3986 percent-encoding, or ''. */
export function queryString(query: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/**
 * Every call of the doctor goes through here: it counts calls against the budget announced before any was
 * made, keeps the latency of each answer, and owns the two transports (the operator's key, and a random
 * key the service cannot know, used once to see how a refusal looks).
 */
export class Prober {
  readonly #http: HttpTransport;
  readonly #stranger: HttpTransport;
  readonly #budget: number;
  readonly #note: (line: string) => void;
  readonly #sleep: (ms: number) => Promise<void>;
  #calls = 0;
  #spacingMs = 0;
  #lastSentAt = 0;
  readonly latenciesMs: number[] = [];
  /** The length of every list answer, by the search that got it: the page size shows in repeated lengths. */
  readonly listLengths: { readonly search: string; readonly length: number }[] = [];

  constructor(options: ProberOptions) {
    const common = { baseUrl: options.baseUrl, timeoutMs: options.timeoutMs ?? 10_000, concurrency: 32 };
    this.#http = new HttpTransport({ ...common, apiKey: options.apiKey });
    this.#stranger = new HttpTransport({ ...common, apiKey: randomUUID() });
    this.#budget = options.budget;
    this.#note = options.note ?? (() => undefined);
    this.#sleep = options.sleep ?? defaultSleep;
  }

  /** A progress line (waits, pacing) for the operator. */
  note(line: string): void {
    this.#note(line);
  }

  get calls(): number {
    return this.#calls;
  }

  get remaining(): number {
    return this.#budget - this.#calls;
  }

  #take(): void {
    if (this.#calls >= this.#budget) {
      throw new KycError('KYC_ERR_DOCTOR_BUDGET', `all ${this.#budget} calls of --budget are spent`);
    }
    this.#calls += 1;
  }

  /**
   * From now on, calls leave at least `ms` apart: after the burst probe has emptied the bucket, the
   * remaining probes go at the pace the service's Retry-After showed instead of meeting 429 after 429.
   */
  spaceCalls(ms: number): void {
    this.#spacingMs = Math.min(Math.max(ms, 0), MAX_DOCTOR_WAIT_MS);
  }

  async #send(transport: HttpTransport, path: string, query: Readonly<Record<string, string>>) {
    this.#take();
    if (this.#spacingMs > 0) {
      const wait = this.#lastSentAt + this.#spacingMs - performance.now();
      if (wait > 0) await this.#sleep(wait);
      this.#lastSentAt = performance.now();
    }
    const outcome = await transport.send({ method: 'GET', path: path + queryString(query) });
    if (outcome.ok) this.latenciesMs.push(outcome.response.durationMs);
    return outcome;
  }

  /** One call with the operator's key; network failures come back as outcomes, not exceptions. */
  get(path: string, query: Readonly<Record<string, string>> = {}): Promise<HttpOutcome> {
    return this.#send(this.#http, path, query);
  }

  /** One call with a key the service has never issued. */
  getAsStranger(path: string): Promise<HttpOutcome> {
    return this.#send(this.#stranger, path, {});
  }

  /**
   * One call that should be admitted: a 429 (left over from the rate-limit probe) is waited out once, as
   * its Retry-After says (at most MAX_DOCTOR_WAIT_MS), and the call repeated.
   */
  async answer(path: string, query: Readonly<Record<string, string>> = {}): Promise<HttpResponse> {
    let outcome = await this.get(path, query);
    if (outcome.ok && outcome.response.status === 429 && this.remaining > 0) {
      await this.waitOut(outcome.response);
      outcome = await this.get(path, query);
    }
    if (!outcome.ok) {
      throw new KycError(
        outcome.kind === 'timeout' ? 'KYC_ERR_UPSTREAM_TIMEOUT' : 'KYC_ERR_UPSTREAM_NETWORK',
        `GET ${path}: ${outcome.reason}`,
      );
    }
    this.#noteLength(path, query, outcome.response);
    return outcome.response;
  }

  #noteLength(path: string, query: Readonly<Record<string, string>>, response: HttpResponse): void {
    if (response.status !== 200 || !path.includes('/search')) return;
    try {
      const json: unknown = JSON.parse(response.body);
      if (Array.isArray(json))
        this.listLengths.push({
          search: `${path}?${new URLSearchParams(query).toString()}`,
          length: json.length,
        });
    } catch {
      // Not a list: no length to learn from.
    }
  }

  /** Waits as a 429's Retry-After says (1 s when it says nothing readable), at most MAX_DOCTOR_WAIT_MS. */
  async waitOut(response: HttpResponse): Promise<number> {
    const asked = parseRetryAfter(response.headers['retry-after']) ?? 1_000;
    const ms = Math.min(Math.max(asked, 0), MAX_DOCTOR_WAIT_MS);
    this.#note(`waiting ${(ms / 1000).toFixed(1)} s as the service's Retry-After asks`);
    await this.#sleep(ms);
    return ms;
  }

  async close(): Promise<void> {
    await Promise.all([this.#http.close(), this.#stranger.close()]);
  }
}
