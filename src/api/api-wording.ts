/**
 * The reader and the runs service explain a refusal in the CLI's terms (`--columns`, `--encoding`, …): the
 * same code reaches an API caller, who has none of those flags. At the API boundary each such advice is said
 * in the API's terms: the request's parameters and headers, or what to change in the file.
 */

const COLUMNS_ADVICE =
  'the API takes no column mapping: name the columns in the header line as the API reads them ' +
  '(e.g. full_name, inn, birth_date, or ФИО, ИНН, Дата рождения; docs/api.md, "Columns")';

type Rewrite = readonly [RegExp, (...groups: string[]) => string];

const REWRITES: readonly Rewrite[] = [
  // "name them with the columns option (--columns name=…,inn=…)", "(map one with --columns)"
  [/name them with the columns option \(--columns [^)]*\)/gu, () => COLUMNS_ADVICE],
  [/\(map one with --columns\)/gu, () => `(${COLUMNS_ADVICE})`],
  [/--columns\b/gu, () => 'a column mapping (the API takes none)'],
  [/pass the encoding explicitly/gu, () => 'send its charset (Content-Type: text/csv; charset=…)'],
  // "pass the encoding windows-1251", "give the encoding: --encoding utf-16le", "--encoding X"
  [
    /(?:pass|give) the encoding:? (?:--encoding )?([\w-]+)|--encoding ([\w-]+)/gu,
    (_match, a = '', b = '') => `send the file as Content-Type: text/csv; charset=${a || b}`,
  ],
  [/--encoding\b/gu, () => 'the charset of the Content-Type'],
  // "give the delimiter: --delimiter ':'": the API reads the delimiters the reader detects, no other.
  [
    /give the delimiter: --delimiter '[^']*'|--delimiter\b(?: '[^']*')?/gu,
    () => 'the API takes no delimiter: save the file separated by ; , tab or |',
  ],
  [/--checks\b/gu, () => 'the checks parameter'],
];

/** The message with the CLI's advice said in the API's terms; a message without any is returned as it is. */
export function apiWording(message: string): string {
  let out = message;
  for (const [pattern, replacement] of REWRITES) out = out.replace(pattern, replacement);
  return out;
}
