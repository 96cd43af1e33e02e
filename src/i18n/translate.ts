import type { Lang } from './lang.js';
import { EN, type MessageKey } from './messages-en.js';
import { RU } from './messages-ru.js';

export type { MessageKey } from './messages-en.js';

export const CATALOGUES: Readonly<Record<Lang, Readonly<Record<MessageKey, string>>>> = { en: EN, ru: RU };

/** The values a message's `{name}` placeholders take. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Looks a message up and fills it in; a placeholder without a value stays visible rather than vanishing. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

export function translator(lang: Lang): Translate {
  const catalogue = CATALOGUES[lang];
  return (key, params) =>
    catalogue[key].replace(/\{(\w+)\}/gu, (whole, name: string) =>
      params && Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
}

/** Whether a text built at run time (a key with a code in it) names a message of the catalogues. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(EN, key);
}

/** The placeholders of a message, sorted: both catalogues must use the same ones for every key. */
export function placeholdersOf(message: string): string[] {
  return [...message.matchAll(/\{(\w+)\}/gu)].map((m) => m[1] ?? '').sort();
}

/**
 * A message as HTML whose parameters are people's names or values as written: each marked
 * `translate="no"` (a name is not a word of the page's language), the rest escaped with `escape`.
 */
export function translateWithValues(
  t: Translate,
  key: MessageKey,
  params: MessageParams,
  escape: (text: string) => string,
): string {
  const marked: Record<string, string> = {};
  for (const name of Object.keys(params)) marked[name] = `\uE000${name}\uE000`;
  return escape(t(key, marked)).replace(/\uE000(\w+)\uE000/gu, (_, name: string) =>
    Object.hasOwn(params, name) ? `<span translate="no">${escape(String(params[name]))}</span>` : '',
  );
}
