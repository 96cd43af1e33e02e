/**
 * String similarity on skeletons. Names are short (under 20 key characters), so plain dynamic programming
 * over two reused rows is faster than anything cleverer.
 */

let prevPrev = new Int32Array(32);
let prev = new Int32Array(32);
let curr = new Int32Array(32);

function ensureRows(length: number): void {
  if (prev.length > length) return;
  const size = length * 2;
  prevPrev = new Int32Array(size);
  prev = new Int32Array(size);
  curr = new Int32Array(size);
}

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transposition, the usual typing slip),
 * stopped early: any value above `max` is returned as `max + 1`.
 */
export function editDistance(a: string, b: string, max = Number.MAX_SAFE_INTEGER): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (n === 0) return m;
  if (m === 0) return n;
  ensureRows(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    curr[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (curr[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, (prevPrev[j - 2] ?? 0) + 1);
      }
      curr[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const spare = prevPrev;
    prevPrev = prev;
    prev = curr;
    curr = spare;
  }
  return prev[m] ?? 0;
}

/** 1 − distance / longer length: 1 for equal strings, 0 for nothing in common. */
export function normalizedSimilarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  return 1 - editDistance(a, b) / longer;
}

/** Jaro–Winkler similarity (prefix scale 0.1, prefix up to 4), used for reporting near misses. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(n, m) / 2) - 1);
  const matchedA = new Uint8Array(n);
  const matchedB = new Uint8Array(m);
  let matches = 0;
  for (let i = 0; i < n; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(m - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (matchedB[j] === 0 && a.charCodeAt(i) === b.charCodeAt(j)) {
        matchedA[i] = 1;
        matchedB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (matchedA[i] === 0) continue;
    while (matchedB[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const jaro = (matches / n + matches / m + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < n && prefix < m && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}
