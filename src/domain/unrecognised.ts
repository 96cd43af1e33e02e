/** One kind of unrecognised answer of a run: how often, and the first example seen. */
export interface UnrecognisedCount {
  readonly operation: string;
  readonly kind: string;
  readonly count: number;
  readonly example: string;
}

/** The longest example of an unrecognised answer kept for the run's summary. */
export const EXAMPLE_MAX_CHARS = 80;

/**
 * A text the upstream sent (a message, an error body), made fit to show in a run summary and a manifest,
 * which are not personal data. Upstream texts may echo the request: an INN, a name, an e-mail. So digits
 * become `#`, a word with `@` becomes `…`, every word of `personalWords` (the client's name) and every
 * capitalised word after the first (names are capitalised; the first word of a sentence is too) becomes
 * `…`, and the rest is clipped. What survives is the wording, which is what an operator needs to teach a
 * new phrasing.
 */
export function sanitiseExample(text: string, personalWords: readonly string[] = []): string {
  const personal = new Set(personalWords.map((w) => foldWord(w)).filter((w) => w.length > 1));
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const out = words.map((word, index) => {
    const bare = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (bare === '') return word;
    if (word.includes('@') || personal.has(foldWord(bare))) return '…';
    if (index > 0 && /^\p{Lu}/u.test(bare)) return '…';
    return word.replace(/\p{N}/gu, '#');
  });
  const joined = out.join(' ').replace(/…(?: …)+/g, '…');
  return joined.length <= EXAMPLE_MAX_CHARS ? joined : `${joined.slice(0, EXAMPLE_MAX_CHARS - 1)}…`;
}

function foldWord(word: string): string {
  return word.toLowerCase().replace(/ё/g, 'е');
}
