import type { ProgressFigures } from '../runs/progress.js';

// The figures themselves are the runs service's (src/runs/progress.ts); this file renders them.
export {
  estimateTotal,
  RateMeter,
  TotalEstimator,
  SlidingRate,
  type ProgressFigures,
} from '../runs/progress.js';

export function formatDuration(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

interface Field {
  readonly text: string;
  /** Lower is worth more: fields are dropped from the highest rank down until the line fits; 0 stays. */
  readonly rank: number;
}

const rate = (perSecond: number | undefined) => (perSecond === undefined ? '…' : perSecond.toFixed(1));

/** The rows field: written of the total, ≈ while the total is estimated, ? while there is no estimate. */
function rowsField(f: ProgressFigures): string {
  const approx = f.exact ? '' : '≈';
  const total = f.total === undefined ? '?' : `${approx}${f.total}`;
  const percent =
    f.total === undefined ? '' : ` (${approx}${Math.floor((100 * f.written) / Math.max(1, f.total))} %)`;
  return `${f.written}/${total} rows${percent}`;
}

/** The fields of the screening line, most valuable first by rank. */
function screeningFields(f: ProgressFigures): Field[] {
  const approx = f.exact ? '' : '≈';
  return [
    { text: rowsField(f), rank: 0 },
    { text: `ETA ${f.etaSeconds === undefined ? '…' : `${approx}${formatDuration(f.etaSeconds)}`}`, rank: 1 },
    { text: `HIT ${f.verdicts.HIT}`, rank: 2 },
    { text: `${rate(f.rowsPerSecond)} rows/s`, rank: 3 },
    { text: `${rate(f.callsPerSecond)} calls/s`, rank: 4 },
    { text: `INCOMPLETE ${f.verdicts.INCOMPLETE}`, rank: 5 },
    { text: `429s ${f.rateLimited}`, rank: 6 },
    { text: `REVIEW ${f.verdicts.REVIEW}`, rank: 7 },
    { text: `INVALID ${f.verdicts.INVALID}`, rank: 8 },
    { text: `CLEAR ${f.verdicts.CLEAR}`, rank: 9 },
  ];
}

/** Every row is screened: the rates and the ETA of the screening say nothing any more. */
const settled = (f: ProgressFigures) =>
  screeningFields(f).filter((x) => !/^ETA |rows\/s$|calls\/s$/.test(x.text));

const since = (f: ProgressFigures) =>
  f.phaseSeconds === undefined ? '' : ` ${formatDuration(f.phaseSeconds)}`;

/** The fields of the line in the run's phase: what it is doing in words, and its own counts. */
export function progressFields(f: ProgressFigures): Field[] {
  switch (f.phase) {
    case 'queued':
      return [{ text: 'queued: waiting for a worker to take the run', rank: 0 }];
    case 'preflight':
      return [{ text: `preflight: checking the input and the service${since(f)}`, rank: 0 }];
    case 'mirror':
      return [
        { text: `register mirror: ${f.mirror.searches} searches, ${f.mirror.records} records`, rank: 0 },
        { text: `${rate(f.callsPerSecond)} calls/s`, rank: 1 },
        { text: `for${since(f) || ' …'}`, rank: 2 },
        { text: '429s ' + String(f.rateLimited), rank: 3 },
      ];
    case 'writing':
      return [{ text: 'writing outputs', rank: 0 }, ...settled(f)];
    case 'done':
    case 'failed':
    case 'cancelled':
      return settled(f);
    default:
      return screeningFields(f);
  }
}

/**
 * The text after the bar, fitted to `width` columns: fields are dropped in order of value (verdicts an
 * analyst does not act on first, then 429s, rates, …), never cut in the middle; the counts of rank 0
 * stay even when they alone are wider.
 */
export function progressText(f: ProgressFigures, width: number): string {
  let kept = progressFields(f);
  const render = (list: readonly Field[]) => list.map((x) => x.text).join(' | ');
  while (render(kept).length > width && kept.some((x) => x.rank > 0)) {
    const worst = Math.max(...kept.map((x) => x.rank));
    kept = kept.filter((x) => x.rank !== worst);
  }
  return render(kept);
}

const BAR = 20;
/** Below this many columns the bar is left out: the words and counts matter more. */
const MIN_COLUMNS_FOR_BAR = 60;

/** The bar of rows written of the total; empty while the total is not known. */
function bar(f: ProgressFigures): string {
  const share = f.total === undefined ? 0 : Math.min(1, f.written / Math.max(1, f.total));
  const full = Math.round(share * BAR);
  return '█'.repeat(full) + '░'.repeat(BAR - full);
}

/**
 * The whole line for a terminal `columns` wide (one column spare: a line that fills the last column wraps
 * on some terminals). The bar is drawn only while rows are screened or written and there is room; before
 * that the line says in words what the run does.
 */
export function progressLine(f: ProgressFigures, columns: number | undefined): string {
  const width = (columns || 80) - 1;
  const rows = f.phase !== 'queued' && f.phase !== 'preflight' && f.phase !== 'mirror';
  if (!rows || width + 1 < MIN_COLUMNS_FOR_BAR) return progressText(f, width);
  return `${bar(f)} ${progressText(f, width - BAR - 1)}`;
}
