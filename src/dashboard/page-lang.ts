import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isLang, type Lang } from '../i18n/lang.js';
import { pageLang, type PageLang } from './layout.js';

export const LANG_COOKIE = 'kyc_lang';

/**
 * The language of a dashboard page: `?lang=en|ru` (remembered in a cookie, so the switch holds from page to
 * page), else the remembered one, else the dashboard's own (`--lang`, `KYC_LANG`, else Russian).
 */
export function requestLang(c: Context, fallback: Lang): PageLang {
  const asked = c.req.query('lang');
  if (isLang(asked)) {
    setCookie(c, LANG_COOKIE, asked, { httpOnly: true, sameSite: 'Strict', path: '/' });
    return pageLang(asked);
  }
  const kept = getCookie(c, LANG_COOKIE);
  return pageLang(isLang(kept) ? kept : fallback);
}
