import { skeleton } from '../text/skeleton.js';
import { splitLegalForms, type LegalForm } from './legal-forms.js';
import { hasCyrillic, hasLatin, splitWords } from '../text/normalize.js';

export type Script = 'cyrillic' | 'latin' | 'none';

/** One word of a name, normalised, with its skeleton. */
export interface NameWord {
  /** Normalised text (lower case, ё → е, no marks): what the reviewer reads in notes. */
  readonly text: string;
  /** The text with ё kept, for naming the transliteration system. */
  readonly written: string;
  readonly skel: string;
  readonly dotted: boolean;
  readonly group: number;
  /** Position among the name's words, from 0. */
  readonly index: number;
  /** Written in capitals in the source (`SHCHERBAKOV`): lists mark the surname that way. */
  readonly upper: boolean;
  readonly script: Script;
}

export interface SplitName {
  readonly words: readonly NameWord[];
  readonly forms: readonly LegalForm[];
  /** The script of the letters of the whole name. */
  readonly script: Script;
}

function scriptOf(text: string): Script {
  if (hasCyrillic(text)) return 'cyrillic';
  if (hasLatin(text)) return 'latin';
  return 'none';
}

/**
 * Splits a name into words with skeletons and takes out legal forms (`ИП Иванов`, `ООО «Ромашка»`).
 * Hyphenated words stay whole for persons (`Петров-Водкин` is one surname) and are split for
 * organizations when `splitHyphens` is set (`Восток-Трейд` and `Восток Трейд` are one name).
 */
export function splitName(raw: string, splitHyphens: boolean): SplitName {
  // Only persons' names keep their hyphens, and a person's name has no two-script brand (`Гусev`).
  const rawWords = splitWords(raw, splitHyphens, !splitHyphens);
  const skels = rawWords.map((w) => skeleton(w.text));
  const { forms, rest } = splitLegalForms(skels);
  const words: NameWord[] = [];
  let cyrillic = false;
  let latin = false;
  // A single word in capitals says nothing about roles; among several it marks the surname.
  const several = rawWords.length > 1;
  for (const i of rest) {
    const w = rawWords[i];
    const skel = skels[i];
    if (w === undefined || skel === undefined || skel.length === 0) continue;
    const script = scriptOf(w.text);
    if (script === 'cyrillic') cyrillic = true;
    else if (script === 'latin') latin = true;
    words.push({
      text: w.text,
      written: w.written,
      skel,
      dotted: w.dotted,
      group: w.group,
      index: words.length,
      upper: several && w.upper,
      script,
    });
  }
  return { words, forms, script: cyrillic ? 'cyrillic' : latin ? 'latin' : 'none' };
}
