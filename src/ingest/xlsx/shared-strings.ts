import { readXml, unescapeOoxml } from './xml.js';

/**
 * The workbook's shared strings: most text cells hold only an index into this table. A rich-text string
 * is the concatenation of its runs; phonetic guides (`rPh`) are not part of the text.
 */
export function sharedStrings(xml: string | undefined): string[] {
  const strings: string[] = [];
  if (xml === undefined) return strings;
  let current: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  readXml('sharedStrings', xml, {
    open(name) {
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    text(text) {
      if (inText) current?.push(text);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') {
        strings.push(unescapeOoxml((current ?? []).join('')));
        current = undefined;
      }
    },
  });
  return strings;
}
