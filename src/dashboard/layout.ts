import type { Lang } from '../i18n/lang.js';
import { translator, type Translate } from '../i18n/translate.js';

/** The language of a dashboard page and its messages. */
export interface PageLang {
  readonly lang: Lang;
  readonly t: Translate;
}

export function pageLang(lang: Lang): PageLang {
  return { lang, t: translator(lang) };
}

export function escape(text: string): string {
  return text.replace(/[&<>"']/gu, (c) => `&#${c.charCodeAt(0)};`);
}

/** The other language's switch: the same page and filters, `lang` set (the server remembers it in a cookie). */
export function langSwitch(path: string, query: URLSearchParams, { lang, t }: PageLang): string {
  const params = new URLSearchParams(query);
  params.set('lang', lang === 'ru' ? 'en' : 'ru');
  return `<a class="lang" href="${escape(`${path}?${params.toString()}`)}" hreflang="${lang === 'ru' ? 'en' : 'ru'}" lang="${lang === 'ru' ? 'en' : 'ru'}" translate="no">${escape(t('dash.otherLang'))}</a>`;
}

const NAV = [
  ['runs', 'dash.nav.runs'],
  ['schedules', 'dash.nav.schedules'],
  ['queues', 'dash.nav.queues'],
  ['metrics', 'dash.nav.metrics'],
  ['desk', 'desk.nav'],
] as const;

export const BASE_STYLE = `
body{font:14px system-ui,sans-serif;margin:24px;color:#1d2733}
h1{font-size:22px;margin:0 0 8px}
nav{display:flex;gap:16px;align-items:baseline;flex-wrap:wrap}nav a.here{font-weight:600;color:#1d2733;text-decoration:none}
nav .lang{margin-left:auto}
table{border-collapse:collapse;margin-top:16px;width:100%;font-size:13px}
th,td{border-bottom:1px solid #dde3ea;padding:5px 4px;text-align:left;vertical-align:top}
th{background:#f3f6f9;vertical-align:bottom}
.notice{background:#fff4e5;border:1px solid #9a6700;padding:8px 12px;border-radius:6px}
`;

/** A whole dashboard page: its nav (the page itself marked), the language switch, the body given. */
export function pageShell(options: {
  readonly page: PageLang;
  readonly title: string;
  readonly here: (typeof NAV)[number][0] | '';
  readonly switchLink: string;
  readonly style: string;
  readonly body: string;
  readonly extraNav?: string;
}): string {
  const { t, lang } = options.page;
  const nav = NAV.map(
    ([href, key]) => `<a href="${href}"${href === options.here ? ' class="here"' : ''}>${escape(t(key))}</a>`,
  ).join('');
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8">
<title>${escape(options.title)}</title>
<style>${BASE_STYLE}${options.style}</style></head>
<body>
<h1>${escape(options.title)}</h1>
<nav>${nav}${options.extraNav ?? ''}${options.switchLink}</nav>
${options.body}
</body></html>
`;
}
