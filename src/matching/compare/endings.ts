/**
 * Endings that change with grammar rather than with the person, on folded Latin spellings:
 *  - the gender of an East Slavic surname (Morozova / Morozov, Volkova / Volkov, Tsvetaeva / Tsvetaev,
 *    Kovalskaya / Kovalskiy / Kowalski): lists in Latin often keep only the masculine form;
 *  - a patronymic against its father's name written with a particle (Rafikovich / Rafiq oğlu,
 *    Ivanovna / Ivan kyzy): the stem is the father's name.
 * Each returns the stem, or undefined when the word has no such ending.
 */
const GENDER: readonly (readonly [RegExp, string])[] = [
  [/sk(?:aya|aia|aja|iy|ii|ij|yy|y|i|a)$/, 'ski'],
  [/(ov|ev|yov|iov|in|yn)a$/, '$1'],
];

export function genderStem(spelling: string): string | undefined {
  if (spelling.length < 5) return undefined;
  for (const [pattern, replacement] of GENDER) {
    if (pattern.test(spelling)) return spelling.replace(pattern, replacement);
  }
  return undefined;
}

const PATRONYMIC = /(?:ovich|evich|ovych|evych|ovic|evic|ich|ovna|evna|ivna|ichna|ovn|evn)$/;

export function patronymicStem(spelling: string): string | undefined {
  if (!PATRONYMIC.test(spelling)) return undefined;
  const stem = spelling.replace(PATRONYMIC, '');
  return stem.length >= 3 ? stem : undefined;
}
