import { tokenForms } from '../text/index.js';
import { NICKNAME_GROUPS } from './data/person-nicknames.js';

/** Each form of rigour's nickname data and the groups it belongs to (Ted: Edward's and Theodore's). */
const GROUPS_OF = new Map<string, number[]>();
NICKNAME_GROUPS.forEach((group, i) => {
  for (const form of group) GROUPS_OF.set(form, [...(GROUPS_OF.get(form) ?? []), i]);
});

function groups(word: string): ReadonlySet<number> {
  const out = new Set<number>();
  for (const s of tokenForms(word).spellings) for (const g of GROUPS_OF.get(s) ?? []) out.add(g);
  return out;
}

/**
 * Whether two different words are a given name and its short form by rigour's nickname data (Ted /
 * Theodore, Ben / Benjamin), through any spelling of either word (a Cyrillic `Тед` reads `ted`). Forms of
 * one group only: Edward and Theodore, both Ted, are two names.
 */
export function areNicknames(a: string, b: string): boolean {
  if (a === b) return false;
  const x = groups(a);
  if (x.size === 0) return false;
  for (const g of groups(b)) if (x.has(g)) return true;
  return false;
}
