import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { KycError } from '../errors.js';
import { FOREIGN_AGENT_REGISTER_START, isIsoDay } from '../domain/day-range.js';

/**
 * The upstream profile: what one deployment's Lookup Service does where the service's contract leaves the
 * behaviour open (docs/lookup-service.md lists every such point). The defaults are the safe reading, so a
 * run against an unknown service never depends on a guess; `kyc-screen doctor` measures a service and can
 * write a profile; operators may edit one by hand (a JSON file, `KYC_UPSTREAM_PROFILE` or
 * `--upstream-profile`).
 */
export const upstreamProfileSchema = z
  .object({
    /**
     * Debtor check: texts of `message` (beside an empty record) that mean "no record for this INN", in
     * addition to the built-in Russian and English phrasings. Compared case- and punctuation-insensitively.
     */
    debtorNotFound: z.array(z.string().trim().min(1)).default([]),
    /** Records one search answers at most: an answer this long may have been cut off. */
    resultCap: z.number().int().positive().default(100),
    /**
     * Calls the gateway admits at once above its steady rate (the token bucket's size). Undefined: assume
     * a small burst (a tenth of the rate), the common setting of API gateways.
     */
    burst: z.number().positive().optional(),
    /**
     * Whether name search already finds a Cyrillic query's Latin-script records (and the reverse). False
     * (the safe default): every name search is also sent in the Latin spellings lists use.
     */
    crossScriptSearch: z.boolean().default(false),
    /**
     * Whether name search ignores letter case (`Tsvetkova` finds `TSVETKOVA`). False (the safe default):
     * Latin spellings, and an organization's name, are also sent in capitals.
     */
    caseInsensitiveSearch: z.boolean().default(false),
    /** The longest `Retry-After` honoured, ms; a longer one is cut to this and logged. */
    maxRetryAfterMs: z
      .number()
      .int()
      .positive()
      .default(5 * 60_000),
    /**
     * The run-scoped mirror of the foreign-agent register (docs/foreign-agent-mirror.md): `since`, the
     * first `added` day enumerated; `acceptUndatedGap`, whether an `agent_type` search that reaches the
     * result cap (records of that type without a date could be missed) still lets the mirror be used.
     */
    foreignAgentMirror: z
      .object({
        since: z
          .string()
          .refine(isIsoDay, { error: 'a day written YYYY-MM-DD' })
          .default(FOREIGN_AGENT_REGISTER_START),
        acceptUndatedGap: z.boolean().default(false),
      })
      .strict()
      .default({ since: FOREIGN_AGENT_REGISTER_START, acceptUndatedGap: false }),
  })
  .strict();

export type UpstreamProfile = z.infer<typeof upstreamProfileSchema>;

export const DEFAULT_PROFILE: UpstreamProfile = upstreamProfileSchema.parse({});

/** A profile from its JSON text; unknown fields are refused so that a typo never silently does nothing. */
export function parseProfile(text: string, source = 'upstream profile'): UpstreamProfile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KycError('KYC_ERR_CONFIG_INVALID', `${source} is not valid JSON`);
  }
  const parsed = upstreamProfileSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
    throw new KycError('KYC_ERR_CONFIG_INVALID', `${source}: ${where}${first?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** The profile at `path`, or the defaults when no path is given. */
export function loadProfile(path: string | undefined): UpstreamProfile {
  if (path === undefined || path === '') return DEFAULT_PROFILE;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new KycError('KYC_ERR_CONFIG_INVALID', `the upstream profile ${path} cannot be read`);
  }
  return parseProfile(text, `the upstream profile ${path}`);
}

/** The profile with more debtor "not found" phrasings (`KYC_DEBTOR_NOT_FOUND`), each once. */
export function withDebtorNotFound(profile: UpstreamProfile, phrases: readonly string[]): UpstreamProfile {
  const extra = phrases.map((phrase) => phrase.trim()).filter((phrase) => phrase !== '');
  if (extra.length === 0) return profile;
  return { ...profile, debtorNotFound: [...new Set([...profile.debtorNotFound, ...extra])] };
}
