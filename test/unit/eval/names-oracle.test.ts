import { describe, expect, it } from 'vitest';
import {
  listSpelling,
  ukrainianLatin,
} from '../../../packages/lookup-emulator/scripts/samples/matching/translit-systems.js';
import { generateDataset } from '../../eval/names/dataset.js';
import { computeFigures } from '../../eval/names/metrics.js';
import { clientFile } from '../../eval/names/screen.js';
import { foldLoose, nameMatches } from '../../eval/names/server.js';

/** The yardstick's own pieces: if they were wrong, the evaluations would measure the wrong thing. */
describe('names evaluation oracle', () => {
  it('writes Ukrainian names in the national Latin of 2010 as the published examples do', () => {
    const latin = (s: string) =>
      s
        .split(' ')
        .map((w, i) => ukrainianLatin(w, i === 0 ? 'upper' : 'title'))
        .join(' ');
    expect(latin('Кравченко Олексій Ігорович')).toBe('KRAVCHENKO Oleksii Ihorovych');
    expect(ukrainianLatin("Григор'єв", 'upper')).toBe('HRYHORIEV');
    expect(
      ['Юрій', 'Наталія', 'Євген', 'Згурський', 'Їжакевич'].map((w) => ukrainianLatin(w, 'title')),
    ).toEqual(['Yurii', 'Nataliia', 'Yevhen', 'Zghurskyi', 'Yizhakevych']);
  });

  it('writes the spellings lists use', () => {
    expect(listSpelling('Кузнецов', 'tz', 'upper')).toBe('KUZNETZOV');
    expect(listSpelling('Щеглов', 'sch', 'upper')).toBe('SCHEGLOV');
    expect(listSpelling('Егоров', 'j', 'upper')).toBe('JEGOROV');
    expect(listSpelling('Майоров', 'j', 'upper')).toBe('MAJOROV');
    expect(listSpelling('Царёв', 'c', 'upper')).toBe('CARYOV');
    expect(listSpelling('Харитонов', 'h', 'upper')).toBe('HARITONOV');
    expect(listSpelling('Жуков', 'french', 'upper')).toBe('JOUKOV');
    expect(listSpelling('Юрий', 'french', 'title')).toBe('Iouri');
    expect(listSpelling('Павлович', 'french', 'title')).toBe('Pavlovitch');
    expect(listSpelling('Васильев', 'apostrophe', 'upper')).toBe("VASIL'EV");
    expect(listSpelling('Объедков', 'apostrophe', 'upper')).toBe('OB"EDKOV');
    expect(listSpelling('Воробьёв', 'yo', 'title')).toBe('Vorobyov');
  });

  it('searches loosely across scripts and by whole words within one script', () => {
    expect(nameMatches('loose', 'кузнец', 'Кузнецов Иван')).toBe(true);
    expect(nameMatches('loose', 'Kuznetsov', 'Кузнецов Иван')).toBe(true);
    expect(nameMatches('loose', 'Кузнецов', 'KUZNETSOV Ivan')).toBe(true);
    expect(nameMatches('loose', 'Кузнецов', 'KUZNETZOV Ivan')).toBe(false);
    expect(foldLoose("Григор'єв")).toBe('grigorev');
    expect(nameMatches('whole-word', 'кузнецов', 'Кузнецов Иван')).toBe(true);
    expect(nameMatches('whole-word', 'Кузнец', 'Кузнецов Иван')).toBe(false);
    expect(nameMatches('whole-word', 'Kuznetsov', 'Кузнецов Иван')).toBe(false);
    expect(nameMatches('whole-word', 'Завод 157', 'АО «Завод № 157»')).toBe(true);
    expect(nameMatches('whole-word', 'Завод No 157', 'АО «Завод № 157»')).toBe(false);
  });

  it('generates the same set from the same seed, with the brief counts and a Windows-1251 client file', () => {
    const a = generateDataset();
    const b = generateDataset();
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const persons = a.clients.filter((c) => c.listed && c.type !== 'ЮЛ').length;
    const organizations = a.clients.filter((c) => c.listed && c.type === 'ЮЛ').length;
    expect([persons, organizations]).toEqual([280, 80]);
    expect(a.clients.filter((c) => !c.listed).length).toBeGreaterThanOrEqual(280);
    expect(
      a.foreignAgents.filter((r) => (r.data.name ?? '').startsWith('Смирнов')).length,
    ).toBeGreaterThanOrEqual(70);
    expect(a.sanctions.filter((r) => r.data.edrpou !== null).length).toBeGreaterThanOrEqual(40);
    expect(clientFile(a.clients).length).toBeGreaterThan(10_000);
  });

  it('counts a listed client as found only when HIT or REVIEW, and INCOMPLETE against it', () => {
    const clients = [
      { id: '1', name: 'a', type: 'ФЛ', listed: true, phenomenon: 'x' },
      { id: '2', name: 'b', type: 'ФЛ', listed: true, phenomenon: 'x' },
      { id: '3', name: 'c', type: 'ФЛ', listed: false, phenomenon: 'x' },
      { id: '4', name: 'd', type: 'ФЛ', listed: true, phenomenon: 'y' },
    ] as const;
    const f = computeFigures(
      clients,
      new Map([
        ['1', 'HIT'],
        ['2', 'INCOMPLETE'],
        ['3', 'REVIEW'],
        ['4', 'REVIEW'],
      ]),
    );
    expect(f.overall).toMatchObject({ recall: 2 / 3, precision: 2 / 3, exactHit: 1 / 3, incomplete: 1 });
    expect(f.byPhenomenon.x).toMatchObject({ recall: 0.5, precision: 0.5 });
  });
});
