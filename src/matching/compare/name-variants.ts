import { GIVEN_NAME_GROUPS } from './data/given-name-groups.js';
import { TURKIC_PATRONYMIC_PARTICLES } from './data/turkic-patronymics.js';
import { splitWords } from '../text/normalize.js';
import { skeletonKeys } from '../text/skeleton.js';

/**
 * Name parts that are one name in another language: the Russian, Ukrainian and Belarusian forms of a given
 * name (data/given-name-groups.ts), patronymics compared through the father's name they are built on
 * (Игоревич, Ігорович, Ігаравіч, Ihorovych, Рафикович and Рафик оглы are all "son of Igor / Rafik"), and
 * the Turkic patronymic particles (data/turkic-patronymics.ts).
 */

type Gender = 'male' | 'female';

function keysOf(form: string): readonly string[] {
  const word = splitWords(form)[0];
  return word === undefined ? [] : skeletonKeys(word.text);
}

/** The father's-name stem of a given name: its key without the final vowels (Сергей → серг, Павло → павл). */
function nameStem(key: string): string {
  let end = key.length;
  while (end > 2 && 'аеиоу'.includes(key[end - 1] ?? '')) end--;
  return key.slice(0, end);
}

const groupsByKey = new Map<string, number[]>();
const groupsByStem = new Map<string, number[]>();
/** Keys of the Belarusian forms that are another name in Russian (data `beHomonyms`) → their groups. */
const homonymGroups = new Map<string, number[]>();

function index(map: Map<string, number[]>, key: string, group: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [group]);
  else if (!list.includes(group)) list.push(group);
}

GIVEN_NAME_GROUPS.forEach((group, id) => {
  const forms = [...group.ru, ...(group.uk ?? []), ...(group.be ?? []), ...(group.latin ?? [])];
  for (const form of forms) {
    for (const key of keysOf(form)) {
      index(groupsByKey, key, id);
      index(groupsByStem, nameStem(key), id);
    }
  }
  for (const stem of group.stems ?? [])
    for (const key of keysOf(stem)) index(groupsByStem, nameStem(key), id);
  for (const form of group.beHomonyms ?? []) for (const key of keysOf(form)) index(homonymGroups, key, id);
});

/** Every skeleton of every form of the given-name groups: known names, never typos of one another. */
export const GROUPED_GIVEN_NAMES: ReadonlySet<string> = new Set(groupsByKey.keys());

function shareGroup(map: ReadonlyMap<string, number[]>, a: readonly string[], b: readonly string[]): boolean {
  for (const x of a) {
    const groups = map.get(x);
    if (groups === undefined) continue;
    for (const y of b) if (map.get(y)?.some((g) => groups.includes(g))) return true;
  }
  return false;
}

/** Two words that are forms of one given name (Алексей, Олексій, Аляксей, Oleksii). */
export function sameGivenName(a: readonly string[], b: readonly string[]): boolean {
  return shareGroup(groupsByKey, a, b);
}

/**
 * A Belarusian form that is another name in Russian (`Алена`, `Alena`) against a form of the name it is in
 * Belarusian (`Елена`): the same name only where the first is written in Belarusian, which the caller knows.
 */
export function isBelarusianHomonymOf(homonym: readonly string[], name: readonly string[]): boolean {
  return homonym.some((h) => {
    const groups = homonymGroups.get(h);
    return groups !== undefined && name.some((n) => groupsByKey.get(n)?.some((g) => groups.includes(g)));
  });
}

/** Endings of patronymics on skeletons: Russian, Ukrainian (-івна), Belarusian (-авіч, -аўна → ауна). */
const PATRONYMIC_ENDINGS = [
  'ична',
  'ивна',
  'евна',
  'овна',
  'авна',
  'ауна',
  'еуна',
  'евич',
  'ович',
  'авич',
  'ич',
];

/**
 * The father's-name stems of a patronymic, one per key: the key without its ending and final vowels
 * (Сергеевич, Сергійович → серг). A Turkic patronymic (`Рафик` before `оглы`) is the father's name itself.
 */
export function fatherStems(keys: readonly string[], particle: boolean): readonly string[] {
  const stems = new Set<string>();
  for (const key of keys) {
    if (particle) {
      stems.add(nameStem(key));
      continue;
    }
    const ending = PATRONYMIC_ENDINGS.find((e) => key.endsWith(e) && key.length > e.length + 1);
    if (ending !== undefined) stems.add(nameStem(key.slice(0, key.length - ending.length)));
  }
  return [...stems];
}

/** Two patronymics built on one father's name, in any language or form. */
export function sameFather(a: readonly string[], b: readonly string[]): boolean {
  if (a.some((stem) => b.includes(stem))) return true;
  return shareGroup(groupsByStem, a, b);
}

const particles = new Map<string, Gender>();
for (const gender of ['male', 'female'] as const) {
  for (const form of TURKIC_PATRONYMIC_PARTICLES[gender])
    for (const key of keysOf(form)) particles.set(key, gender);
}

/** The gender a Turkic patronymic particle gives (оглы, улы, угли: male; кызы, қизи: female). */
export function particleGender(skel: string): Gender | undefined {
  return particles.get(skel);
}
