import { createReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { Context } from 'hono';
import type { Redis } from 'ioredis';
import { RunStore, type RunState } from '../run/state/run-store.js';
import { bodiesPathOf } from '../ingest/evidence-file.js';
import { REPORT_CSP } from '../reporting/report/html-report.js';
import type { PageLang } from './layout.js';
import { reportPathOf } from './run-views.js';

/**
 * A finished run's files, served read-only to whoever passed the dashboard's login. The URL names a run and
 * one of these six names, nothing else: the path on disk is the one the run recorded, never built from the
 * URL, so no `..`, encoded slash or absolute path in a request can reach another file.
 */
const FILES: Readonly<
  Record<string, { readonly of: (run: RunState) => string | undefined; readonly type: string }>
> = {
  'report.html': { of: reportPathOf, type: 'text/html; charset=utf-8' },
  'delta.csv': { of: (run) => run.delta?.file, type: 'text/csv; charset=utf-8' },
  'verdicts.csv': { of: (run) => run.out, type: 'text/csv' },
  'evidence.jsonl': { of: (run) => run.evidence, type: 'application/x-ndjson' },
  'evidence.bodies.jsonl': { of: (run) => bodiesPathOf(run.evidence), type: 'application/x-ndjson' },
  'manifest.json': { of: (run) => run.manifest, type: 'application/json' },
};

export const RUN_FILE_NAMES: readonly string[] = Object.keys(FILES);

/** Only a regular file: a symlink put where an output was expected is not followed. */
async function regularFile(path: string): Promise<number | undefined> {
  const info = await lstat(path).catch(() => undefined);
  return info?.isFile() ? info.size : undefined;
}

/** GET /runs/:id/files/:name. The report opens in the browser under its own CSP; the data files download. */
export async function serveRunFile(c: Context, redis: Redis, prefix: string, page: PageLang) {
  const name = c.req.param('name') ?? '';
  const file = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
  if (!file) return c.text(`${page.t('dash.files.notFound')}\n`, 404);
  const run = await new RunStore(redis, prefix).get(c.req.param('id') ?? '');
  if (!run) return c.text(`${page.t('dash.files.noRun')}\n`, 404);
  const path = run.status === 'done' ? file.of(run) : undefined;
  const size = path ? await regularFile(path) : undefined;
  if (!path || size === undefined) return c.text(`${page.t('dash.files.notFound')}\n`, 404);
  const inline = name === 'report.html';
  const headers: Record<string, string> = {
    'content-type': file.type,
    'content-length': String(size),
    'cache-control': 'private, no-cache',
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${run.id.replace(/[^\w.-]/gu, '_')}-${name}"`,
  };
  // The report runs nothing and loads nothing: its own policy, stricter than the dashboard's.
  if (inline) headers['content-security-policy'] = `${REPORT_CSP}; frame-ancestors 'none'`;
  return c.body(Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, 200, headers);
}
