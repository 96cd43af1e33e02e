import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Queue } from 'bullmq';
import type { Hono } from 'hono';
import { redactJobData, redactReturnValue } from './redact.js';

/**
 * bull-board over the given queues at /queues, read-only (retrying or deleting pipeline jobs by hand would
 * break a run's bookkeeping), job data shown without personal data (redact.ts).
 */
export function queuesBoard(queues: readonly Queue[]): Hono {
  const board = new HonoAdapter(serveStatic);
  board.setBasePath('/queues');
  createBullBoard({
    queues: queues.map((q) => {
      const adapter = new BullMQAdapter(q, { readOnlyMode: true });
      adapter.setFormatter('data', redactJobData);
      adapter.setFormatter('returnValue', redactReturnValue);
      return adapter;
    }),
    serverAdapter: board,
    options: {
      uiConfig: {
        boardTitle: 'kyc-screen',
        hideDocsLink: true,
        miscLinks: [
          { text: 'Runs', url: '/runs' },
          { text: 'Metrics', url: '/metrics' },
        ],
      },
    },
  });
  return board.registerPlugin();
}
