import type { NameWord, Script } from '../compare/name-words.js';
import {
  guessSystems,
  SYSTEM_LABELS,
  systemsSpelling,
  TRANSLITERATION_SYSTEMS,
} from '../text/transliterate.js';
import type { TransliterationSystem } from '../text/transliterate.js';

/**
 * Pieces of a candidate's explanation, the text a reviewer reads:
 * `name 0.97 (Cyrillic ↔ Latin ICAO), birth_date equal, inn absent on record`.
 */

const SCRIPT_LABEL: Readonly<Record<Script, string>> = {
  cyrillic: 'Cyrillic',
  latin: 'Latin',
  none: 'no letters',
};

function systemLabel(systems: readonly TransliterationSystem[]): string {
  // Every system agrees when a name uses only the letters they share: naming one would mislead.
  if (systems.length === 0 || systems.length === TRANSLITERATION_SYSTEMS.length) return '';
  return ' ' + systems.map((s) => SYSTEM_LABELS[s]).join('/');
}

/** The systems that spell every Cyrillic word of the pairs exactly as its Latin partner. */
function exactSystems(
  pairs: readonly (readonly [NameWord, NameWord])[],
): readonly TransliterationSystem[] | undefined {
  let common: readonly TransliterationSystem[] | undefined;
  for (const [a, b] of pairs) {
    if (a.script === b.script || a.skel !== b.skel) continue;
    const [cyr, lat] = a.script === 'cyrillic' ? [a, b] : [b, a];
    const found = systemsSpelling(cyr.written, lat.written);
    common = common === undefined ? found : common.filter((s) => found.includes(s));
  }
  return common;
}

/**
 * `Cyrillic ↔ Latin ICAO`, `Latin BGN/PCGN/1997 passport ↔ Latin GOST 7.79 B`, `Cyrillic`: the scripts of
 * the client and the record, and for a Latin side the system that wrote it when its letters tell.
 * `pairs` are the words matched to each other (equal skeletons are the ones that can name a system).
 */
export function describeScripts(
  client: { readonly script: Script; readonly raw: string },
  record: { readonly script: Script; readonly raw: string },
  pairs: readonly (readonly [NameWord, NameWord])[],
): string {
  if (client.script === record.script) {
    if (client.script !== 'latin') return SCRIPT_LABEL[client.script];
    const a = systemLabel(guessSystems(client.raw));
    const b = systemLabel(guessSystems(record.raw));
    return a === b ? `Latin${a}` : `Latin${a} ↔ Latin${b}`;
  }
  const latinRaw = client.script === 'latin' ? client.raw : record.raw;
  const exact = exactSystems(pairs);
  // No system spells every word as written: a mix (Dmitry Yurievich) or a spelling of no standard (Maxim).
  const label =
    exact === undefined
      ? systemLabel(guessSystems(latinRaw))
      : exact.length === 0
        ? ' mixed/non-standard'
        : systemLabel(exact);
  const side = (script: Script) => (script === 'latin' ? `Latin${label}` : SCRIPT_LABEL[script]);
  return `${side(client.script)} ↔ ${side(record.script)}`;
}

/** Scores are shown with two decimals: enough for a reviewer, stable across runs. */
export function formatScore(score: number): string {
  return score.toFixed(2);
}

/** Joins the non-empty pieces with `, `. */
export function joinExplanation(parts: readonly (string | undefined)[]): string {
  return parts.filter((p): p is string => p !== undefined && p.length > 0).join(', ');
}
