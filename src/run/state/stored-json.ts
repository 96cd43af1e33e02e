import type { z } from 'zod';
import { KycError } from '../../errors.js';
import { describeIssues } from '../../upstream/client/schema-issues.js';

/**
 * A value read back from Redis, checked against the schema it was written by. A damaged value, or one a
 * different version wrote, stops whoever reads it with KYC_ERR_REDIS_CORRUPT naming the value (`what`)
 * and the fields that failed, never their content: results and cached answers hold client data.
 */
export function parseStoredValue<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new KycError('KYC_ERR_REDIS_CORRUPT', `${what}: ${describeIssues(parsed.error.issues, value)}`);
}

/** The same for a JSON text; a text that is not JSON at all says so (the parser's message quotes it). */
export function parseStoredJson<T>(schema: z.ZodType<T>, text: string, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KycError('KYC_ERR_REDIS_CORRUPT', `${what}: not JSON`);
  }
  return parseStoredValue(schema, value, what);
}
