import { describe, expect, it } from 'vitest';
import { scoreSanctions } from '../../../../src/matching/index.js';
import { person, sanctions } from '../fixtures.js';

/** A client against a sanctions entry, both with the same full birth date unless told otherwise. */
function screen(client: string, entry: string, clientBirth?: string, entryBirth?: string | null) {
  return scoreSanctions(
    person(client, clientBirth === undefined ? {} : { birthDate: clientBirth }),
    sanctions({ name: entry, birth_date: entryBirth ?? null }),
  );
}

describe('names of any origin through the sanctions scorer', () => {
  it.each([
    ['Чернышёв Сергей Иванович', 'Černyšëv Sergej Ivanovič'],
    ['Мамедов Эльчин Рафикович', 'MƏMMƏDOV Elçin Rafiq oğlu'],
    ['Морозова Ирина Александровна', 'Irina Aleksandrovna MOROZOV'],
    ['Садыков Абдул Гани', 'Садыков Абдулгани'],
  ])('%s against %s with the same full birth date reaches a reviewer', (client, entry) => {
    const scored = screen(client, entry, '1969-03-10', '1969-03-10');
    expect(scored.decision).not.toBe('NO_MATCH');
  });

  it('says which corroborator and which similarity decided', () => {
    const scored = screen(
      'Мамедов Эльчин Рафикович',
      'MƏMMƏDOV Elçin Rafiq oğlu',
      '1969-03-10',
      '1969-03-10',
    );
    expect(scored.decision).toBe('POSSIBLE_MATCH');
    expect(scored.explanation).toMatch(/full birth date equal corroborates name 0\.\d\d \(≥ 0\.80\): review/);
    expect(scored.explanation).toContain('рафикович ~ (patronymic of) rafiq');
  });

  it.each([
    ['Hans Friedrich', 'Hans Friedrich'],
    ['SergeiLavrov', 'Sergei Lavrov'],
    ['Olaf Scholz', 'SCHOLZ, Olaf'],
  ])('%s against %s with no birth date is not CLEAR', (client, entry) => {
    expect(screen(client, entry).decision).not.toBe('NO_MATCH');
  });

  it('a slip in a surname without a corroborator reaches a reviewer, not a MATCH', () => {
    expect(screen('Olaf Scholze', 'Olaf Scholz').decision).toBe('POSSIBLE_MATCH');
    expect(screen('Olaf Schulze', 'Olaf Scholz').decision).toBe('POSSIBLE_MATCH');
  });

  it('another surname with the same given name without a corroborator stays below review', () => {
    expect(screen('Olaf Schubert', 'Olaf Scholz').decision).toBe('NO_MATCH');
  });

  it('another birth date still caps an equal name', () => {
    expect(screen('Hans Friedrich', 'Hans Friedrich', '1969-03-10', '1970-05-01').decision).toBe('NO_MATCH');
  });
});
