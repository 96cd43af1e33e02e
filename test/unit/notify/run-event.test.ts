import { describe, expect, it } from 'vitest';
import { absoluteRunLinks } from '../../../src/api/public-url.js';
import {
  attemptField,
  attemptsOf,
  deliveryIdOf,
  parseTarget,
  receiversOf,
  runEventBody,
  type WebhookAttempt,
} from '../../../src/notify/run-event.js';

const links = {
  status_url: '/v1/runs/r1',
  verdicts_url: '/v1/runs/r1/verdicts.csv',
  evidence_url: '/v1/runs/r1/evidence.jsonl',
  manifest_url: '/v1/runs/r1/manifest.json',
};

describe('run webhooks', () => {
  it('links the files of a completed run, and none of a failed one, which carries its code', () => {
    const at = '2026-01-01T12:00:00.000Z';
    const done = JSON.parse(
      runEventBody(
        { runId: 'r1', event: 'run.completed', receiver: 'callback', at },
        { status: 'done', rows: 3, verdicts: { CLEAR: 2, HIT: 1 }, links },
      ),
    ) as Record<string, unknown>;
    expect(done).toEqual({
      event: 'run.completed',
      run_id: 'r1',
      status: 'done',
      rows: 3,
      verdicts: { CLEAR: 2, HIT: 1 },
      error_code: null,
      ...links,
      timestamp: at,
    });
    const failed = JSON.parse(
      runEventBody(
        { runId: 'r1', event: 'run.failed', receiver: 'server', errorCode: 'KYC_ERR_UPSTREAM_AUTH', at },
        { status: 'failed', rows: 0, verdicts: {}, links },
      ),
    ) as Record<string, unknown>;
    expect(failed).toMatchObject({
      event: 'run.failed',
      error_code: 'KYC_ERR_UPSTREAM_AUTH',
      status_url: '/v1/runs/r1',
      verdicts_url: null,
      evidence_url: null,
      manifest_url: null,
    });
  });

  it('gives each run, event and receiver its own delivery id', () => {
    const ids = new Set(
      (['run.completed', 'run.failed'] as const).flatMap((event) =>
        (['callback', 'server'] as const).map((receiver) => deliveryIdOf({ runId: 'r1', event, receiver })),
      ),
    );
    expect(ids.size).toBe(4);
  });

  it('reads the delivery log from the run record, oldest first, ignoring other fields', () => {
    const attempt = (n: number, at: string): WebhookAttempt => ({
      event: 'run.completed',
      receiver: 'https://h.example',
      attempt: n,
      at,
      http_status: n === 1 ? null : 200,
      error: n === 1 ? 'no connection' : null,
      outcome: n === 1 ? 'failed' : 'delivered',
      retrying: n === 1,
    });
    const id = deliveryIdOf({ runId: 'r1', event: 'run.completed', receiver: 'callback' });
    const fields = {
      status: 'done',
      settings: '{}',
      [attemptField(id, 2)]: JSON.stringify(attempt(2, '2026-01-01T12:00:31.000Z')),
      [attemptField(id, 1)]: JSON.stringify(attempt(1, '2026-01-01T12:00:01.000Z')),
      [attemptField(id, 3)]: 'not json',
    };
    expect(attemptsOf(fields).map((a) => a.attempt)).toEqual([1, 2]);
  });

  it('keeps a target only when someone is to be told', () => {
    expect(parseTarget(undefined)).toBeUndefined();
    expect(parseTarget(JSON.stringify({ server: false, backoffMs: 5 }))).toBeUndefined();
    const both = parseTarget(
      JSON.stringify({ callbackUrl: 'https://a.example/x', server: true, backoffMs: 5 }),
    );
    expect(both && receiversOf(both)).toEqual(['callback', 'server']);
    const server = parseTarget(JSON.stringify({ server: true, backoffMs: 5 }));
    expect(server && receiversOf(server)).toEqual(['server']);
  });

  it('keeps the base URL the run was submitted under, for the links sent later; none on older runs', () => {
    const base = 'http://localhost:8787';
    const kept = parseTarget(JSON.stringify({ server: true, backoffMs: 5, linksBase: base }));
    expect(kept?.linksBase).toBe(base);
    const body = JSON.parse(
      runEventBody(
        { runId: 'r1', event: 'run.completed', receiver: 'server', at: '2026-01-01T12:00:00.000Z' },
        { status: 'done', rows: 1, verdicts: { CLEAR: 1 }, links: absoluteRunLinks(base, 'r1') },
      ),
    ) as Record<string, unknown>;
    expect(body).toMatchObject({
      status_url: `${base}/v1/runs/r1`,
      verdicts_url: `${base}/v1/runs/r1/verdicts.csv`,
      evidence_url: `${base}/v1/runs/r1/evidence.jsonl`,
      manifest_url: `${base}/v1/runs/r1/manifest.json`,
    });
    expect(parseTarget(JSON.stringify({ server: true, backoffMs: 5 }))?.linksBase).toBeUndefined();
  });

  it('refuses a damaged target with KYC_ERR_REDIS_CORRUPT, and skips an attempt that does not read as one', () => {
    expect(() => parseTarget('{"server":')).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_REDIS_CORRUPT' }),
    );
    expect(() => parseTarget(JSON.stringify({ server: 'yes', backoffMs: 5 }))).toThrow(
      /webhook target.*server/,
    );
    const id = deliveryIdOf({ runId: 'r1', event: 'run.failed', receiver: 'server' });
    expect(attemptsOf({ [attemptField(id, 1)]: JSON.stringify({ attempt: 1, at: 7 }) })).toEqual([]);
  });
});
