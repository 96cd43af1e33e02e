/**
 * The name of an individual entrepreneur without the words that say so. Bank exports write
 * `ИП Захаров Олег Павлович`, `Индивидуальный предприниматель Захаров …`, `Захаров Олег Павлович (ИП)` or
 * `ИП «Захаров О. П.»`; registers list the person under the name alone. Left in, the prefix is searched as
 * the surname (`Ип`) and scored as a name word, so a listed entrepreneur would come out CLEAR.
 */

/** Abbreviations in capitals only: `Ип` in Title case is a name word. */
/** Not `И.П.`: that is also the initials of a person (`И.П. Иванов`). */
const ABBREVIATION = '(?:ИП|ПБОЮЛ|(?:Глава\\s+)?КФХ|IE)';
const SPELLED =
  '(?:[Ии]ндивидуальный\\s+[Пп]редприниматель|ИНДИВИДУАЛЬНЫЙ\\s+ПРЕДПРИНИМАТЕЛЬ|[Ii]ndividual\\s+[Ee]ntrepreneur|[Ss]ole\\s+[Pp]roprietor)';
const FORM = `(?:${ABBREVIATION}|${SPELLED})`;
const LEADING = new RegExp(`^\\s*${FORM}(?![\\p{L}\\p{N}])[\\s:,.-]*`, 'u');
const TRAILING = new RegExp(`[\\s,(-]*(?<![\\p{L}\\p{N}])${FORM}\\)?\\s*$`, 'u');
const QUOTED = /^["'«](.*)["'»]$/su;

/**
 * The name without an entrepreneur's prefix or suffix and the quotes around what is left; the name as
 * given when it carries no such form or nothing would be left.
 */
export function withoutEntrepreneurForm(name: string): string {
  let rest = name.trim();
  const unquoted = (text: string) => QUOTED.exec(text)?.[1]?.trim() ?? text;
  rest = unquoted(rest);
  const stripped = unquoted(rest.replace(LEADING, '').replace(TRAILING, '').trim());
  if (stripped === rest) return name;
  return stripped.length > 0 ? stripped : name;
}
