import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import type { ReadableStream } from 'node:stream/web';
import type { Redis } from 'ioredis';
import { defaultChecks, parseChecksOption } from '../checks/select-checks.js';
import type { Config } from '../config.js';
import type { CheckKind } from '../domain/check.js';
import { isKycError, KycError } from '../errors.js';
import { openClientFile, parseEncodingName, type IngestEncoding } from '../ingest/index.js';
import { makePrivateDir } from '../pipeline/private-files.js';
import { RunStore, type RunState } from '../pipeline/run-store.js';
import { newRunSettings } from '../pipeline/run-settings.js';
import { submitRun } from '../pipeline/submit.js';
import { newRunId, type Priority } from '../pipeline/topology.js';
import { forgetRunWebhook, recordRunWebhook } from '../ops/notify/run-webhooks.js';
import { IdempotencyStore } from './idempotency.js';
import { ApiRunIndex } from './run-index.js';
import { receiveUpload } from './upload.js';
import { runWebhookTarget, type ApiWebhookConfig } from './webhooks.js';

/** What the API submits runs with: the process's config, Redis and upstream, and where uploads go. */
export interface SubmitContext {
  readonly redis: Redis;
  readonly config: Config;
  readonly upstream: { readonly usingEmulator: boolean; readonly apiUrl: string };
  /** One private directory per run: the upload and its three outputs. */
  readonly runsDir: string;
  readonly maxUploadBytes: number;
  /** Clients between read and written at most, as `run --window`. */
  readonly window: number;
  /** Webhooks of run ends; absent: none, and a `callback_url` is refused. */
  readonly webhooks?: ApiWebhookConfig;
}

export interface Upload {
  readonly body: ReadableStream<Uint8Array> | null;
  readonly contentType: string | undefined;
  readonly submitter: string;
  readonly idempotencyKey: string | undefined;
  readonly priority: Priority;
  readonly checks: string | undefined;
  readonly callbackUrl?: string | undefined;
}

/** The default `run --window`: the same memory bound for a run submitted over HTTP. */
export const API_RUN_WINDOW = 1000;

/** `text/csv` with an optional charset the reader knows (otherwise it detects the encoding itself). */
export function csvEncodingOf(contentType: string | undefined): IngestEncoding | undefined {
  const [essence = '', ...params] = (contentType ?? '').split(';').map((part) => part.trim());
  if (essence.toLowerCase() !== 'text/csv')
    throw new KycError('KYC_ERR_API_MEDIA_TYPE', `got ${JSON.stringify(essence.slice(0, 80) || 'none')}`);
  const charset = params.find((param) => /^charset=/iu.test(param))?.slice('charset='.length);
  return charset ? parseEncodingName(charset.replace(/"/gu, '')) : undefined;
}

/**
 * The reader's own first look at the file (empty, binary, no header, no name or identifier column) and
 * the checks of the run: a file the CLI would refuse is refused with the same code before it is queued.
 */
async function probe(path: string, encoding: IngestEncoding | undefined, checks: string | undefined) {
  try {
    const file = await openClientFile(path, encoding ? { encoding } : {});
    await file.rows[Symbol.asyncIterator]().return?.();
    const { mapping } = file.header;
    return checks === undefined ? defaultChecks(mapping) : parseChecksOption(checks, mapping);
  } catch (error) {
    // The server's path of the upload means nothing to the client and is none of its business.
    if (isKycError(error))
      throw new KycError(error.code, error.detail?.replaceAll(path, 'the upload'), { cause: error });
    throw error;
  }
}

/** Who asks for a run and how, whatever carries its file. */
export interface RunRequest {
  readonly submitter: string;
  readonly idempotencyKey: string | undefined;
  readonly priority: Priority;
  readonly checks: string | undefined;
  readonly encoding: IngestEncoding | undefined;
  /** Told when the run completes or fails (docs/api.md, "Webhooks"). */
  readonly callbackUrl?: string | undefined;
}

/**
 * A new run from a file `write` puts in place: checked as `run` checks it and submitted to the pipeline; a
 * retry with the same Idempotency-Key answers the run of the first request. Nothing is kept of a refused one.
 */
export async function acceptRun(
  ctx: SubmitContext,
  request: RunRequest,
  write: (path: string) => Promise<unknown>,
): Promise<Pick<RunState, 'id' | 'status'>> {
  const webhook = runWebhookTarget(
    ctx.webhooks ?? { url: undefined, secret: undefined, backoffMs: 1 },
    request.callbackUrl,
  );
  const store = new RunStore(ctx.redis, ctx.config.prefix);
  const idempotency = new IdempotencyStore(ctx.redis, ctx.config.prefix);
  const replayOf = async (id: string | undefined) => (id === undefined ? undefined : await store.get(id));
  if (request.idempotencyKey !== undefined) {
    const earlier = await replayOf(await idempotency.find(request.submitter, request.idempotencyKey));
    if (earlier) return earlier;
  }
  const id = newRunId();
  const dir = join(ctx.runsDir, id);
  makePrivateDir(dir);
  try {
    const input = join(dir, 'input.csv');
    await write(input);
    const checks: CheckKind[] = await probe(input, request.encoding, request.checks);
    if (request.idempotencyKey !== undefined) {
      const winner = await replayOf(await idempotency.claim(request.submitter, request.idempotencyKey, id));
      if (winner) {
        await rm(dir, { recursive: true, force: true });
        return winner;
      }
    }
    const settings = await newRunSettings(ctx.config, ctx.upstream, {
      id,
      input,
      out: join(dir, 'verdicts.csv'),
      evidence: join(dir, 'evidence.jsonl'),
      manifest: join(dir, 'manifest.json'),
      outputMode: ctx.config.outputMode,
      faStrategy: ctx.config.faStrategy,
      priority: request.priority,
      window: ctx.window,
      checks,
      ...(request.encoding ? { encoding: request.encoding } : {}),
      submitter: request.submitter,
    });
    await recordRunWebhook(ctx.redis, ctx.config.prefix, id, webhook);
    await submitRun(ctx.redis, ctx.config.prefix, settings);
    await new ApiRunIndex(ctx.redis, ctx.config.prefix).add(id, settings.createdAt);
    return { id, status: 'queued' };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    await forgetRunWebhook(ctx.redis, ctx.config.prefix, id);
    throw error;
  }
}

/** POST /v1/runs: the CSV of the request body, streamed to the run's directory. */
export async function submitUpload(
  ctx: SubmitContext,
  upload: Upload,
): Promise<Pick<RunState, 'id' | 'status'>> {
  const { body, contentType, ...request } = upload;
  const encoding = csvEncodingOf(contentType);
  return acceptRun(ctx, { ...request, encoding }, (path) => receiveUpload(body, path, ctx.maxUploadBytes));
}
