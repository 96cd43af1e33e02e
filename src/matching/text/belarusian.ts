/**
 * Belarusian forms of Russian surnames. Belarusian writes what it hears: unstressed о is а (akanie:
 * Соколов → Сакалоў, Макарова → Макарава), е after a soft consonant is я (Кузнецов → Кузняцоў), т and д
 * before a soft vowel are ц and дз (Дмитрий → Дзмітрый), л before a consonant and в after a vowel are ў
 * (Волкова → Ваўкова, -ов → -оў, Latin -ou). No one-letter tolerance sees these as one name, so surnames
 * are also compared on a reduced key that keeps what these rules leave alone: the consonants, with ў, в,
 * and л before a consonant as one letter, дз as д and ц as т, and whether the word ends in а (Соколов and
 * Сакалова stay apart by gender).
 *
 * The key is coarse by design; person-name.ts accepts an agreement on it only beside an agreeing given
 * name, and scoring only with an equal full birth date.
 */

const VOWELS = new Set(['а', 'е', 'и', 'о', 'у']);
/** Fewer consonants than this and the key says too little to stand for a surname (Ли, Ус). */
const MIN_CONSONANTS = 3;

function isConsonant(ch: string | undefined): boolean {
  return ch !== undefined && ch !== '' && !VOWELS.has(ch) && !(ch >= '0' && ch <= '9');
}

/** The reduced key of one skeleton key (skeleton.ts), or undefined when too short to compare on. */
export function reducedKey(key: string): string | undefined {
  let out = '';
  let consonants = 0;
  for (let i = 0; i < key.length; i++) {
    let ch = key[i] ?? '';
    const prev = key[i - 1];
    const next = key[i + 1];
    // ў: a u after a vowel (Сакалоў, SAKALOU, Ваўкова), an л before a consonant (Волкова).
    if (ch === 'у' && prev !== undefined && VOWELS.has(prev)) ch = 'в';
    else if (ch === 'л' && isConsonant(next)) ch = 'в';
    if (VOWELS.has(ch)) continue;
    if (ch === 'д' && next === 'з') i++;
    else if (ch === 'ц') ch = 'т';
    if (out.endsWith(ch)) continue;
    out += ch;
    consonants++;
  }
  if (consonants < MIN_CONSONANTS) return undefined;
  return key.endsWith('а') ? `${out}а` : out;
}

/** The reduced keys of a word's skeleton keys (one per reading of a Latin word). */
export function reducedKeys(keys: readonly string[]): readonly string[] {
  const out = new Set<string>();
  for (const key of keys) {
    const reduced = reducedKey(key);
    if (reduced !== undefined) out.add(reduced);
  }
  return [...out];
}

/** Endings of Belarusian patronymics on keys (-авіч, -аўна, -еўна; Latin -avich, -auna, -euna). */
const PATRONYMIC_ENDINGS = ['авич', 'ауна', 'еуна'];
/** Endings of Belarusian surnames in Latin (-oŭ, -aŭ, -eŭ written -ou, -au, -eu), which Russian never has. */
const LATIN_SURNAME_ENDINGS = ['оу', 'ау', 'еу'];

/**
 * Whether a name is written in Belarusian: a word with ў, a Belarusian patronymic ending, or a Latin word
 * ending as a Belarusian surname does. Only such a name may carry a Belarusian form of a Russian name.
 */
export function isBelarusianWritten(
  words: readonly { readonly text: string; readonly keys: readonly string[] }[],
): boolean {
  return words.some(
    (w) =>
      w.text.includes('ў') ||
      w.keys.some(
        (k) =>
          PATRONYMIC_ENDINGS.some((e) => k.endsWith(e) && k.length > e.length + 1) ||
          (/^[a-z]/.test(w.text) && LATIN_SURNAME_ENDINGS.some((e) => k.endsWith(e) && k.length > 3)),
      ),
  );
}
