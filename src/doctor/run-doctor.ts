import { KycError } from '../errors.js';
import { upstreamProfileSchema, type UpstreamProfile } from '../settings/upstream-profile.js';
import { probeAuth } from './auth-probe.js';
import { quantile } from './body-shape.js';
import { probeDebtor } from './debtor.js';
import type { Finding } from './findings.js';
import { probeNameSearch } from './name-search.js';
import { Prober } from './prober.js';
import { probeRateLimit } from './rate-probe.js';
import { readPageSize } from './page-size.js';
import { probeBroadSearches } from './result-cap.js';
import { probeBirthDateSearch } from './birth-date-search.js';

/**
 * Calls of every probe but the burst: auth 2, broad searches 4, debtor 1, finding a record to probe names
 * with up to 4, name search 4, sanctions by birth date 2, after-wait 1.
 */
const FIXED_CALLS = 18;
/** Spare calls for a 429 met after the burst probe (each waited out once and repeated). */
const SPARE_CALLS = 4;
/** The smallest burst probe worth making. */
const MIN_BURST_CALLS = 4;
export const MIN_BUDGET = FIXED_CALLS + SPARE_CALLS + MIN_BURST_CALLS;
export const DEFAULT_BUDGET = 40;

export interface DoctorOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly budget: number;
  readonly assumed: UpstreamProfile;
  readonly timeoutMs?: number;
  /** Progress lines (waits), for stderr. */
  readonly note?: (line: string) => void;
}

export interface DoctorReport {
  readonly findings: readonly Finding[];
  /** The assumed profile with every point the doctor measured replaced by what it found. */
  readonly measured: UpstreamProfile;
  readonly calls: number;
  readonly budget: number;
}

/** Calls sent at once by the burst probe for a budget. */
export function burstCalls(budget: number): number {
  return budget - FIXED_CALLS - SPARE_CALLS;
}

/**
 * Measures one Lookup Service against an assumed upstream profile, within `budget` calls: the burst and
 * Retry-After (first, on a full bucket), auth, latency, the result cap, the debtor check's answer for
 * an INN without a record, and how name search matches.
 */
export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  const { budget, assumed } = options;
  if (!Number.isSafeInteger(budget) || budget < MIN_BUDGET) {
    throw new KycError('KYC_ERR_DOCTOR_BUDGET', `--budget must be at least ${MIN_BUDGET}`);
  }
  const prober = new Prober({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    budget,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.note ? { note: options.note } : {}),
  });
  try {
    // The burst first, on a full bucket; it also stops the doctor when the key is refused or no answer comes.
    const rate = await probeRateLimit(prober, burstCalls(budget), assumed);
    const findings: Finding[] = [...(await probeAuth(prober)), ...rate.findings];
    const broad = await probeBroadSearches(prober);
    const debtor = await probeDebtor(prober, assumed);
    findings.push(debtor.finding);
    const search = await probeNameSearch(prober, broad, assumed);
    findings.push(...search.findings);
    // The longest answer so far is where an answer may have been cut (page-size.ts reads it below).
    const page = Math.max(5, ...prober.listLengths.map((l) => l.length));
    const byDate = await probeBirthDateSearch(prober, broad.sanctions, page);
    findings.push(...byDate.findings);
    // After every search: the name probes' and date searches' answers show a page size too.
    const cap = readPageSize(prober.listLengths, assumed.resultCap);
    findings.push(cap.finding);
    const p50 = quantile(prober.latenciesMs, 0.5);
    const p95 = quantile(prober.latenciesMs, 0.95);
    findings.push({
      point: 'latency',
      found:
        p50 === undefined || p95 === undefined
          ? 'no answer timed'
          : `p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms over ${prober.latenciesMs.length} answers`,
      assumed: 'answers within the request timeout',
      holds: undefined,
    });
    const notFound =
      debtor.message !== undefined && debtor.finding.holds !== true
        ? [...new Set([...assumed.debtorNotFound, debtor.message])]
        : assumed.debtorNotFound;
    const measured = upstreamProfileSchema.parse({
      ...assumed,
      debtorNotFound: notFound,
      ...(cap.cap === undefined ? {} : { resultCap: cap.cap }),
      ...(rate.burst === undefined || rate.burst < 1 ? {} : { burst: rate.burst }),
      ...(search.crossScript === undefined ? {} : { crossScriptSearch: search.crossScript }),
      ...(search.caseInsensitive === undefined ? {} : { caseInsensitiveSearch: search.caseInsensitive }),
    });
    return { findings, measured, calls: prober.calls, budget };
  } finally {
    await prober.close();
  }
}
