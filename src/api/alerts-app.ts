import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Desk } from '../desk/desk.js';
import {
  ALERT_STATUSES,
  OPEN_STATUSES,
  type AlertStatus,
  type Decision,
  type Person,
} from '../desk/types.js';
import { KycError } from '../errors.js';
import { alertBody, alertDetailBody, decisionBody } from './alerts-view.js';
import { alertListRoute, alertRoute, approvalRoute, decisionRoute } from './alerts-routes.js';
import type { AuthVariables } from './auth.js';

type Env = { Variables: AuthVariables & { requestId: string } };

export interface AlertRoutesDeps {
  readonly desk: Desk;
  /** Guards /alerts like the other routes (the bearer check). */
  readonly auth: MiddlewareHandler<{ Variables: AuthVariables }>;
  /** The token's requests a minute, counted after the bearer check as on the other routes (429 past it). */
  readonly rate?: MiddlewareHandler<{ Variables: { submitter: string } }>;
  /** Told of every decision and approval (the alert.decided webhook); its failure never fails the request. */
  readonly onDecided?: (decision: Decision, status: AlertStatus) => Promise<void>;
}

function statusesOf(text: string | undefined): AlertStatus[] | undefined {
  if (text === undefined || text === '') return undefined;
  if (text === 'inbox') return [...OPEN_STATUSES];
  const list = text.split(',').map((s) => s.trim());
  const bad = list.find((s) => !(ALERT_STATUSES as readonly string[]).includes(s));
  if (bad !== undefined)
    throw new KycError(
      'KYC_ERR_API_REQUEST',
      `query status: ${bad} is not one of ${ALERT_STATUSES.join(', ')}, inbox`,
    );
  return list as AlertStatus[];
}

/**
 * The review desk under /v1/alerts: analysts, approvers and admins see the alerts of every run (CLI and
 * scheduled runs included); analysts decide, approvers approve. Other tokens are refused with 403.
 */
export function registerAlertRoutes(v1: OpenAPIHono<Env>, deps: AlertRoutesDeps): void {
  const { desk } = deps;
  v1.use('/alerts', deps.auth);
  v1.use('/alerts/*', deps.auth);
  if (deps.rate) for (const path of ['/alerts', '/alerts/*']) v1.use(path, deps.rate);
  const personOf = (c: {
    get(key: 'submitter'): string;
    get(key: 'roles'): AuthVariables['roles'];
  }): Person => {
    const person = { name: c.get('submitter'), roles: c.get('roles') };
    if (person.roles.length === 0)
      throw new KycError('KYC_ERR_DESK_ROLE', `${person.name} has no role at the review desk`);
    return person;
  };
  const told = async (decision: Decision) => {
    const alert = await desk.getAlert(decision.alertId);
    if (alert) await deps.onDecided?.(decision, alert.status).catch(() => undefined);
  };

  v1.openapi(alertListRoute, async (c) => {
    personOf(c);
    const q = c.req.valid('query');
    const status = statusesOf(q.status);
    const filter = {
      ...(status ? { status } : {}),
      ...(q.register ? { register: q.register } : {}),
      ...(q.run ? { runId: q.run } : {}),
      ...(q.sighting ? { sighting: q.sighting } : {}),
      ...(q.min_age_days === undefined ? {} : { minAgeDays: q.min_age_days }),
      ...(q.max_age_days === undefined ? {} : { maxAgeDays: q.max_age_days }),
      limit: q.limit,
      offset: q.offset,
    };
    const page = await desk.listAlerts(filter);
    const next = new URL(c.req.url);
    next.searchParams.set('offset', String(q.offset + q.limit));
    const more = q.offset + page.alerts.length < page.total;
    return c.json(
      {
        alerts: page.alerts.map(alertBody),
        total: page.total,
        next_url: more ? `${next.pathname}${next.search}` : null,
      },
      200,
    );
  });

  v1.openapi(alertRoute, async (c) => {
    personOf(c);
    const { id } = c.req.valid('param');
    const alert = await desk.getAlert(id);
    if (!alert) throw new KycError('KYC_ERR_DESK_ALERT_NOT_FOUND', String(id));
    return c.json(alertDetailBody(alert), 200);
  });

  v1.openapi(decisionRoute, async (c) => {
    const person = personOf(c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const decision = await desk.decide(id, person, {
      decision: body.decision,
      comment: body.comment,
      recordHash: body.record_hash,
    });
    await told(decision);
    return c.json(decisionBody(decision), 201);
  });

  v1.openapi(approvalRoute, async (c) => {
    const person = personOf(c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const decision = await desk.approve(id, person, {
      decisionId: body.decision_id,
      approve: body.approve,
      comment: body.comment,
    });
    await told(decision);
    return c.json(decisionBody(decision), 200);
  });
}
