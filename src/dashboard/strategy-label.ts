import type { Lang } from '../i18n/lang.js';
import { strategyLabel, type ForeignAgentStrategyNote } from '../export/mirror-snapshot.js';

/**
 * How a run's foreign-agent check found its candidates, as the runs page says it. The note is stored with
 * English reasons (`status` prints them); a Russian page renders the reasons it knows and leaves out one it
 * does not rather than show it in English.
 */

const REASONS_RU: readonly (readonly [RegExp, (m: RegExpExecArray) => string])[] = [
  [/^requested \((--fa-strategy \w+)\)$/u, (m) => `задано параметром ${m[1] ?? ''}`],
  [
    /^auto: (~?)(\d+) rows × ([\d.]+) searches = (\d+) calls(?: (≤|>) (\d+) for the mirror)?$/u,
    (m) =>
      `выбрано по оценке: ${m[1] ?? ''}${m[2] ?? ''} строк × ${m[3] ?? ''} поиска = ${m[4] ?? ''} запросов` +
      (m[5] === undefined ? '' : ` ${m[5]} ${m[6] ?? ''} для зеркала`),
  ],
  [/^no paced search for the mirror in this coordinator$/u, () => 'зеркало недоступно этому координатору'],
  [/^mirror incomplete: /u, () => 'зеркало собрано не полностью'],
];

function reasonRu(reason: string): string | undefined {
  for (const [pattern, render] of REASONS_RU) {
    const m = pattern.exec(reason);
    if (m) return render(m);
  }
  return undefined;
}

/** The long label (the cell's tooltip). */
export function strategyText(note: ForeignAgentStrategyNote, lang: Lang): string {
  if (lang === 'en') return strategyLabel(note);
  if (note.strategy === 'mirror' && note.kept)
    return `сохранённое зеркало реестра (записей: ${note.records}, синхронизировано дней: ${note.kept.synced.days}, запросов: ${note.calls})`;
  if (note.strategy === 'mirror')
    return `зеркало реестра (записей: ${note.records}, запросов: ${note.calls})`;
  const reason = reasonRu(note.reason);
  return reason === undefined ? 'поиск по каждому клиенту' : `поиск по каждому клиенту (${reason})`;
}

/** The short label under the priority. */
export function strategyShort(note: ForeignAgentStrategyNote, lang: Lang): string {
  if (lang === 'en') return `fa: ${note.strategy}`;
  return note.strategy === 'mirror' ? 'иноагенты: зеркало' : 'иноагенты: поиск';
}
