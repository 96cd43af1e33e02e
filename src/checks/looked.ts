import type { RequestRecord, UnrecognisedAnswer } from '../domain/check.js';

/** An answer of the Lookup Service with the evidence of the request that produced it. */
export interface Looked<T> {
  readonly data: T;
  readonly record: RequestRecord;
  /** What the client read tolerantly in this answer (a null where the contract has a string, …). */
  readonly unrecognised?: readonly UnrecognisedAnswer[];
}
