import type { Finding } from './findings.js';

/** Fewer records than this in the longest answers tell nothing about a page size. */
const MIN_PAGE = 5;

export interface PageSizeReading {
  /** The page size, when two different searches stopped at the same, longest length. */
  readonly size: number | undefined;
  /**
   * The result cap to write in the profile: the page size; else, when the longest answer (of at least
   * MIN_PAGE records) is below the assumed cap, that length, since the service may cut answers there
   * (conservative: answers that long are narrowed); else undefined (the assumed cap stays).
   */
  readonly cap: number | undefined;
  readonly finding: Finding;
}

/**
 * A service that cuts answers without saying so shows it in their lengths: different searches that all
 * come back with exactly the same, longest count. Any answers count (the broad searches, the name probes,
 * the date searches); a longer answer than the assumed cap, or a repeated shorter one, contradicts it.
 */
export function readPageSize(
  lengths: readonly { readonly search: string; readonly length: number }[],
  assumedCap: number,
): PageSizeReading {
  const longest = Math.max(0, ...lengths.map((l) => l.length));
  const searches = new Set(lengths.filter((l) => l.length === longest).map((l) => l.search));
  const size = longest >= MIN_PAGE && searches.size >= 2 ? longest : undefined;
  const seen = `${lengths.length} list answers, the longest ${longest} record${longest === 1 ? '' : 's'}`;
  const assumed = `${assumedCap} records`;
  if (size !== undefined)
    return {
      size,
      cap: size,
      finding: {
        point: 'result cap',
        found: `${size} records (${searches.size} different searches stopped at exactly ${size}; ${seen})`,
        assumed,
        holds: size === assumedCap,
      },
    };
  if (longest > assumedCap)
    return {
      size,
      cap: undefined,
      finding: { point: 'result cap', found: `answers longer than assumed (${seen})`, assumed, holds: false },
    };
  const shorter = longest >= MIN_PAGE && longest < assumedCap;
  return {
    size,
    cap: shorter ? longest : undefined,
    finding: {
      point: 'result cap',
      found:
        `not measured: no two searches stopped at the same length (${seen}); ` +
        (shorter
          ? `written as ${longest}, the longest answer, since the service may cut answers there`
          : 'the run measures it again from its own broad search'),
      assumed,
      holds: undefined,
      unmeasured: true,
    },
  };
}
