import type { Person } from '../../desk/types.js';
import {
  translateWithValues,
  type MessageKey,
  type MessageParams,
  type Translate,
} from '../../i18n/translate.js';
import { BASE_STYLE, escape, type PageLang } from '../layout.js';

/** The frame of every desk page: the dashboard's style, its nav (absolute links), who is signed in. */

const STYLE = `
.desk-who{display:flex;gap:8px;align-items:baseline}
.desk-who form{display:inline}
button.link{background:none;border:none;color:#0b5cad;padding:0;font:inherit;cursor:pointer;text-decoration:underline}
form.filters{display:flex;gap:10px;flex-wrap:wrap;align-items:end;margin-top:12px}
form.filters label{display:flex;flex-direction:column;font-size:12px;color:#4a5a6a}
.risk-MATCH{color:#a40e26;font-weight:600}.risk-POSSIBLE_MATCH{color:#9a6700}
.side{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:16px}
table.compare td:first-child{color:#4a5a6a;width:28%}
table.compare tr.differs td:not(:first-child){background:#fdf1e0}
.ok{background:#e6f4ea;border:1px solid #1a7f37;padding:8px 12px;border-radius:6px}
.error{background:#ffebe9;border:1px solid #a40e26;padding:8px 12px;border-radius:6px}
fieldset{border:1px solid #dde3ea;border-radius:6px;margin-top:16px}
textarea{width:100%;min-height:60px;font:inherit}
.history li{margin:4px 0}
.muted{color:#6a7a8a}
code{font-size:12px}
`;

export interface DeskFrame {
  readonly page: PageLang;
  readonly title: string;
  readonly heading: string;
  /** The path and query of this page: the language switch keeps them. */
  readonly here: { readonly path: string; readonly query: URLSearchParams };
  readonly person?: Person;
  readonly body: string;
}

function langLink(here: DeskFrame['here'], { lang, t }: PageLang): string {
  const params = new URLSearchParams(here.query);
  params.set('lang', lang === 'ru' ? 'en' : 'ru');
  const other = lang === 'ru' ? 'en' : 'ru';
  return `<a class="lang" href="${escape(`${here.path}?${params.toString()}`)}" hreflang="${other}" lang="${other}" translate="no">${escape(t('dash.otherLang'))}</a>`;
}

export function deskPage(frame: DeskFrame): string {
  const { t, lang } = frame.page;
  const who = frame.person
    ? `<span class="desk-who"><form method="post" action="/desk/logout"><button class="link" type="submit">${withNames(
        t,
        'desk.logout',
        { name: frame.person.name },
      )}</button></form></span>`
    : '';
  const nav =
    `<a href="/runs">${escape(t('dash.nav.runs'))}</a>` +
    `<a href="/schedules">${escape(t('dash.nav.schedules'))}</a>` +
    `<a href="/desk" class="here">${escape(t('desk.nav'))}</a>` +
    who +
    langLink(frame.here, frame.page);
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8">
<title>${escape(frame.title)}</title>
<style>${BASE_STYLE}${STYLE}</style></head>
<body>
<h1>${escape(frame.heading)}</h1>
<nav>${nav}</nav>
${frame.body}
</body></html>
`;
}

/** A message as HTML, its parameters (names, values as written) marked `translate="no"`. */
export function withNames(t: Translate, key: MessageKey, params: MessageParams): string {
  return translateWithValues(t, key, params, escape);
}

/** A UTC time as `YYYY-MM-DD HH:MM`. */
export function utc(iso: string): string {
  return iso.replace('T', ' ').slice(0, 16);
}
