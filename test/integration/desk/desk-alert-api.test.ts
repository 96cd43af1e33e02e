import { createHash } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAlertRoutes } from '../../../src/api/alerts-app.js';
import type { AuthVariables } from '../../../src/api/auth.js';
import { bearerAuth } from '../../../src/api/auth.js';
import { errorResponse } from '../../../src/api/errors.js';
import { parseApiTokens } from '../../../src/api/tokens.js';
import { Desk, type RunCandidate } from '../../../src/desk/desk.js';
import { KycError } from '../../../src/errors.js';
import { DESK_KINDS, testDeskPlace, type TestDeskPlace } from '../../helpers/postgres.js';

/**
 * The review desk's routes under /v1/alerts on each kind of database, mounted as the API mounts them (the
 * bearer check, a refused request body as KYC_ERR_API_REQUEST, the error body of every refusal).
 */

const TOKENS = { alice: 'alice-token-0123456789abcdef', bob: 'bob-token-0123456789abcdef' };
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const tokens = parseApiTokens(
  [`alice:${sha(TOKENS.alice)}:analyst`, `bob:${sha(TOKENS.bob)}:approver`].join('\n'),
);
const HASH_A = 'a'.repeat(64);

type Env = { Variables: AuthVariables & { requestId: string } };

function alertsApp(desk: Desk): OpenAPIHono<Env> {
  const v1 = new OpenAPIHono<Env>({
    defaultHook: (result) => {
      if (!result.success) throw new KycError('KYC_ERR_API_REQUEST', result.target);
    },
  });
  v1.onError((error, c) => {
    const { status, body } = errorResponse(error, 'test');
    return c.json(body, status);
  });
  registerAlertRoutes(v1, { desk, auth: bearerAuth(tokens) });
  return v1;
}

function candidate(over: Partial<RunCandidate> = {}): RunCandidate {
  return {
    row: 1,
    clientKey: 'inn:7707083893',
    clientName: 'Иванов Иван',
    checkKind: 'sanctions',
    register: 'sanctions',
    recordId: 'S-1',
    recordName: 'IVANOV Ivan',
    recordHash: HASH_A,
    match: 'POSSIBLE_MATCH',
    score: 0.9,
    explanation: 'name 0.9',
    evidence: {},
    ...over,
  };
}

describe.each(DESK_KINDS)('the /alerts routes on %s', (kind) => {
  let place: TestDeskPlace;
  let desk: Desk;
  let app: OpenAPIHono<Env>;
  let alertId: number;
  const call = (method: string, path: string, who: keyof typeof TOKENS, body?: unknown) =>
    app.request(path, {
      method,
      headers: { authorization: `Bearer ${TOKENS[who]}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  beforeAll(async () => {
    place = await testDeskPlace(kind);
    desk = await Desk.open(place.settings);
    app = alertsApp(desk);
    alertId = (await desk.recordRun('run-1', [candidate()])).opened[0] ?? 0;
  });
  afterAll(async () => {
    await desk?.close();
    await place?.cleanup();
  });

  it('refuses an approval of a decision the analyst has replaced since: 409, nothing approved', async () => {
    const first = await call('POST', `/alerts/${alertId}/decision`, 'alice', {
      decision: 'true_match',
      comment: 'same passport',
      record_hash: HASH_A,
    });
    expect(first.status).toBe(201);
    const reviewed = (await first.json()) as { id: number; record_hash: string };
    expect(reviewed.record_hash).toBe(HASH_A);
    // The approver has the true match open; meanwhile the analyst turns it into a false positive.
    const changed = await call('POST', `/alerts/${alertId}/decision`, 'alice', {
      decision: 'false_positive',
      comment: 'on second thought',
      record_hash: HASH_A,
    });
    expect(changed.status).toBe(201);
    const stale = await call('POST', `/alerts/${alertId}/approval`, 'bob', {
      decision_id: reviewed.id,
      approve: true,
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'KYC_ERR_DESK_STALE_DECISION' });
    expect(await desk.approvedFalsePositives()).toEqual([]);
    expect((await desk.getAlert(alertId))?.status).toBe('pending');
    // Without naming the decision reviewed, nothing is approved either.
    const unnamed = await call('POST', `/alerts/${alertId}/approval`, 'bob', { approve: true });
    expect(unnamed.status).toBe(400);
    expect(await desk.approvedFalsePositives()).toEqual([]);
    // Approving the decision actually shown works.
    const current = (await changed.json()) as { id: number };
    const approved = await call('POST', `/alerts/${alertId}/approval`, 'bob', {
      decision_id: current.id,
      approve: true,
    });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ id: current.id, decision: 'false_positive' });
  });

  it('answers 400 to a filter the database cannot take, never 500', async () => {
    for (const query of [
      'min_age_days=1e300',
      'max_age_days=1e300',
      'min_age_days=36501',
      'register=%00',
      'run=r%001',
      'register=' + 'x'.repeat(201),
      'offset=1e300',
    ]) {
      const answer = await call('GET', `/alerts?${query}`, 'alice');
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      expect(await answer.json()).toMatchObject({ code: 'KYC_ERR_API_REQUEST' });
    }
    const fine = await call('GET', '/alerts?min_age_days=36500&register=sanctions', 'alice');
    expect(fine.status).toBe(200);
  });

  it('refuses a decision made on a record the alert no longer holds: 409, nothing recorded', async () => {
    await desk.recordRun('run-2', [candidate({ recordHash: 'b'.repeat(64) })]);
    const before = (await desk.getAlert(alertId))?.decisions.length;
    const stale = await call('POST', `/alerts/${alertId}/decision`, 'alice', {
      decision: 'false_positive',
      comment: 'seen on the old record',
      record_hash: HASH_A,
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'KYC_ERR_DESK_STALE_RECORD' });
    expect((await desk.getAlert(alertId))?.decisions.length).toBe(before);
    const ok = await call('POST', `/alerts/${alertId}/decision`, 'alice', {
      decision: 'true_match',
      comment: 'the new record is him',
      record_hash: 'b'.repeat(64),
    });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ record_hash: 'b'.repeat(64) });
  });
});
