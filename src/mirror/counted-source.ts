import { recordHash } from '../matching/record-hash.js';
import type { MirrorSource } from './fa-strategy.js';

/**
 * A mirror source that reports how far the download of the register got: searches answered and distinct
 * records received so far, after every answer. The progress line shows them while the mirror is built, which
 * can take minutes before the first client is screened. A report that fails is not the enumeration's concern.
 */
export function countedMirrorSource(
  source: MirrorSource,
  report: (counts: { searches: number; records: number }) => Promise<void>,
): MirrorSource {
  const seen = new Set<string>();
  let searches = 0;
  let started = false;
  return {
    ...source,
    search: async (params) => {
      // The phase shows from the first search on, not from its answer.
      if (!started) {
        started = true;
        await report({ searches, records: 0 }).catch(() => undefined);
      }
      const answer = await source.search(params);
      searches++;
      for (const record of answer.data) seen.add(recordHash(record.data));
      await report({ searches, records: seen.size }).catch(() => undefined);
      return answer;
    },
  };
}
