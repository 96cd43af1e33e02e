import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ScoredCandidate } from '../../../src/domain/check.js';
import { explanationText, renderExplanation } from '../../../src/i18n/explanation-ru.js';
import { scoreDebtor, scoreSanctions } from '../../../src/matching/index.js';
import { loadPairs, scorePair } from '../../eval/matching-eval.js';
import { latinWords } from '../../helpers/latin-words.js';
import { organization, person, sanctions } from '../matching/fixtures.js';

/**
 * Every explanation the scorer writes on the project's data, rendered for a Russian page: a piece no rule
 * knows, or an English word left in the Russian text, fails here and names the piece. The matcher's notes
 * change with it: a new one needs its rule in src/i18n/explanation-ru.ts.
 */

/** names-bench's pairs (Latin names of other countries' lists) as a client against a sanctions entry. */
function benchCandidates(): ScoredCandidate[] {
  const lines = readFileSync('test/eval/names-bench/cases.csv', 'utf8').split('\n').slice(1);
  return lines.flatMap((line) => {
    const [, schema, a, b] = line.split(',');
    if (!a || !b) return [];
    const company = schema === 'Company';
    const client = company ? organization(a) : person(a);
    return [scoreSanctions(client, sanctions({ name: b, entity_type: company ? 'organization' : 'person' }))];
  });
}

function explanations(): string[] {
  const scored = [
    ...loadPairs().map(scorePair),
    ...benchCandidates(),
    scoreDebtor(person('Иванов Иван Иванович', { inn: '500100732259' }), {
      fio: 'Иванов Иван',
      inn: '500100732259',
      snils: '',
    } as Parameters<typeof scoreDebtor>[1]),
  ];
  return [...new Set(scored.map((c) => c.explanation))];
}

describe('the explanation on a Russian page', () => {
  const all = explanations();

  it('has a rendering for every piece the scorer writes', () => {
    expect(all.length).toBeGreaterThan(500);
    const untranslated = new Set(all.flatMap((e) => renderExplanation(e, 'ru').untranslated));
    expect([...untranslated]).toEqual([]);
  });

  it('leaves no English word outside the values it quotes', () => {
    const left = all.flatMap((e) => {
      const words = renderExplanation(e, 'ru')
        .parts.filter((p) => !p.verbatim)
        .flatMap((p) => latinWords(p.text));
      return words.length > 0 ? [`${words.join(' ')} — in «${e}»`] : [];
    });
    expect(left).toEqual([]);
  });

  it('reads as a reviewer expects and stays English on request', () => {
    const text = 'name 0.97 (Cyrillic ↔ Latin ICAO), birth_date equal, inn absent on record';
    expect(explanationText(text, 'ru')).toBe(
      'имя 0.97 (кириллица ↔ латиница ICAO), дата рождения совпадает, ИНН нет в записи',
    );
    expect(explanationText('legal form АО ~ ПАО, inn absent on record', 'ru')).toBe(
      'организационно-правовая форма АО ~ ПАО, ИНН нет в записи',
    );
    expect(explanationText(text, 'en')).toBe(text);
    // The values keep their commas and brackets; a piece with no rule is kept and named.
    const odd = renderExplanation(
      'name 0.80 (Cyrillic, name_local alias «ИВАНОВ Иван»), something new',
      'ru',
    );
    expect(odd.untranslated).toEqual(['something new']);
    expect(odd.parts.filter((p) => p.verbatim).map((p) => p.text)).toEqual(['name_local', 'ИВАНОВ Иван']);
    // What a whitelist entry adds: who reviewed the record and when, their comment as written.
    expect(
      explanationText(
        'name 1.00 (Cyrillic), inn equal; whitelisted as a false positive by alice on 2026-11-20: другой человек',
        'ru',
      ),
    ).toBe(
      'имя 1.00 (кириллица), ИНН совпадает; в белом списке как ложное совпадение: alice, 2026-11-20: «другой человек»',
    );
    expect(
      explanationText(
        'inn equal; whitelist entry by bob on 2026-11-21 reopened: the record changed since the review',
        'ru',
      ),
    ).toBe(
      'ИНН совпадает; запись белого списка (bob, 2026-11-21) снова учитывается: запись реестра изменилась после проверки',
    );
  });
});
