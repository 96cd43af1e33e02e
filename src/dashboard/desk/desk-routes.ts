import type { Context, Hono, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { tokenOf, type ApiToken } from '../../api/tokens.js';
import type { ApprovalInput, DecisionInput, Desk } from '../../desk/desk.js';
import {
  DECISIONS,
  type AlertStatus,
  type Decision,
  type DecisionKind,
  type Person,
} from '../../desk/types.js';
import { isKycError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import type { MessageKey } from '../../i18n/translate.js';
import type { PageLang } from '../layout.js';
import { requestLang } from '../page-lang.js';
import { alertPage, type Notice } from './alert-page.js';
import { inboxFilter, inboxPage } from './inbox-page.js';
import { loginPage, unavailablePage } from './login-page.js';
import { DeskSessions, SESSION_COOKIE } from './sessions.js';
import { SignInThrottle } from './sign-in-throttle.js';

/** The desk in the dashboard, or why this dashboard has none (said on every desk page). */
export type DashboardDesk =
  | {
      readonly desk: Desk;
      readonly tokens: readonly ApiToken[];
      /** The alert.decided webhook, as the API sends it; its failure never fails the form. */
      readonly onDecided?: (decision: Decision, status: AlertStatus) => Promise<void>;
      readonly sessions?: DeskSessions;
      /** KYC_TRUSTED_PROXY: believe the proxy's X-Forwarded-Proto for the cookie's `Secure`. */
      readonly trustedProxy?: boolean;
    }
  | { readonly unavailable: string };

/**
 * Every POST of the desk must come from the desk's own page: a browser always sends Origin on a form POST,
 * so one missing or naming another host:port is refused with 403 (the cookie is SameSite=Strict as well).
 */
export function sameOriginPosts(refused: (c: Context) => Response): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const origin = c.req.header('origin');
    const host = c.req.header('host');
    let originHost: string | undefined;
    try {
      originHost = origin === undefined ? undefined : new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    if (originHost === undefined || host === undefined || originHost !== host.toLowerCase())
      return refused(c);
    return next();
  };
}

/** The person whose token the name and token are, when that entry has a desk role and has not expired. */
export function personOf(tokens: readonly ApiToken[], name: string, token: string): Person | undefined {
  const found = token === '' ? undefined : tokenOf(tokens, token);
  if (!found || found.name !== name || found.roles.length === 0) return undefined;
  if (found.expiresAt !== undefined && Date.now() >= found.expiresAt) return undefined;
  return { name: found.name, roles: found.roles };
}

/** What a refused step says, and its status: the same as the API's for the same refusal. */
const REFUSALS: Readonly<Record<string, readonly [MessageKey, 400 | 403 | 409]>> = {
  KYC_ERR_DESK_COMMENT: ['desk.err.comment', 400],
  KYC_ERR_DESK_OWN_DECISION: ['desk.err.own', 403],
  KYC_ERR_DESK_ROLE: ['desk.err.role', 403],
  KYC_ERR_DESK_NOTHING_TO_APPROVE: ['desk.err.nothing', 409],
  KYC_ERR_DESK_STALE_DECISION: ['desk.err.staleDecision', 409],
  KYC_ERR_DESK_STALE_RECORD: ['desk.err.staleRecord', 409],
};

const DONE: Readonly<Record<string, MessageKey>> = {
  decided: 'desk.done.decided',
  approved: 'desk.done.approved',
  sentBack: 'desk.done.sentBack',
};

function formText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Every /desk page: a Referrer-Policy that keeps the Origin of its forms, and POSTs from its own origin only. */
function deskGuards(app: Hono, lang: Lang): void {
  // Its forms' POSTs must carry the page's Origin, which `no-referrer` would turn into `null`.
  const sameOriginReferrer: MiddlewareHandler = async (c, next) => {
    await next();
    c.res.headers.set('referrer-policy', 'same-origin');
  };
  app.use('/desk', sameOriginReferrer);
  app.use('/desk/*', sameOriginReferrer);
  app.use(
    '/desk/*',
    sameOriginPosts((c) => c.text(`${requestLang(c, lang).t('desk.originRefused')}\n`, 403)),
  );
  app.use(
    '/desk',
    sameOriginPosts((c) => c.text(`${requestLang(c, lang).t('desk.originRefused')}\n`, 403)),
  );
}

interface SignIn {
  readonly sessions: DeskSessions;
  readonly tokens: Extract<DashboardDesk, { tokens: unknown }>['tokens'];
  readonly lang: Lang;
  readonly toLogin: (c: Context) => Response;
  readonly trustedProxy: boolean;
}

/**
 * Whether the browser reached the desk over HTTPS, so that its cookie is `Secure`: the request's own
 * scheme, or, behind a TLS-terminating proxy the operator trusts (KYC_TRUSTED_PROXY), the proxy's
 * `X-Forwarded-Proto: https`. Without that setting the header is ignored: anyone could send it.
 */
export function servedOverHttps(
  protocol: string,
  forwardedProto: string | undefined,
  trustedProxy: boolean,
): boolean {
  if (protocol === 'https:') return true;
  if (!trustedProxy || forwardedProto === undefined) return false;
  // A chain of proxies appends: the first value is what the browser used.
  return forwardedProto.split(',')[0]?.trim().toLowerCase() === 'https';
}

/** The client's address: the connection's, or behind a trusted proxy the first X-Forwarded-For. */
function clientAddress(c: Context, trustedProxy: boolean): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (trustedProxy && forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** A warning line on stderr for the operator's log collector (the dashboard has no other log). */
function signInLog(line: string): void {
  process.stderr.write(`${new Date().toISOString()} WARN ${line}\n`);
}

/** Sign-in with a person's own API token, and sign-out. */
function signInRoutes(app: Hono, { sessions, tokens, lang, toLogin, trustedProxy }: SignIn): void {
  const throttle = new SignInThrottle();
  const query = (c: Context) => new URL(c.req.url).searchParams;
  app.get('/desk/login', (c) => c.html(loginPage(requestLang(c, lang), query(c), false)));
  app.post('/desk/login', async (c) => {
    const form = await c.req.parseBody();
    const name = formText(form.name).trim();
    const token = formText(form.token).trim();
    const address = clientAddress(c, trustedProxy);
    if (throttle.blocked(address, name)) {
      signInLog(`desk sign-in throttled: name ${JSON.stringify(name.slice(0, 64))} from ${address}`);
      return c.html(loginPage(requestLang(c, lang), query(c), true), 429);
    }
    const person = personOf(tokens, name, token);
    if (!person) {
      throttle.failed(address, name);
      // The name tried and the address only: never the token.
      signInLog(`desk sign-in failed: name ${JSON.stringify(name.slice(0, 64))} from ${address}`);
      return c.html(loginPage(requestLang(c, lang), query(c), true), 401);
    }
    const session = sessions.open(person, token === '' ? undefined : tokenOf(tokens, token)?.expiresAt);
    setCookie(c, SESSION_COOKIE, session.id, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/desk',
      maxAge: session.maxAgeSeconds,
      secure: servedOverHttps(new URL(c.req.url).protocol, c.req.header('x-forwarded-proto'), trustedProxy),
    });
    return c.redirect('/desk', 303);
  });
  app.post('/desk/logout', (c) => {
    sessions.close(getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: '/desk' });
    return toLogin(c);
  });
}

/** The inbox: open alerts across runs, riskiest first, filtered as the query says. */
function inboxRoute(
  app: Hono,
  {
    desk,
    signedIn,
    toLogin,
    lang,
  }: {
    desk: Desk;
    signedIn: (c: Context) => Person | undefined;
    toLogin: (c: Context) => Response;
    lang: Lang;
  },
): void {
  const query = (c: Context) => new URL(c.req.url).searchParams;
  app.get('/desk', async (c) => {
    const person = signedIn(c);
    if (!person) return toLogin(c);
    const q = query(c);
    const filter = inboxFilter(q);
    const result = 'bad' in filter ? filter : await desk.listAlerts(filter);
    return c.html(inboxPage(result, q, person, requestLang(c, lang)), 'bad' in filter ? 400 : 200);
  });
}

/** The review desk's pages under /desk (docs/review-desk.md#the-desk-in-the-browser). */
export function registerDeskRoutes(app: Hono, deskOf: DashboardDesk, lang: Lang): void {
  const query = (c: Context) => new URL(c.req.url).searchParams;
  deskGuards(app, lang);
  if ('unavailable' in deskOf) {
    const why = deskOf.unavailable;
    app.all('/desk', (c) => c.html(unavailablePage(requestLang(c, lang), why), 503));
    app.all('/desk/*', (c) => c.html(unavailablePage(requestLang(c, lang), why), 503));
    return;
  }
  const { desk, tokens } = deskOf;
  const sessions = deskOf.sessions ?? new DeskSessions();
  const signedIn = (c: Context) => sessions.person(getCookie(c, SESSION_COOKIE));
  const toLogin = (c: Context) => c.redirect('/desk/login', 303);

  const trustedProxy = deskOf.trustedProxy === true;
  signInRoutes(app, { sessions, tokens, lang, toLogin, trustedProxy });

  inboxRoute(app, { desk, signedIn, toLogin, lang });

  const showAlert = async (c: Context, person: Person, page: PageLang, notice?: Notice, status = 200) => {
    const id = Number(c.req.param('id'));
    const alert = Number.isSafeInteger(id) ? await desk.getAlert(id) : undefined;
    if (!alert) return c.text(`${page.t('desk.alert.notFound')}\n`, 404);
    return c.html(alertPage(alert, person, page, query(c), notice), status as 200);
  };

  app.get('/desk/alerts/:id', async (c) => {
    const person = signedIn(c);
    if (!person) return toLogin(c);
    const page = requestLang(c, lang);
    const done = DONE[c.req.query('done') ?? ''];
    return showAlert(c, person, page, done ? { kind: 'ok', text: page.t(done) } : undefined);
  });

  /** A form's step: done → back to the alert with what it did; refused → the alert with why, as the API. */
  const step = (run: (id: number, person: Person, form: Record<string, unknown>) => Promise<string>) => {
    return async (c: Context) => {
      const person = signedIn(c);
      if (!person) return toLogin(c);
      const page = requestLang(c, lang);
      const id = Number(c.req.param('id'));
      try {
        const done = await run(id, person, await c.req.parseBody());
        return c.redirect(`/desk/alerts/${id}?done=${done}`, 303);
      } catch (error) {
        const refusal =
          error instanceof BadForm
            ? (['desk.err.bad', 400] as const)
            : isKycError(error)
              ? REFUSALS[error.code]
              : undefined;
        if (isKycError(error) && error.code === 'KYC_ERR_DESK_ALERT_NOT_FOUND')
          return c.text(`${page.t('desk.alert.notFound')}\n`, 404);
        if (!refusal) throw error;
        return showAlert(c, person, page, { kind: 'error', text: page.t(refusal[0]) }, refusal[1]);
      }
    };
  };
  const told = async (decision: Decision) => {
    const alert = await desk.getAlert(decision.alertId);
    if (alert) await deskOf.onDecided?.(decision, alert.status).catch(() => undefined);
  };

  app.post(
    '/desk/alerts/:id/decision',
    step(async (id, person, form) => {
      await told(await desk.decide(id, person, decisionOfForm(form)));
      return 'decided';
    }),
  );
  app.post(
    '/desk/alerts/:id/approval',
    step(async (id, person, form) => {
      const approval = approvalOfForm(form);
      await told(await desk.approve(id, person, approval));
      return approval.approve ? 'approved' : 'sentBack';
    }),
  );
}

/**
 * A form sent without a decision chosen (the browser's radio buttons are not relied on), or without what
 * the page carries: the record hash shown, the id of the decision shown.
 */
class BadForm extends Error {}

function decisionOfForm(form: Record<string, unknown>): DecisionInput {
  const kind = formText(form.decision);
  if (!(DECISIONS as readonly string[]).includes(kind)) throw new BadForm('no decision chosen');
  const recordHash = formText(form.record_hash);
  if (recordHash === '') throw new BadForm('no record hash');
  return { decision: kind as DecisionKind, comment: formText(form.comment), recordHash };
}

/** The approval of the decision the page showed (its id travels in the form). */
function approvalOfForm(form: Record<string, unknown>): ApprovalInput {
  const decisionId = Number(formText(form.decision_id));
  if (!Number.isSafeInteger(decisionId) || decisionId <= 0) throw new BadForm('no decision id');
  return { decisionId, approve: formText(form.approve) === 'true', comment: formText(form.comment) };
}
