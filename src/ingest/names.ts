/**
 * Cleaning of names (and other free text) for matching. Only what is noise is removed: invisible
 * characters, odd spaces, typographic quotes. `ё` and letter case stay as written; the matching engine
 * folds those, and the Client keeps the name a human would recognise. Names (the cells that are searched
 * for and scored) go through the matcher's own name hygiene first, so that both sides of a comparison
 * are cleaned the same way.
 */
import type { RowIssue } from '../domain/client.js';
import { isObfuscated, nameHygiene, type NameHygiene } from '../matching/text/name-hygiene.js';

/**
 * Control characters other than tabs and line breaks (a NUL past the binary sniff's window), zero-width
 * characters, bidi marks and soft hyphens: invisible in Excel, fatal to an exact comparison.
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it removes
  /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/** Any run of whitespace, including NBSP (Excel's favourite), thin spaces and embedded line breaks. */
const SPACES = /\s+/g;
const DOUBLE_QUOTES = /[«»“”„‟″〝〞＂]/g;
const SINGLE_QUOTES = /[‘’‚‛′]/g;
/** Combining marks: a decomposed "й" (и + U+0306) from a macOS export must equal the composed one. */
const COMBINING = /[\u0300-\u036f]/;
/**
 * Whether the replacements below would change anything: edge or doubled spaces, whitespace other than
 * a plain space, invisible characters, typographic quotes, combining marks. Most cells have none of it;
 * a loop over char codes that skips ASCII letters and Cyrillic at once is the cheapest way to say so,
 * and this runs for several cells of every row.
 */
function needsWork(value: string): boolean {
  const last = value.length - 1;
  let previousSpace = true;
  for (let i = 0; i <= last; i++) {
    const c = value.charCodeAt(i);
    if (c > 0x20 && c < 0x7f) {
      previousSpace = false;
      continue;
    }
    if (c >= 0x400 && c <= 0x4ff) {
      previousSpace = false;
      continue;
    }
    if (c === 0x20) {
      if (previousSpace || i === last) return true;
      previousSpace = true;
      continue;
    }
    if (c <= 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
    if (c === 0xa0 || c === 0xab || c === 0xad || c === 0xbb) return true;
    if (c >= 0x300 && c <= 0x36f) return true;
    if (c === 0x1680 || (c >= 0x2000 && c <= 0x206f) || c === 0x3000 || c === 0x301d || c === 0x301e)
      return true;
    if (c === 0xfeff || c === 0xff02) return true;
    previousSpace = false;
  }
  return false;
}

/** Letters of both scripts side by side: the one shape the brand rule leaves in a cleaned name. */
const TWO_SCRIPTS_IN_A_WORD = /\p{Script=Latin}\p{Script=Cyrillic}|\p{Script=Cyrillic}\p{Script=Latin}/u;

/** Whether a cleaned name still has a word of both scripts (kept as a brand), so a person's cleaning differs. */
export function hasTwoScriptWord(cleaned: string): boolean {
  return TWO_SCRIPTS_IN_A_WORD.test(cleaned);
}

export function cleanText(value: string): string {
  if (value === '' || !needsWork(value)) return value;
  let text = value.replace(INVISIBLE, '');
  if (COMBINING.test(text)) text = text.normalize('NFC');
  return text.replace(SPACES, ' ').trim().replace(DOUBLE_QUOTES, '"').replace(SINGLE_QUOTES, "'");
}

/**
 * A name cell cleaned for screening: name hygiene (invisible, control and format characters removed,
 * look-alike letters folded to their word's script, NFKC), then the quotes and spaces of cleanText.
 * `removed` and `folded` say what hygiene found; the cell itself is never changed. `person`: the cell is
 * a person's name, where a word half in one script is a disguise, never a brand (`Гусev`, not `ЭкоLife`).
 */
export function cleanName(value: string, person = false): NameHygiene {
  if (value === '') return { text: '', removed: 0, folded: 0, foreign: 0 };
  const hygiene = nameHygiene(value, { person });
  return { ...hygiene, text: cleanText(hygiene.text) };
}

/**
 * The row warning for a name cell hygiene had to clean. The message counts what was found and names no
 * letter of the name: the cleaned form is what the evidence's requests show.
 */
export function obfuscationWarning(cleaned: NameHygiene, field: string): RowIssue | undefined {
  if (!isObfuscated(cleaned)) return undefined;
  const found: string[] = [];
  if (cleaned.removed > 0) found.push(`${cleaned.removed} invisible or control character(s) removed`);
  if (cleaned.folded > 0) found.push(`${cleaned.folded} look-alike letter(s) of another script folded`);
  if (cleaned.foreign > 0) found.push(`${cleaned.foreign} letter(s) of a third script left as written`);
  return {
    code: 'KYC_ERR_ROW_NAME_OBFUSCATED',
    message: `${field}: ${found.join(', ')}; screened in the cleaned form`,
    field,
  };
}

/** Values people type when they have no name to give; they must not be screened as if they were one. */
const PLACEHOLDERS = new Set([
  'нет',
  'н/д',
  'нд',
  'не указано',
  'не указан',
  'неизвестно',
  'без имени',
  'n/a',
  'none',
  'null',
  'nil',
  'undefined',
  'unknown',
]);
/** Excel error values (#N/A, #Н/Д, #VALUE!, #ЗНАЧ!, #REF!, #ССЫЛКА!…): a broken formula, not a name. */
const EXCEL_ERROR = /^#[^\s]*[!?/]/u;
const LETTER = /\p{L}/u;

/** Basic Latin and Cyrillic letters by code range (the hot path); other scripts ask Unicode. */
function isLetter(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x400 && c <= 0x4ff)) return true;
  if (c < 0x80) return false;
  return LETTER.test(text.charAt(i));
}

function hasTwoLetters(text: string): boolean {
  let letters = 0;
  for (let i = 0; i < text.length; i++) {
    if (isLetter(text, i) && ++letters === 2) return true;
  }
  return false;
}

/** A cleaned name is usable for screening when it has at least two letters and is not a placeholder. */
export function isUsableName(cleaned: string): boolean {
  if (!hasTwoLetters(cleaned)) return false;
  if (cleaned.charCodeAt(0) === 0x23 && EXCEL_ERROR.test(cleaned)) return false;
  // Placeholders are short words; a real full name is longer than any of them.
  return cleaned.length > 12 || !PLACEHOLDERS.has(cleaned.toLowerCase());
}
