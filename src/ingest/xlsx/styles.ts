import { readXml } from './xml.js';

/**
 * Which cell styles show a number as a date. Excel stores a date as a day count; only the cell's number
 * format says it is one. Built-in formats 14–22 and 45–47 are dates or times in every locale, 27–36 and
 * 50–58 in the East Asian ones (ECMA-376 part 1, 18.8.30); a custom format is a date when it has a day,
 * month or year placeholder outside quoted text, escapes and [colour]/[$-locale] sections.
 */
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/gu, '')
    .replace(/\\./gu, '')
    .replace(/\[[^\]]*\]/gu, '')
    .replace(/_.|\*./gu, '');
  const letters = bare.replace(/general/giu, '');
  // Day or year (Russian Excel writes Д and Г) make a date; m alone is a month only beside no hour or second.
  if (/[dyдг]/iu.test(letters)) return true;
  return /[mм]/iu.test(letters) && !/[hsчс]/iu.test(letters);
}

/** A number format id of a built-in or custom date format, by index of the cell style (`s` of a cell). */
export function dateStyles(stylesXml: string | undefined): ReadonlySet<number> {
  const dates = new Set<number>();
  if (stylesXml === undefined) return dates;
  const custom = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  readXml('styles', stylesXml, {
    open(name, a) {
      if (name === 'numFmt' && a.numFmtId !== undefined) custom.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) formats.push(Number(a.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  formats.forEach((id, index) => {
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : BUILT_IN_DATES.has(id)) dates.add(index);
  });
  return dates;
}
