import { createRoute } from '@hono/zod-openapi';
import {
  AlertDetailSchema,
  AlertIdParam,
  AlertListQuery,
  AlertListSchema,
  ApprovalBody,
  DecisionBody,
  DecisionSchema,
} from './alerts-schemas.js';
import { ErrorSchema } from './schemas.js';

/** The routes of the review desk under /v1 (docs/api.md, "Review desk"). */

const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: 'Error', content: { 'application/json': { schema: ErrorSchema } } },
    ]),
  );

export const alertListRoute = createRoute({
  operationId: 'listAlerts',
  method: 'get',
  path: '/alerts',
  summary: 'Alerts of every run, riskiest first',
  description: 'For tokens with the analyst, approver or admin role.',
  security: [{ bearer: [] }],
  request: { query: AlertListQuery },
  responses: {
    200: { description: 'A page of alerts', content: { 'application/json': { schema: AlertListSchema } } },
    ...errors(400, 401, 403, 429),
  },
});

export const alertRoute = createRoute({
  operationId: 'getAlert',
  method: 'get',
  path: '/alerts/{id}',
  summary: 'One alert with its evidence, decisions and the runs that saw it',
  security: [{ bearer: [] }],
  request: { params: AlertIdParam },
  responses: {
    200: { description: 'The alert', content: { 'application/json': { schema: AlertDetailSchema } } },
    ...errors(400, 401, 403, 404, 429),
  },
});

export const decisionRoute = createRoute({
  operationId: 'decideAlert',
  method: 'post',
  path: '/alerts/{id}/decision',
  summary: "An analyst's decision: true_match, false_positive or escalate, with a comment",
  description:
    "The decision waits for a second person with the approver role; it supersedes the alert's last one. It is made on the `record_hash` the analyst saw: a record that changed since is refused with 409.",
  security: [{ bearer: [] }],
  request: {
    params: AlertIdParam,
    body: { required: true, content: { 'application/json': { schema: DecisionBody } } },
  },
  responses: {
    201: {
      description: 'Recorded, waiting for approval',
      content: { 'application/json': { schema: DecisionSchema } },
    },
    ...errors(400, 401, 403, 404, 409, 429),
  },
});

export const approvalRoute = createRoute({
  operationId: 'approveAlertDecision',
  method: 'post',
  path: '/alerts/{id}/approval',
  summary: "An approver's approval (or send-back, with a comment) of the alert's waiting decision",
  description:
    'The person who made the decision is refused with 403: nobody approves their own decision. The body names the decision reviewed (`decision_id`); one the analyst has replaced since is refused with 409.',
  security: [{ bearer: [] }],
  request: {
    params: AlertIdParam,
    body: { required: true, content: { 'application/json': { schema: ApprovalBody } } },
  },
  responses: {
    200: {
      description: 'The decision with its approval',
      content: { 'application/json': { schema: DecisionSchema } },
    },
    ...errors(400, 401, 403, 404, 409, 429),
  },
});
