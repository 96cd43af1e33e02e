/**
 * Whether a debtor `message` says "there is no record for this INN". The contract does not show that
 * answer, so services word it differently; the ones seen and the usual phrasings are built in, and an
 * operator adds more through the upstream profile (`debtorNotFound`, `KYC_DEBTOR_NOT_FOUND`). See
 * docs/lookup-service.md.
 *
 * Reading is tolerant in form (case, ё/е, punctuation, spacing) and strict in substance:
 *  - every built-in phrase carries its own negation («не найден», "not found"), so a message that says
 *    something was found («должник найден») never reads as not-found;
 *  - a message that also speaks of a failure, of the request or of the service («ошибка», "error",
 *    «недоступен», "route", «параметр», …) is not read as not-found even when a phrase occurs in it:
 *    "endpoint not found" or «ошибка: источник не найден» say nothing about the client.
 * A message that does not read as not-found makes the check an ERROR, never CLEAR.
 */
export const DEBTOR_NOT_FOUND_PHRASES = [
  'не найден',
  'не найдена',
  'не найдено',
  'не найдены',
  'не найдены сведения',
  'сведения не найдены',
  'сведений не найдено',
  'отсутствует в базе',
  'отсутствуют в базе',
  'отсутствуют сведения',
  'сведения отсутствуют',
  'нет данных',
  'нет сведений',
  'данные отсутствуют',
  'не является должником',
  'нет информации',
  'информация отсутствует',
  'не числится',
  'не значится',
  'not found',
  'no record',
  'no records',
  'no data',
  'no information',
  'no debtor',
  'nothing found',
  'no results',
  'no matching record',
  'no matching records',
  'none found',
] as const;

/**
 * Word stems that make a message about something else than the client's record: a failure, the request,
 * the service or the route. Matched at the start of a word.
 */
export const DEBTOR_MESSAGE_VETO_STEMS = [
  'ошибк',
  'сбой',
  'недоступ',
  'временно',
  'повтор',
  'превыш',
  'лимит',
  'параметр',
  'ключ',
  'доступ',
  'авториз',
  'сервис',
  'источник',
  'маршрут',
  'метод',
  'страниц',
  'error',
  'fail',
  'unavailable',
  'temporar',
  'timeout',
  'timed',
  'retry',
  'try',
  'limit',
  'exceed',
  'param',
  'key',
  'token',
  'auth',
  'forbidden',
  'denied',
  'service',
  'source',
  'route',
  'endpoint',
  'path',
  'method',
  'page',
  'url',
  'resource',
  'invalid',
  'некоррект',
  'неверн',
] as const;

/** Lower case, ё as е, every run of non-letters and non-digits one space, padded with spaces. */
export function foldMessage(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return ` ${words} `;
}

/** The phrases a message is compared with: the built-in ones and the profile's, folded. */
export function notFoundPhrases(extra: readonly string[] = []): readonly string[] {
  return [...DEBTOR_NOT_FOUND_PHRASES, ...extra]
    .map((phrase) => foldMessage(phrase))
    .filter((phrase) => phrase.trim() !== '');
}

/** Whether the message reads as "no record" (see the module comment); `extra` are the profile's phrases. */
export function readsAsNotFound(message: string, extra: readonly string[] = []): boolean {
  const folded = foldMessage(message);
  if (folded.trim() === '') return false;
  const profilePhrases = extra.map((phrase) => foldMessage(phrase)).filter((p) => p.trim() !== '');
  // A phrase the operator taught is taken as written: the operator has seen the message.
  if (profilePhrases.some((phrase) => folded.includes(phrase))) return true;
  if (DEBTOR_MESSAGE_VETO_STEMS.some((stem) => folded.includes(` ${stem}`))) return false;
  return notFoundPhrases().some((phrase) => folded.includes(phrase));
}
