import { createRoute, z } from '@hono/zod-openapi';
import { RUN_FILES, type RunFileName } from './run-files.js';
import { WORKBOOK_TYPE } from './upload-type.js';
import {
  ClientSchema,
  ErrorSchema,
  IdempotencyHeader,
  IfNoneMatchHeader,
  ListQuery,
  RunIdParam,
  RunListSchema,
  RunSchema,
  ScreenedSchema,
  ScreenQuery,
  SubmitQuery,
  SubmittedSchema,
} from './schemas.js';

/** The routes of /v1 as OpenAPI declares them: what they take, validated, and what they answer. */

const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: 'Error', content: { 'application/json': { schema: ErrorSchema } } },
    ]),
  );

/** The form of a multipart upload: one file part (CSV or .xlsx), and the options under the query parameters' names. */
const MULTIPART_UPLOAD = {
  type: 'object' as const,
  required: ['file'],
  properties: {
    file: {
      type: 'string' as const,
      format: 'binary',
      description: `The client file: a CSV (text/csv) or an Excel workbook (${WORKBOOK_TYPE}).`,
    },
    priority: { type: 'string' as const, enum: ['high', 'normal', 'low'] },
    checks: { type: 'string' as const, description: 'Comma-separated check kinds, as the query parameter.' },
    max_age: { type: 'string' as const, description: 'Max age of reused answers, as the query parameter.' },
  },
};

export const submitRoute = createRoute({
  method: 'post',
  operationId: 'submitRun',
  path: '/runs',
  summary: 'Screen a client file (CSV or .xlsx)',
  description:
    'The body is the CSV file itself (Content-Type: text/csv, optionally with a charset), an Excel ' +
    `workbook (Content-Type: ${WORKBOOK_TYPE}), or a multipart/form-data form of one file part (the CSV ` +
    'or the workbook) and the options as fields named as the query parameters; any is streamed to the ' +
    'server. A workbook is known by its content, whatever its label. The run is queued and screened like ' +
    '`kyc-screen run`.',
  security: [{ bearer: [] }],
  request: {
    query: SubmitQuery,
    headers: IdempotencyHeader,
    body: {
      required: true,
      content: {
        'text/csv': { schema: z.string().openapi({ format: 'binary' }) },
        [WORKBOOK_TYPE]: { schema: z.string().openapi({ format: 'binary' }) },
        // A plain schema, not zod: a zod one would have the form parsed, buffered, before the handler.
        'multipart/form-data': { schema: MULTIPART_UPLOAD },
      },
    },
  },
  responses: {
    202: {
      description: 'Queued (or, for a retried Idempotency-Key, the run of the first upload)',
      content: { 'application/json': { schema: SubmittedSchema } },
    },
    ...errors(400, 401, 413, 415, 422, 429),
  },
});

export const screenRoute = createRoute({
  method: 'post',
  operationId: 'screenClient',
  path: '/screen',
  summary: 'Screen one client, waiting for the verdict',
  description:
    'A run of one row at `interactive` priority, served before any run in progress, `high` ones included. ' +
    'Answers 200 with the verdict when the run ends within `wait` seconds, else 202 with the run to follow.',
  security: [{ bearer: [] }],
  request: {
    query: ScreenQuery,
    headers: IdempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: ClientSchema } } },
  },
  responses: {
    200: { description: 'The verdict', content: { 'application/json': { schema: ScreenedSchema } } },
    202: {
      description: 'Not finished within `wait`: follow the run',
      content: { 'application/json': { schema: SubmittedSchema } },
    },
    ...errors(400, 401, 415, 429),
  },
});

export const listRoute = createRoute({
  method: 'get',
  operationId: 'listRuns',
  path: '/runs',
  summary: 'Runs submitted through the API, newest first',
  security: [{ bearer: [] }],
  request: { query: ListQuery },
  responses: {
    200: { description: 'A page of runs', content: { 'application/json': { schema: RunListSchema } } },
    ...errors(400, 401, 429),
  },
});

export const runRoute = createRoute({
  method: 'get',
  path: '/runs/{id}',
  operationId: 'getRun',
  summary: 'Status, progress and verdict counts of a run',
  security: [{ bearer: [] }],
  request: { params: RunIdParam },
  responses: {
    200: { description: 'The run', content: { 'application/json': { schema: RunSchema } } },
    ...errors(400, 401, 404, 429),
  },
});

export const deleteRoute = createRoute({
  method: 'delete',
  path: '/runs/{id}',
  operationId: 'cancelOrDeleteRun',
  summary: 'Cancel a run in progress, or delete a finished one',
  description:
    'A queued or running run is cancelled: 202 with the run, now `cancelled`; its jobs are abandoned and no ' +
    'output is placed. A finished run (done, failed or cancelled) is deleted with its upload, outputs and ' +
    'data in Redis: 204, and the run answers 404 from then on.',
  security: [{ bearer: [] }],
  request: { params: RunIdParam },
  responses: {
    202: { description: 'Cancelled', content: { 'application/json': { schema: RunSchema } } },
    204: { description: 'Deleted' },
    ...errors(400, 401, 404, 409, 429),
  },
});

/** `verdicts.csv` → `getRunVerdicts`: one name per file, for generated clients. */
function fileOperationId(name: RunFileName): string {
  // evidence.bodies.jsonl → getRunEvidenceBodies: each operation id is unique.
  const words = name.slice(0, name.lastIndexOf('.')).split('.');
  return `getRun${words.map((w) => w.slice(0, 1).toUpperCase() + w.slice(1)).join('')}`;
}

/** A run's file is fixed once written: its ETag lets a client ask again for nothing (304). */
const ETAG_HEADER = {
  ETag: { description: 'The version of the file, for If-None-Match.', schema: { type: 'string' as const } },
};

export function fileRoute(name: RunFileName) {
  return createRoute({
    method: 'get',
    path: `/runs/{id}/${name}`,
    operationId: fileOperationId(name),
    summary: `${name} of a finished run`,
    security: [{ bearer: [] }],
    request: { params: RunIdParam, headers: IfNoneMatchHeader },
    responses: {
      200: {
        description: `The run's ${name}, with an ETag; If-None-Match answers 304`,
        headers: ETAG_HEADER,
        content: { [RUN_FILES[name].type]: { schema: z.string().openapi({ format: 'binary' }) } },
      },
      304: { description: 'Not modified: the If-None-Match given is the current ETag', headers: ETAG_HEADER },
      ...errors(400, 401, 404, 409, 429),
    },
  });
}
