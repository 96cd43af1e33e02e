import { escape, type PageLang } from '../layout.js';
import { deskPage } from './desk-layout.js';

/** The desk's sign-in: a person's name and their own API token (the token entry must carry a desk role). */
export function loginPage(page: PageLang, query: URLSearchParams, failed: boolean): string {
  const { t } = page;
  const body =
    (failed ? `<p class="error" role="alert">${escape(t('desk.login.failed'))}</p>` : '') +
    `<p class="muted">${escape(t('desk.login.hint'))}</p>` +
    `<form method="post" action="/desk/login" class="filters">` +
    `<label>${escape(t('desk.login.name'))}<input name="name" autocomplete="username" required></label>` +
    `<label>${escape(t('desk.login.token'))}<input name="token" type="password" autocomplete="current-password" required></label>` +
    `<button type="submit">${escape(t('desk.login.submit'))}</button></form>`;
  return deskPage({
    page,
    title: t('desk.login.title'),
    heading: t('desk.login.title'),
    here: { path: '/desk/login', query },
    body,
  });
}

/** What the desk says when this dashboard has no desk (no tokens, or the database is another process's). */
export function unavailablePage(page: PageLang, why: string): string {
  const { t } = page;
  return deskPage({
    page,
    title: t('desk.title'),
    heading: t('desk.title'),
    here: { path: '/desk', query: new URLSearchParams() },
    body: `<p class="notice">${escape(t('desk.unavailable', { why }))}</p>`,
  });
}
