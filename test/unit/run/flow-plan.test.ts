import { describe, expect, it } from 'vitest';
import type { Client } from '../../../src/domain/client.js';
import type { IngestItem } from '../../../src/ingest/index.js';
import type { CheckJobData, MergeJobData } from '../../../src/run/job-data.js';
import { failedMergeResult, planRow, type FlowContext } from '../../../src/run/flow-plan.js';
import { QUEUES } from '../../../src/run/state/topology.js';

const context: FlowContext = {
  runId: 'run1',
  checksQueue: QUEUES.checks,
  kinds: ['sanctions', 'foreign_agent', 'card'],
  optional: { smtp: false, cardRiskCountries: [] },
  cardColumn: 2,
  whitelist: false,
  cacheRows: 1000,
  priority: 5,
  attempts: 3,
  backoffMs: 200,
  now: '2026-01-01T00:00:00.000Z',
};

const person: Client = {
  row: 2,
  name: 'Иванов Иван Иванович',
  entityType: 'person',
  entityTypeSource: 'inferred',
  inn: '500100732259',
  warnings: [],
};

function clientItem(client: Client, cells: readonly string[] = ['Иванов Иван Иванович', '500100732259', '']) {
  return { row: client.row, cells, client } satisfies IngestItem;
}

describe('planRow: what the coordinator dispatches for one row', () => {
  it('gives an invalid row its INVALID result without a flow', () => {
    const invalid = { code: 'KYC_ERR_ROW_NO_NAME_OR_ID' as const, message: 'no name and no INN' };
    const plan = planRow({ row: 7, cells: [], invalid }, context);
    expect(plan).toEqual({
      direct: {
        verdict: expect.objectContaining({ row: 7, verdict: 'INVALID' }),
        warnings: [invalid],
        checkedAt: context.now,
      },
    });
  });

  it('decides a row whose checks all need no call, and dispatches nothing for it', () => {
    const nobody: Client = { row: 3, entityType: 'person', entityTypeSource: 'default', warnings: [] };
    const plan = planRow(clientItem(nobody, ['', '', '']), {
      ...context,
      kinds: ['sanctions', 'foreign_agent'],
    });
    if (!('direct' in plan)) throw new Error('expected a direct result');
    expect(plan.direct.verdict.row).toBe(3);
    expect(plan.direct.verdict.checks.sanctions?.status).toBe('SKIPPED');
    expect(plan.direct.verdict.checks.foreign_agent?.status).toBe('SKIPPED');
    expect(plan.direct.checkedAt).toBe(context.now);
  });

  it('fans a client out as a merge parent with one child per check that needs a call', () => {
    const plan = planRow(clientItem(person), context);
    if (!('flow' in plan)) throw new Error('expected a flow');
    const { flow } = plan;
    expect(flow).toMatchObject({
      name: 'merge',
      queueName: QUEUES.verdicts,
      opts: { priority: 5, attempts: 5, removeOnComplete: true },
    });
    expect(flow.children?.map((c) => [c.name, c.queueName])).toEqual([
      ['sanctions', QUEUES.checks],
      ['foreign_agent', QUEUES.checks],
    ]);
    expect(flow.children?.[0]?.opts).toMatchObject({
      attempts: 3,
      backoff: { type: 'upstream', delay: 200 },
      ignoreDependencyOnFailure: true,
    });
    // The card check had no card: decided in the coordinator and carried by the merge.
    const data = flow.data as MergeJobData;
    expect(data.decided.map((d) => [d.kind, d.status])).toEqual([['card', 'SKIPPED']]);
    expect(data.clientKey).toBeUndefined();
    const child = flow.children?.[0]?.data as CheckJobData;
    expect(child.optional).toEqual(context.optional);
    expect(child.faMirror).toBeUndefined();
  });

  it('gives distinct job ids to distinct rows, the same to the same row (a re-dispatch is a no-op)', () => {
    const a = planRow(clientItem(person), context);
    const b = planRow(clientItem(person), context);
    const c = planRow(clientItem({ ...person, row: 3 }), context);
    if (!('flow' in a) || !('flow' in b) || !('flow' in c)) throw new Error('expected flows');
    expect(a.flow.opts?.jobId).toBe(b.flow.opts?.jobId);
    expect(a.flow.opts?.jobId).not.toBe(c.flow.opts?.jobId);
  });

  it('never puts a full card number into job data: the Luhn check happens here', () => {
    const cells = ['Иванов Иван Иванович', '500100732259', '4111 1111 1111 1112'];
    const plan = planRow(clientItem({ ...person, card: '4111111111111112' }, cells), context);
    expect(JSON.stringify(plan)).not.toContain('4111111111111112');
    if (!('flow' in plan)) throw new Error('expected a flow');
    const data = plan.flow.data as MergeJobData;
    expect(data.decided.map((d) => [d.kind, d.status])).toEqual([['card', 'FLAG']]);
  });

  it('carries the client key only for a run with a whitelist, and the mirror and profile when set', () => {
    const plan = planRow(clientItem(person), { ...context, whitelist: true, faMirror: 'abc' });
    if (!('flow' in plan)) throw new Error('expected a flow');
    expect((plan.flow.data as MergeJobData).clientKey).toEqual(expect.any(String));
    expect((plan.flow.children?.[0]?.data as CheckJobData).faMirror).toBe('abc');
  });
});

describe('failedMergeResult', () => {
  it('reads a row whose merge failed for good as INCOMPLETE with every check failed', () => {
    const result = failedMergeResult(clientItem(person), ['sanctions', 'debtor'], 'boom', context.now);
    expect(result.verdict.verdict).toBe('INCOMPLETE');
    expect(result.verdict.checks.sanctions?.status).toBe('ERROR');
    expect(result.verdict.checks.debtor?.error?.message).toBe('merge failed: boom');
  });
});
