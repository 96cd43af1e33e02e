import type { ProgressFigures } from '../runs/progress.js';

// The figures themselves are the runs service's (src/runs/progress.ts); this file renders them.
export { estimateTotal, progressFigures, type ProgressFigures } from '../runs/progress.js';

export function formatDuration(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

interface Field {
  readonly text: string;
  /** Lower is worth more: fields are dropped from the highest rank down until the line fits. */
  readonly rank: number;
}

/**
 * The text after the bar, fitted to `width` columns: fields are dropped in order of value (verdicts an
 * analyst does not act on first, then 429s, calls/s, …), never cut in the middle.
 */
export function progressText(f: ProgressFigures, width: number): string {
  const approx = f.exact ? '' : '≈';
  const total = f.total === undefined ? '?' : `${approx}${f.total}`;
  const percent = f.total ? ` (${approx}${Math.floor((100 * f.written) / Math.max(1, f.total))} %)` : '';
  const fields: Field[] = [
    { text: `${f.written}/${total} rows${percent}`, rank: 0 },
    { text: `HIT ${f.verdicts.HIT}`, rank: 2 },
    { text: `INCOMPLETE ${f.verdicts.INCOMPLETE}`, rank: 3 },
    { text: `REVIEW ${f.verdicts.REVIEW}`, rank: 6 },
    { text: `CLEAR ${f.verdicts.CLEAR}`, rank: 7 },
    { text: `INVALID ${f.verdicts.INVALID}`, rank: 8 },
    { text: `${f.callsPerSecond.toFixed(1)} calls/s`, rank: 4 },
    { text: `429s ${f.rateLimited}`, rank: 5 },
    { text: `ETA ${f.etaSeconds === undefined ? '…' : `${approx}${formatDuration(f.etaSeconds)}`}`, rank: 1 },
  ];
  let kept = fields;
  const render = (list: readonly Field[]) => list.map((x) => x.text).join(' | ');
  while (render(kept).length > width && kept.length > 1) {
    const worst = Math.max(...kept.map((x) => x.rank));
    kept = kept.filter((x) => x.rank !== worst);
  }
  return render(kept);
}
