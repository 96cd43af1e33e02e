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

/** The placeholders of a message, sorted: both catalogues must use the same ones for every key. */
export function placeholdersOf(message: string): string[] {
  return [...message.matchAll(/\{(\w+)\}/gu)].map((m) => m[1] ?? '').sort();
}
