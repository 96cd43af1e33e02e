import { KycError } from '../errors.js';
import { environment } from '../settings/environment.js';

/** The languages of the human pages (the report, the dashboard): Russian for the officers, English on request. */
export const LANGS = ['ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ru';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * The language a command was asked for: its `--lang`, else `KYC_LANG`, else Russian. A value that is neither
 * `ru` nor `en` is refused (a typo must not silently give the other language).
 */
export function resolveLang(flag: string | undefined, env: NodeJS.ProcessEnv = environment()): Lang {
  const [value, source] =
    flag !== undefined ? [flag, '--lang'] : env.KYC_LANG ? [env.KYC_LANG, 'KYC_LANG'] : [DEFAULT_LANG, ''];
  const lower = value.trim().toLowerCase();
  if (isLang(lower)) return lower;
  throw new KycError('KYC_ERR_USAGE', `${source} ${JSON.stringify(value)}: use ${LANGS.join(' or ')}`);
}
