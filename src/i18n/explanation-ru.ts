import type { Lang } from './lang.js';

/**
 * The scorer's explanation (`name 0.97 (Cyrillic ↔ Latin ICAO), birth_date equal, inn absent on record`) as
 * a Russian page shows it. The scorer writes English pieces joined with `, ` and those stay as they are in
 * verdicts.csv and evidence.jsonl, so that an audit compares the same bytes run to run; the pages render
 * each piece by its shape here. A piece no rule knows is kept in English and reported in `untranslated`, so
 * that a test can name it: a new note in the matcher needs a rule here (one entry in RULES).
 */

/** A piece of rendered text: Russian words, or a value shown as written (a name, a date, a form code). */
export interface ExplanationPart {
  readonly text: string;
  /** A value from the client or the record, not a word of the page's language. */
  readonly verbatim: boolean;
}

export interface RenderedExplanation {
  readonly parts: readonly ExplanationPart[];
  /** The pieces no rule knows, as the scorer wrote them. */
  readonly untranslated: readonly string[];
}

type Part = string | { readonly v: string };
const v = (text: string): Part => ({ v: text });

const ROLE_NOM: Readonly<Record<string, string>> = {
  surname: 'фамилия',
  'given name': 'имя',
  patronymic: 'отчество',
  'name part': 'часть имени',
};
const ROLE_GEN: Readonly<Record<string, string>> = {
  surname: 'фамилии',
  'given name': 'имени',
  patronymic: 'отчества',
  'name part': 'части имени',
};
const ROLE = '(surname|given name|patronymic|name part)';
const SIDE_ABSENT: Readonly<Record<string, string>> = {
  client: 'у клиента',
  record: 'в записи',
  both: 'ни у клиента, ни в записи',
};
const ID_RU: Readonly<Record<string, string>> = {
  inn: 'ИНН',
  ogrn: 'ОГРН',
  ogrnip: 'ОГРНИП',
  snils: 'СНИЛС',
};
const KIND_RU: Readonly<Record<string, string>> = {
  person: 'физлицо',
  organization: 'организация',
  individual_entrepreneur: 'ИП',
};

/** The transliteration systems as describeScripts names them (src/matching/text/transliterate.ts). */
const SYSTEM_RU: readonly (readonly [string, string])[] = [
  ['GOST R 52535', 'ГОСТ Р 52535'],
  ['GOST 7.79 B', 'ГОСТ 7.79 Б'],
  ['BGN/PCGN', 'BGN/PCGN'],
  ['1997 passport', 'паспорт 1997 г.'],
  ['ICAO', 'ICAO'],
  ['mixed/non-standard', 'смешанная или нестандартная'],
];

/** `Latin ICAO/GOST R 52535`, `Cyrillic`, `no letters`: one side of a name's scripts. */
function scriptSide(text: string): Part[] | undefined {
  if (text === 'Cyrillic') return ['кириллица'];
  if (text === 'no letters') return ['без букв'];
  if (text === 'Latin') return ['латиница'];
  if (!text.startsWith('Latin ')) return undefined;
  let rest = text.slice('Latin '.length);
  const systems: string[] = [];
  while (rest.length > 0) {
    const found = SYSTEM_RU.find(([en]) => rest.startsWith(en) && [undefined, '/'].includes(rest[en.length]));
    if (found === undefined) return undefined;
    systems.push(found[1]);
    rest = rest.slice(found[0].length + 1);
  }
  return ['латиница ' + systems.join('/')];
}

/** `Cyrillic ↔ Latin ICAO, name_local`: the scripts, then the record's field when it is not `name`. */
function nameDetail(text: string): Part[] | undefined {
  const comma = text.indexOf(', ');
  const scripts = comma < 0 ? text : text.slice(0, comma);
  const field = comma < 0 ? undefined : text.slice(comma + 2);
  const sides = scripts.split(' ↔ ').map(scriptSide);
  if (sides.length > 2 || sides.some((s) => s === undefined)) return undefined;
  const out: Part[] = sides.flatMap((s, i) => (i === 0 ? (s ?? []) : [' ↔ ', ...(s ?? [])]));
  if (field === undefined) return out;
  const alias = /^(\w+) alias «(.*)»$/u.exec(field);
  if (alias) return [...out, ', псевдоним в поле ', v(alias[1] ?? ''), ' «', v(alias[2] ?? ''), '»'];
  if (!/^\w+$/u.test(field)) return undefined;
  return [...out, ', поле ', v(field)];
}

const ALIGN_ROUTE: Readonly<Record<string, string>> = {
  '=': '=',
  '~': '~',
  '~ (gender form)': '~ (другая родовая форма)',
  '~ (patronymic of)': '~ (отчество от имени)',
  '~ (initial)': '~ (инициал)',
  '~ (joined)': '~ (слитно)',
  '~ (short form of)': '~ (краткая форма имени)',
};

/** One pair of the order-free comparison (src/matching/compare): `ivan = ivan`, `+ petr (record only)`. */
function alignedPair(text: string): Part[] | undefined {
  const only = /^\+ (\S+) \((client|record) only\)$/u.exec(text);
  if (only)
    return ['+ ', v(only[1] ?? ''), only[2] === 'client' ? ' (только у клиента)' : ' (только в записи)'];
  const pair =
    /^(\S+) (=|~(?: \((?:gender form|patronymic of|initial|joined|short form of)\))?) (\S+)( \d\.\d\d)?$/u.exec(
      text,
    );
  if (!pair) return undefined;
  return [v(pair[1] ?? ''), ` ${ALIGN_ROUTE[pair[2] ?? ''] ?? ''} `, v(pair[3] ?? ''), pair[4] ?? ''];
}

/** One item of an organization's word-by-word comparison (src/matching/compare/org-align.ts). */
function similarWordsItem(text: string): Part[] | undefined {
  const alone = /^alone: (.+)$/u.exec(text);
  if (alone) return ['без пары: ', v(alone[1] ?? '')];
  const joined = /^(\S+)=(.+) \((joined|acronym)\)$/u.exec(text);
  if (joined)
    return [
      v(joined[1] ?? ''),
      ' = ',
      v(joined[2] ?? ''),
      joined[3] === 'joined' ? ' (слитно)' : ' (аббревиатура)',
    ];
  const pair = /^(\S+)~(\S+)$/u.exec(text);
  if (pair) return [v(pair[1] ?? ''), ' ~ ', v(pair[2] ?? '')];
  return /^\S+$/u.test(text) ? [v(text)] : undefined;
}

type Rule = readonly [RegExp, (m: RegExpExecArray) => Part[] | undefined];
const g = (m: RegExpExecArray, i: number): string => m[i] ?? '';

/** Every piece the scorer writes, by its shape. Values in brackets are the client's and the record's. */
const RULES: readonly Rule[] = [
  // First: a birth date's note with the suffix a record of several dates adds.
  [
    /^(.*) \(one of (\d+) dates on record\)$/u,
    (m) => {
      const inner = renderPiece(g(m, 1));
      return inner && [...inner, ` (одна из ${g(m, 2)} дат записи)`];
    },
  ],
  [
    /^name (\d\.\d\d) \((.*)\)$/u,
    (m) => {
      const detail = nameDetail(g(m, 2));
      return detail && [`имя ${g(m, 1)} (`, ...detail, ')'];
    },
  ],
  [/^name absent on (client|record)$/u, (m) => [`имени нет ${SIDE_ABSENT[g(m, 1)]}`]],
  [/^birth_date equal$/u, () => ['дата рождения совпадает']],
  [/^birth_date absent on (client|record|both)$/u, (m) => [`даты рождения нет ${SIDE_ABSENT[g(m, 1)]}`]],
  [/^birth_date year only \((.*)\)$/u, (m) => ['дата рождения: совпадает только год (', v(g(m, 1)), ')']],
  [
    /^birth_date day\/month swapped \((.*) ↔ (.*)\)$/u,
    (m) => ['дата рождения: день и месяц переставлены (', v(g(m, 1)), ' ↔ ', v(g(m, 2)), ')'],
  ],
  [
    /^birth_date differs \((.*) ≠ (.*)\)$/u,
    (m) => ['дата рождения различается (', v(g(m, 1)), ' ≠ ', v(g(m, 2)), ')'],
  ],
  [
    /^birth_date differs \(none of (\d+) dates on record\)$/u,
    (m) => [`дата рождения различается (не совпала ни одна из ${g(m, 1)} дат записи)`],
  ],
  [
    /^full birth date equal corroborates name (\d\.\d\d) \(≥ (\d\.\d\d)\): review$/u,
    (m) => [`полная дата рождения совпадает и подкрепляет имя ${g(m, 1)} (≥ ${g(m, 2)}): на проверку`],
  ],
  [/^(inn|ogrn|ogrnip|snils) equal$/u, (m) => [`${ID_RU[g(m, 1)]} совпадает`]],
  [/^(inn|ogrn|ogrnip|snils) differs$/u, (m) => [`${ID_RU[g(m, 1)]} различается`]],
  [/^(inn|ogrn|ogrnip|snils) absent on record$/u, (m) => [`${ID_RU[g(m, 1)]} нет в записи`]],
  [/^(inn|ogrn|ogrnip|snils) invalid on record$/u, (m) => [`${ID_RU[g(m, 1)]} в записи неверен`]],
  [/^identifiers disagree$/u, () => ['идентификаторы противоречат друг другу']],
  [
    /^entity differs \(client (\w+), record (\w+)\)$/u,
    (m) => {
      const [a, b] = [KIND_RU[g(m, 1)], KIND_RU[g(m, 2)]];
      return a && b ? [`тип лица различается (клиент — ${a}, запись — ${b})`] : undefined;
    },
  ],
  [
    new RegExp(`^${ROLE} gender form differs \\((.*) ≠ (.*)\\)$`, 'u'),
    (m) => [`${ROLE_NOM[g(m, 1)]}: другая родовая форма (`, v(g(m, 2)), ' ≠ ', v(g(m, 3)), ')'],
  ],
  [
    new RegExp(`^${ROLE} differs \\((.*) ≠ (.*)\\)$`, 'u'),
    (m) => [`${ROLE_NOM[g(m, 1)]} различается (`, v(g(m, 2)), ' ≠ ', v(g(m, 3)), ')'],
  ],
  [
    /^patronymic of the same name in another form \((.*) ~ (.*)\)$/u,
    (m) => ['отчество от того же имени в другой форме (', v(g(m, 1)), ' ~ ', v(g(m, 2)), ')'],
  ],
  [
    new RegExp(`^${ROLE} in another language \\((.*) ~ (.*)\\)$`, 'u'),
    (m) => [`${ROLE_NOM[g(m, 1)]} на другом языке (`, v(g(m, 2)), ' ~ ', v(g(m, 3)), ')'],
  ],
  [
    new RegExp(`^${ROLE} in a Belarusian form \\((.*) ~ (.*)\\)$`, 'u'),
    (m) => [`${ROLE_NOM[g(m, 1)]} в белорусской форме (`, v(g(m, 2)), ' ~ ', v(g(m, 3)), ')'],
  ],
  [
    /^one part of a double surname \((.*) ~ (.*)\)$/u,
    (m) => ['одна часть двойной фамилии (', v(g(m, 1)), ' ~ ', v(g(m, 2)), ')'],
  ],
  [
    new RegExp(`^(one|two)-letter difference in ${ROLE} \\((.*) ~ (.*)\\)$`, 'u'),
    (m) => [
      `${ROLE_NOM[g(m, 2)]}: ${g(m, 1) === 'one' ? 'одна буква' : 'две буквы'} другие (`,
      v(g(m, 3)),
      ' ~ ',
      v(g(m, 4)),
      ')',
    ],
  ],
  [
    new RegExp(`^${ROLE} absent on (client|record)$`, 'u'),
    (m) => [`${ROLE_GEN[g(m, 1)]} нет ${SIDE_ABSENT[g(m, 2)]}`],
  ],
  [/^one name part in common$/u, () => ['общая только одна часть имени']],
  [/^initials only$/u, () => ['только инициалы']],
  [
    /^Belarusian form: the person only with an equal full birth date$/u,
    () => ['белорусская форма: тот же человек только при совпадении полной даты рождения'],
  ],
  [
    /^number differs \((.*) ≠ (.*)\)$/u,
    (m) => {
      const num = (s: string): Part => (s === 'none' ? 'нет' : v(s));
      return ['номер различается (', num(g(m, 1)), ' ≠ ', num(g(m, 2)), ')'];
    },
  ],
  [/^same words in another order$/u, () => ['те же слова в другом порядке']],
  [
    /^same name with common words in another language$/u,
    () => ['то же название, общие слова — на другом языке'],
  ],
  [/^one-letter difference in name$/u, () => ['название отличается одной буквой']],
  [/^same letters$/u, () => ['те же буквы']],
  [/^son and father change places$/u, () => ['сын и отец поменялись местами']],
  [/^words joined or split$/u, () => ['слова написаны слитно или раздельно']],
  [
    /^words agree: a series or sister entity for a reviewer$/u,
    () => ['остальные слова совпадают: серия или родственная организация, решает проверяющий'],
  ],
  [
    /^similar words \((.*)\)$/u,
    (m) => {
      const items = g(m, 1).split(', ').map(similarWordsItem);
      if (items.some((i) => i === undefined)) return undefined;
      return [
        'похожие слова (',
        ...items.flatMap((i, k) => (k === 0 ? (i ?? []) : [', ', ...(i ?? [])])),
        ')',
      ];
    },
  ],
  [/^name differs$/u, () => ['название различается']],
  [
    /^name differs \((?:only on client: (.*?))?(?:; )?(?:only on record: (.*))?\)$/u,
    (m) => {
      const sides: Part[][] = [];
      if (m[1] !== undefined) sides.push(['только у клиента: ', v(g(m, 1))]);
      if (m[2] !== undefined) sides.push(['только в записи: ', v(g(m, 2))]);
      if (sides.length === 0) return undefined;
      return ['название различается (', ...sides.flatMap((s, i) => (i === 0 ? s : ['; ', ...s])), ')'];
    },
  ],
  [
    /^legal form absent on (client|record)$/u,
    (m) => [`организационно-правовой формы нет ${SIDE_ABSENT[g(m, 1)]}`],
  ],
  [
    /^legal form differs \((.*) ≠ (.*)\)$/u,
    (m) => ['организационно-правовая форма различается (', v(g(m, 1)), ' ≠ ', v(g(m, 2)), ')'],
  ],
  [/^legal form (\S+) ~ (\S+)$/u, (m) => ['организационно-правовая форма ', v(g(m, 1)), ' ~ ', v(g(m, 2))]],
  [/^legal form (\S+)$/u, (m) => ['организационно-правовая форма ', v(g(m, 1))]],
  [/^both are branches: the parents compared$/u, () => ['оба — филиалы: сравнены головные организации']],
  [/^client is a branch of the listed organization$/u, () => ['клиент — филиал организации из списка']],
  [/^record is a branch of the client$/u, () => ['запись — филиал клиента']],
  [
    /^words aligned: (.*)$/u,
    (m) => {
      const pair = alignedPair(g(m, 1));
      return pair && ['слова сопоставлены: ', ...pair];
    },
  ],
];

function renderPiece(piece: string): Part[] | undefined {
  for (const [pattern, render] of RULES) {
    const m = pattern.exec(piece);
    if (m) return render(m);
  }
  return undefined;
}

/**
 * The pieces of an explanation as joinExplanation wrote them: split at `, ` outside brackets and «».
 * The pairs of `words aligned: …` are pieces of their own here (their list is joined with `, ` too).
 */
export function explanationPieces(text: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '«') depth++;
    else if ((c === ')' || c === '»') && depth > 0) depth--;
    else if (depth === 0 && c === ',' && text[i + 1] === ' ') {
      pieces.push(text.slice(start, i));
      start = i + 2;
    }
  }
  if (text.length > 0) pieces.push(text.slice(start));
  return pieces;
}

/** What a whitelist entry adds after `; ` (src/verdict/whitelist-rule.ts): who reviewed it, and when. */
const WHITELIST_SUFFIXES: readonly Rule[] = [
  [
    /^whitelisted as a false positive by (.+?) on (\d{4}-\d\d-\d\d)(?:: (.*))?$/u,
    (m) => [
      'в белом списке как ложное совпадение: ',
      v(g(m, 1)),
      `, ${g(m, 2)}`,
      ...(m[3] === undefined ? [] : [': «', v(g(m, 3)), '»']),
    ],
  ],
  [
    /^whitelist entry by (.+?) on (\d{4}-\d\d-\d\d) reopened: the record changed since the review$/u,
    (m) => [
      'запись белого списка (',
      v(g(m, 1)),
      `, ${g(m, 2)}) снова учитывается: запись реестра изменилась после проверки`,
    ],
  ],
];

function whitelistSuffix(text: string): { readonly body: string; readonly suffix?: Part[] | string } {
  const at = text.search(/; whitelist(ed as|\sentry by)/u);
  if (at < 0) return { body: text };
  const tail = text.slice(at + 2);
  for (const [pattern, render] of WHITELIST_SUFFIXES) {
    const m = pattern.exec(tail);
    const rendered = m ? render(m) : undefined;
    if (rendered) return { body: text.slice(0, at), suffix: rendered };
  }
  return { body: text.slice(0, at), suffix: tail };
}

function pushParts(parts: ExplanationPart[], rendered: readonly Part[]): void {
  for (const p of rendered) {
    if (typeof p === 'string') {
      if (p.length > 0) parts.push({ text: p, verbatim: false });
    } else if (p.v.length > 0) parts.push({ text: p.v, verbatim: true });
  }
}

/** The explanation in the page's language: English as the scorer wrote it, Russian piece by piece. */
export function renderExplanation(text: string, lang: Lang): RenderedExplanation {
  if (lang === 'en') return { parts: [{ text, verbatim: false }], untranslated: [] };
  const parts: ExplanationPart[] = [];
  const untranslated: string[] = [];
  let aligned = false;
  const { body, suffix } = whitelistSuffix(text);
  for (const piece of explanationPieces(body)) {
    if (parts.length > 0) parts.push({ text: ', ', verbatim: false });
    // After `words aligned:` the further pairs of the same list follow as pieces of their own.
    const pair: Part[] | undefined = aligned ? alignedPair(piece) : undefined;
    const rendered = pair ?? renderPiece(piece);
    aligned = pair !== undefined || piece.startsWith('words aligned: ');
    if (rendered === undefined) {
      untranslated.push(piece);
      parts.push({ text: piece, verbatim: false });
      continue;
    }
    pushParts(parts, rendered);
  }
  if (typeof suffix === 'string') {
    untranslated.push(suffix);
    parts.push({ text: `; ${suffix}`, verbatim: false });
  } else if (suffix !== undefined) {
    parts.push({ text: '; ', verbatim: false });
    pushParts(parts, suffix);
  }
  return { parts, untranslated };
}

/** The rendered explanation as plain text. */
export function explanationText(text: string, lang: Lang): string {
  return renderExplanation(text, lang)
    .parts.map((p) => p.text)
    .join('');
}

/**
 * The rendered explanation as HTML: values from the client and the record marked `translate="no"` (names,
 * dates, form codes are not words of the page's language), an untranslated piece marked `lang="en"`.
 */
export function explanationHtml(text: string, lang: Lang, escape: (s: string) => string): string {
  const rendered = renderExplanation(text, lang);
  const untranslated = new Set(rendered.untranslated);
  return rendered.parts
    .map((p) =>
      p.verbatim
        ? `<span translate="no">${escape(p.text)}</span>`
        : untranslated.has(p.text)
          ? `<span lang="en">${escape(p.text)}</span>`
          : escape(p.text),
    )
    .join('');
}
