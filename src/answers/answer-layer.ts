import type { z } from 'zod';
import type { AnswerStore, EntryDamage } from './answer-store.js';
import { maxAgeOf, type AnswerPolicy } from '../settings/answer-policy.js';

/** The answer store and the run's policy, as the lookups of a check job use them. */
export interface AnswersInForce {
  readonly store: AnswerStore;
  readonly policy: AnswerPolicy;
  /**
   * A kept entry of this operation was damaged and not used (AnswerStore.reuse): told the operation and
   * why, never the request, which names a client.
   */
  readonly damaged?: (operation: string, damage: EntryDamage) => void;
}

/**
 * A value and whether the run's request cache already held it: the shape of upstream/request-cache.ts's
 * Cached, restated because answers/ sits below upstream/ (the compiler holds the two equal where
 * upstream/paced-lookup.ts passes one for the other).
 */
interface Cached<T> {
  readonly value: T;
  readonly cached: boolean;
}

/** The run's request cache as the lookups use it (RequestCache.getOrFetch). */
export interface AnswerSource {
  getOrFetch<T>(
    operation: string,
    params: Readonly<Record<string, string>>,
    fetch: () => Promise<T>,
    schema: z.ZodType<T>,
  ): Promise<Cached<T>>;
}

/** The kept answer with `t`, when it was fetched (ms since the epoch), for the evidence. */
function withFetchedAt<T>(answer: T, fetchedAt: number): T {
  return typeof answer === 'object' && answer !== null ? { ...answer, t: fetchedAt } : answer;
}

/**
 * The store as a layer in front of a paced call: a kept answer younger than the check's max age is used
 * (marked with the time it was fetched), else the call is made and, when it succeeds, its answer kept for
 * the max age. A call that throws keeps nothing. Without a policy for the check this is the call alone.
 */
export async function throughAnswerStore<T>(
  answers: AnswersInForce | undefined,
  operation: string,
  params: Readonly<Record<string, string>>,
  schema: z.ZodType<T>,
  call: () => Promise<T>,
): Promise<T> {
  const maxAgeMs = maxAgeOf(answers?.policy, operation);
  if (!answers || maxAgeMs <= 0) return call();
  const kept = await answers.store.reuse(operation, params, maxAgeMs, schema, Date.now(), (damage) =>
    answers.damaged?.(operation, damage),
  );
  if (kept) return withFetchedAt(kept.answer, kept.fetchedAt);
  const answer = await call();
  await answers.store.keep(operation, params, answer, maxAgeMs);
  return answer;
}

/**
 * The run's cache with the store behind it: the run's own repeats are served as before, and what the run
 * has not asked yet comes from the store when it is young enough, else from the call.
 */
export function answerStoreLayer(cache: AnswerSource, answers: AnswersInForce | undefined): AnswerSource {
  if (!answers) return cache;
  return {
    getOrFetch: (operation, params, fetch, schema) =>
      cache.getOrFetch(
        operation,
        params,
        () => throughAnswerStore(answers, operation, params, schema, fetch),
        schema,
      ),
  };
}
