import type { Finding } from './findings.js';

/** Fewer records than this in the longest answers tell nothing about a page size. */
const MIN_PAGE = 5;

export interface PageSizeReading {
  /** The page size, when two different searches stopped at the same, longest length. */
  readonly size: number | undefined;
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
      finding: {
        point: 'result cap',
        found: `${size} records (${searches.size} different searches stopped at exactly ${size}; ${seen})`,
        assumed,
        holds: size === assumedCap,
      },
    };
  return {
    size,
    finding: {
      point: 'result cap',
      found:
        longest > assumedCap
          ? `answers longer than assumed (${seen})`
          : `not measured: no two searches stopped at the same length (${seen}); ` +
            'the run measures it again from its own broad search',
      assumed,
      holds: longest > assumedCap ? false : undefined,
    },
  };
}
