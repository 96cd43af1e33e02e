import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONFUSABLE_PAIRS,
  isObfuscated,
  nameHygiene,
  scoreForeignAgent,
  scoreSanctions,
  skeleton,
  splitWords,
} from '../../../../src/matching/index.js';
import {
  FEMALE_NAMES,
  MALE_NAMES,
  SURNAMES,
} from '../../../../packages/lookup-emulator/scripts/samples/matching/name-data.js';
import { foreignAgent, person, sanctions } from '../fixtures.js';

/** One of each class hygiene removes: what an export never holds and a listed client may plant. */
const INVISIBLE = {
  'zero-width space U+200B': '\u200b',
  'zero-width non-joiner U+200C': '\u200c',
  'zero-width joiner U+200D': '\u200d',
  'left-to-right mark U+200E': '\u200e',
  'right-to-left mark U+200F': '\u200f',
  'bidi embedding U+202B': '\u202b',
  'bidi isolate U+2067': '\u2067',
  'word joiner U+2060': '\u2060',
  'BOM U+FEFF': '\ufeff',
  'soft hyphen U+00AD': '\u00ad',
  'combining grapheme joiner U+034F': '\u034f',
  'variation selector U+FE0F': '\ufe0f',
  'variation selector U+E0100': '\u{e0100}',
  'tag character U+E0041': '\u{e0041}',
  'NUL U+0000': '\u0000',
  'SOH U+0001': '\u0001',
  'ESC U+001B': '\u001b',
  'DEL U+007F': '\u007f',
  'C1 control U+0090': '\u0090',
  'Hangul filler U+3164': '\u3164',
} as const;

describe('nameHygiene', () => {
  it.each(Object.entries(INVISIBLE))('removes a %s inside a word without splitting it', (_, mark) => {
    const result = nameHygiene(`Щерба${mark}ков Дмитрий`);
    expect(result.text).toBe('Щербаков Дмитрий');
    expect(result.removed).toBe(1);
    expect(isObfuscated(result)).toBe(true);
  });

  it('returns a plain name as it is, with nothing to report', () => {
    for (const name of ['Иванов Иван Иванович', 'SHCHERBAKOV, Dmitry', 'ООО "Ромашка"', 'Ковалёв А.С.']) {
      expect(nameHygiene(name)).toEqual({ text: name, removed: 0, folded: 0, foreign: 0 });
    }
  });

  it('collapses whitespace of every kind without reporting it (Excel exports are full of NBSP)', () => {
    const result = nameHygiene('  Иванов\u00a0\u00a0Иван\tИванович\u2009\r\n');
    expect(result).toEqual({ text: 'Иванов Иван Иванович', removed: 0, folded: 0, foreign: 0 });
  });

  it('composes decomposed letters (NFKC) and keeps ё', () => {
    expect(nameHygiene('Ковале\u0308в Андреи\u0306').text).toBe('Ковалёв Андрей');
    expect(nameHygiene('Ковалёв').text).toBe('Ковалёв');
  });

  it('removes a stress mark left over after composition', () => {
    expect(nameHygiene('Ива\u0301нов')).toEqual({ text: 'Иванов', removed: 1, folded: 0, foreign: 0 });
  });

  it('folds full-width letters without reporting them: NFKC alone is no disguise', () => {
    expect(nameHygiene('Ｉｖａｎｏｖ')).toEqual({ text: 'Ivanov', removed: 0, folded: 0, foreign: 0 });
  });

  it('keeps № (NFKC would spell it No)', () => {
    expect(nameHygiene('МБОУ «Школа №\u00a05»').text).toBe('МБОУ «Школа № 5»');
  });

  it('folds Latin look-alikes inside a Cyrillic word to Cyrillic', () => {
    expect(nameHygiene('Щepбaков')).toEqual({ text: 'Щербаков', removed: 0, folded: 3, foreign: 0 });
    expect(nameHygiene('КОВАЛEВ').text).toBe('КОВАЛЕВ');
    expect(nameHygiene('Cмирнова').text).toBe('Смирнова');
  });

  it('folds Cyrillic look-alikes inside a Latin word to Latin', () => {
    expect(nameHygiene('SHCHERBАKОV Dmitry')).toEqual({
      text: 'SHCHERBAKOV Dmitry',
      removed: 0,
      folded: 2,
      foreign: 0,
    });
    expect(nameHygiene('Kuznetsоva').text).toBe('Kuznetsova');
  });

  it('folds Ukrainian і and ї both ways', () => {
    expect(nameHygiene('Коваленкo Олексiй').text).toBe('Коваленко Олексій');
    expect(nameHygiene('Oleks\u0456i').text).toBe('Oleksii');
  });

  it('leaves words in one script alone, even next to words in the other', () => {
    expect(nameHygiene('Petrov Петров').text).toBe('Petrov Петров');
    expect(nameHygiene('ООО Vostok').text).toBe('ООО Vostok');
  });

  it('leaves a word alone whose two scripts both have letters without a look-alike (a brand)', () => {
    expect(nameHygiene('ООО «ЭкоLife»')).toEqual({
      text: 'ООО «ЭкоLife»',
      removed: 0,
      folded: 0,
      foreign: 0,
    });
  });

  it('folds a person’s word written half in each script towards the name’s script, and counts it', () => {
    // Brand-shaped (a run of each script, each with letters of its own), but a person's name is never one.
    const person = nameHygiene('Гусev Анатолий Игоревич', { person: true });
    expect(person).toEqual({ text: 'Гусев Анатолий Игоревич', removed: 0, folded: 2, foreign: 0 });
    expect(isObfuscated(person)).toBe(true);
    // A Latin name: its look-alikes are folded to Latin (`е` → `e`), and the word still counts.
    expect(isObfuscated(nameHygiene('Gusев Anatolii', { person: true }))).toBe(true);
    // The same word in an organization's name stays a brand.
    expect(nameHygiene('Гусev Анатолий Игоревич')).toEqual({
      text: 'Гусev Анатолий Игоревич',
      removed: 0,
      folded: 0,
      foreign: 0,
    });
    expect(nameHygiene('ООО «ЭкоLife»').folded).toBe(0);
  });

  it('is idempotent and never grows a name', () => {
    const piece = fc.oneof(
      fc.constantFrom(...'Щербаков Shcherbakov aeopcxyАВЕКМНОРСТХіїё №-.,"«»'),
      fc.constantFrom(...Object.values(INVISIBLE), '\u00a0', '\t', '\u2009', 'Ｉ', '\u0301', '\u0308'),
      fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
    );
    const any = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(any, (value) => {
        const first = nameHygiene(value);
        // Third-script letters with nothing to fold to stay, and are reported again: they are still there.
        expect(nameHygiene(first.text)).toEqual({ ...first, removed: 0, folded: 0 });
        const asPerson = nameHygiene(value, { person: true });
        expect(nameHygiene(asPerson.text, { person: true })).toEqual({ ...asPerson, removed: 0, folded: 0 });
      }),
    );
  });

  const names = fc.constantFrom(
    ...SURNAMES.flatMap(([m, f]) => [m, f]),
    ...MALE_NAMES.map(([n]) => n),
    ...FEMALE_NAMES,
  );
  const marks = fc.constantFrom(...Object.values(INVISIBLE));

  it('undoes any number of invisible characters planted anywhere in a name', () => {
    fc.assert(
      fc.property(
        names,
        fc.array(fc.tuple(fc.nat(), marks), { minLength: 1, maxLength: 4 }),
        (name, inserts) => {
          const dirty = [...name];
          for (const [at, mark] of inserts) dirty.splice(at % (dirty.length + 1), 0, mark);
          const result = nameHygiene(dirty.join(''));
          expect(result.text).toBe(name);
          expect(result.removed).toBe(inserts.length);
        },
      ),
    );
  });

  it('undoes any Latin look-alike typed into a Cyrillic name', () => {
    const latinFor = new Map(CONFUSABLE_PAIRS.map(([latin, cyrillic]) => [cyrillic, latin]));
    fc.assert(
      fc.property(names, fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), (name, positions) => {
        const chars = [...name];
        const swappable = chars.flatMap((ch, i) => (latinFor.has(ch) ? [i] : []));
        // A word of look-alikes only (none in these lists) would be a Latin word, not an evasion.
        const latinOnly = swappable.length === chars.length;
        fc.pre(swappable.length > 0 && !latinOnly);
        for (const p of positions) {
          const i = swappable[p % swappable.length] ?? 0;
          chars[i] = latinFor.get(chars[i] ?? '') ?? chars[i] ?? '';
        }
        expect(nameHygiene(chars.join('')).text).toBe(name);
      }),
    );
  });
});

describe('the matcher applies name hygiene to both sides', () => {
  it('splits a record name with marks in it into the clean words', () => {
    expect(splitWords('Щер\u200fбаков Дмитрий').map((w) => w.text)).toEqual(['щербаков', 'дмитрий']);
  });

  it('matches a client whose name has a mark against the clean record, and the reverse', () => {
    const record = sanctions({ name: 'Щербаков Дмитрий Юрьевич', birth_date: '1971-02-08' });
    const dirty = person('Щербак\u034fов Дмитрий Юрь\u0001евич', { birthDate: '1971-02-08' });
    expect(scoreSanctions(dirty, record).decision).toBe('MATCH');
    const markedRecord = foreignAgent({
      name: 'Кова\u200fлёв Андрей Сергеевич',
      birth_date: '1975-03-14',
      agent_type: 'Физическое лицо',
      registration_number: 'FA-0001',
    });
    const client = person('Ковалев Андрей Сергеевич', { birthDate: '1975-03-14' });
    expect(scoreForeignAgent(client, markedRecord).decision).toBe('MATCH');
  });

  it('reads a person’s word written half in each script as the name’s script on both sides', () => {
    expect(splitWords('Гусev Анатолий', false, true).map((w) => w.text)).toEqual(['гусев', 'анатолий']);
    expect(splitWords('ООО ЭкоLife', true).map((w) => w.text)).toEqual(['ооо', 'экоlife']);
    const record = sanctions({ name: 'Гусев Анатолий Игоревич', birth_date: '1970-05-05' });
    const client = person('Гусev Анатолий Игоревич', { birthDate: '1970-05-05' });
    expect(scoreSanctions(client, record).decision).toBe('MATCH');
    const disguisedRecord = sanctions({ name: 'Гусev Анатолий Игоревич', birth_date: '1970-05-05' });
    const plain = person('Гусев Анатолий Игоревич', { birthDate: '1970-05-05' });
    expect(scoreSanctions(plain, disguisedRecord).decision).toBe('MATCH');
  });

  it('matches a Latin name with a Cyrillic look-alike against its Cyrillic original', () => {
    const record = sanctions({ name: 'Щербаков Дмитрий Юрьевич', birth_date: '1971-02-08' });
    const client = person('Shcherbаkоv Dmitrу Yurievich', { birthDate: '1971-02-08' });
    expect(scoreSanctions(client, record).decision).toBe('MATCH');
  });

  it('the skeleton reads a stray lower-case Latin look-alike in a Cyrillic word as the Cyrillic letter', () => {
    expect(skeleton('кoвалeв')).toBe(skeleton('ковалев'));
    expect(skeleton('олексiи')).toBe(skeleton('олексіи'));
  });
});
