import type { ScoredCandidate } from '../domain/check.js';
import type { Verdict } from '../domain/verdict.js';

/** The language of the officer's cells: Russian unless English was asked for (`--lang en`). */
export type OutputLanguage = 'ru' | 'en';

const DECISIVE: Readonly<Record<OutputLanguage, Readonly<Record<string, string>>>> = {
  ru: {
    inn: 'ИНН совпадает',
    ogrn: 'ОГРН совпадает',
    ogrnip: 'ОГРНИП совпадает',
    snils: 'СНИЛС совпадает',
    edrpou: 'ЕДРПОУ совпадает',
    birth_date: 'ДР совпадает',
    name: 'только имя',
  },
  en: {
    inn: 'INN equal',
    ogrn: 'OGRN equal',
    ogrnip: 'OGRNIP equal',
    snils: 'SNILS equal',
    edrpou: 'EDRPOU equal',
    birth_date: 'birth date equal',
    name: 'name only',
  },
};

/** What a match can rest on, strongest first: an identifier, then the birth date, else the name alone. */
export const DECISIVE_FIELDS = ['inn', 'ogrn', 'ogrnip', 'snils', 'edrpou', 'birth_date', 'name'] as const;
export type DecisiveField = (typeof DECISIVE_FIELDS)[number];

/** The strongest thing the match rests on, from the explanation's notes (`inn equal`, `birth_date equal`). */
export function decisiveField(explanation: string): DecisiveField {
  const equal = new Set(
    explanation
      .split(',')
      .map((note) => /^\s*(\w+) equal\b/u.exec(note)?.[1])
      .filter((field): field is string => field !== undefined),
  );
  return DECISIVE_FIELDS.find((field) => field !== 'name' && equal.has(field)) ?? 'name';
}

/** A record's name fit for the cell: one line, no `;` (the separator) and no brackets (the id's). */
function cellName(name: string): string {
  const flat = name
    .replace(/[\r\n\t]+/gu, ' ')
    .replace(/;/gu, ',')
    .replace(/[[\]]/gu, '')
    .trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat || '—';
}

function part(kind: string, candidate: ScoredCandidate, lang: OutputLanguage): string {
  const decisive = DECISIVE[lang][decisiveField(candidate.explanation)] ?? '';
  return `${kind}: ${cellName(candidate.recordName)} ${candidate.score.toFixed(2)} (${decisive}) [${candidate.recordId}]`;
}

/**
 * Who was matched, as an officer reads it without the evidence file: each matched or possibly matched
 * record as `register: record name score (decisive field) [record id]`, separated by `; `, e.g.
 * `foreign_agent: Ковалёв Андрей Сергеевич 1.00 (ДР совпадает) [ИА-123]`.
 */
export function matchesCell(verdict: Verdict, lang: OutputLanguage = 'ru'): string {
  const parts: string[] = [];
  for (const [kind, result] of Object.entries(verdict.checks)) {
    if (!result) continue;
    for (const candidate of result.candidates)
      if (candidate.decision !== 'NO_MATCH') parts.push(part(kind, candidate, lang));
  }
  return parts.join('; ');
}

/**
 * `register recordId` of each match in a kyc_matches cell, of this format or the earlier
 * `source recordId score`: what a delta compares (a moved score or a renamed record is no change of match).
 */
export function matchIds(cell: string): string[] {
  return cell
    .split('; ')
    .filter((m) => m.length > 0)
    .map((m) => {
      const current = /^([a-z_]+): .* \[([^\]]+)\]$/u.exec(m);
      return current ? `${current[1]} ${current[2]}` : m.split(' ').slice(0, 2).join(' ');
    });
}
