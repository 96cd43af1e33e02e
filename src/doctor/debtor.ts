import type { Client } from '../domain/client.js';
import { completeInn } from '../identifiers/index.js';
import type { UpstreamProfile } from '../settings/upstream-profile.js';
import { debtorResultSchema, debtorResultTolerantSchema } from '../upstream/client/schemas.js';
import { readsAsNotFound } from '../verdict/debtor-message.js';
import { decideDebtor } from '../verdict/debtor.js';
import { describeBody } from './body-shape.js';
import type { Finding } from './findings.js';
import type { Prober } from './prober.js';

/** A checksum-valid person's INN in tax region 00, which does not exist: no one can be recorded under it. */
export const UNRECORDED_INN = completeInn('0012345678');

const PROBE_CLIENT: Client = {
  row: 1,
  entityType: 'person',
  entityTypeSource: 'default',
  inn: UNRECORDED_INN,
  warnings: [],
};

export interface DebtorReading {
  /** The answer's `message` when it has one. */
  readonly message: string | undefined;
  /** How the pipeline reads the answer: by its built-in reading, by the profile's phrasings, or not at all. */
  readonly recognised: 'reading' | 'profile' | 'no';
  /** Why not, in words without values. */
  readonly why?: string;
}

/** How the pipeline would read a debtor answer for an INN without a record. */
export function readDebtorAnswer(status: number, body: string, profile: UpstreamProfile): DebtorReading {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { message: undefined, recognised: 'no', why: 'the body is not JSON' };
  }
  const raw =
    typeof json === 'object' && json !== null ? (json as Record<string, unknown>).message : undefined;
  const message = typeof raw === 'string' ? raw : undefined;
  if (status !== 200) return { message, recognised: 'no', why: `HTTP ${status}` };
  // Read as the pipeline reads it: the contract's types, else the tolerant reading (nulls as empty).
  const strict = debtorResultSchema.safeParse(json);
  const parsed = strict.success ? strict : debtorResultTolerantSchema.safeParse(json);
  if (parsed.success) {
    const decided = decideDebtor(PROBE_CLIENT, parsed.data, [], profile.debtorNotFound);
    if (decided.status === 'CLEAR' && decided.reasons.includes('DEBTOR_NOT_FOUND')) {
      const builtIn = message !== undefined && readsAsNotFound(message);
      return { message, recognised: builtIn || message === undefined ? 'reading' : 'profile' };
    }
  }
  return {
    message,
    recognised: 'no',
    why: parsed.success
      ? 'the message is not a known phrasing'
      : 'the record does not have the published field types',
  };
}

export async function probeDebtor(
  prober: Prober,
  profile: UpstreamProfile,
): Promise<{ finding: Finding; message: string | undefined }> {
  const response = await prober.answer('/reg2/client/debt', { inn: UNRECORDED_INN });
  const reading = readDebtorAnswer(response.status, response.body, profile);
  const shape = describeBody(response.body, response.headers['content-type']);
  const said = reading.message === undefined ? 'no message' : `message «${reading.message}»`;
  const how =
    reading.recognised === 'reading'
      ? 'read as not found'
      : reading.recognised === 'profile'
        ? 'read as not found by the profile’s debtorNotFound'
        : `NOT read as not found (${reading.why ?? 'unknown'}): such clients would be INCOMPLETE`;
  return {
    message: reading.message,
    finding: {
      point: 'debtor check: INN without a record',
      found: `HTTP ${response.status}, ${said}, ${shape}; ${how}`,
      assumed: 'an answer the pipeline reads as not found',
      holds: reading.recognised !== 'no',
    },
  };
}
