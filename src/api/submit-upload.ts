import { parseMaxAge } from '../settings/answer-policy.js';
import { type UpstreamTarget } from '../settings/service-identity.js';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import type { ReadableStream } from 'node:stream/web';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { isKycError, KycError } from '../errors.js';
import type { FileDigest } from '../infra/file-digest.js';
import type { IngestEncoding } from '../ingest/index.js';
import { makePrivateDir } from '../infra/private-files.js';
import { RunStore, type RunState } from '../run/state/run-store.js';
import { prepareRun, type PreparedRun } from '../runs/prepare.js';
import { runRequest } from '../runs/request.js';
import { startRun } from '../runs/start.js';
import { newRunId, type Priority } from '../run/state/topology.js';
import { forgetRunWebhook, recordRunWebhook } from '../notify/run-webhooks.js';
import { IdempotencyStore } from './idempotency.js';
import { ApiRunIndex } from './run-index.js';
import { isMultipart, receiveMultipart } from './multipart-upload.js';
import { SubmitQuery } from './schemas.js';
import { receiveUpload } from './upload.js';
import { requireWorkbook, uploadKindOf } from './upload-type.js';
import { checkCallbackDestination, runWebhookTarget, type ApiWebhookConfig } from './webhooks.js';

/** What the API submits runs with: the process's config, Redis and upstream, and where uploads go. */
export interface SubmitContext {
  readonly redis: Redis;
  readonly config: Config;
  readonly upstream: UpstreamTarget;
  /** One private directory per run: the upload and its three outputs. */
  readonly runsDir: string;
  readonly maxUploadBytes: number;
  /** Data rows of one upload (KYC_API_MAX_UPLOAD_ROWS); absent: no cap. */
  readonly maxUploadRows?: number;
  /** Clients between read and written at most, as `run --window`. */
  readonly window: number;
  /** Webhooks of run ends; absent: none, and a `callback_url` is refused. */
  readonly webhooks?: ApiWebhookConfig;
  /**
   * The base of the links in the run's webhook (the public URL, else the submitting request's origin), kept
   * with its receivers: the webhook is sent later, by whichever process delivers, with no request to ask.
   */
  readonly linksBase?: string;
}

export interface Upload {
  readonly body: ReadableStream<Uint8Array> | null;
  readonly contentType: string | undefined;
  readonly submitter: string;
  readonly idempotencyKey: string | undefined;
  readonly priority: Priority;
  readonly checks: string | undefined;
  readonly callbackUrl?: string | undefined;
  /** `max_age`: answers of earlier runs this young are used instead of a call (src/answers). */
  readonly maxAge?: string | undefined;
}

/** The default `run --window`: the same memory bound for a run submitted over HTTP. */
export const API_RUN_WINDOW = 1000;

/**
 * The run's request as the CLI's would be (the upload in the run's own directory), prepared by the runs
 * service: a file the CLI would refuse is refused with the same code before it is queued.
 */
async function prepare(
  ctx: SubmitContext,
  id: string,
  dir: string,
  input: string,
  options: RunOptions,
): Promise<PreparedRun> {
  const request = runRequest({
    input,
    runId: id,
    outDir: dir,
    priority: options.priority,
    window: ctx.window,
    checks: options.checks,
    encoding: options.encoding,
    maxAge: options.maxAge,
  });
  try {
    return await prepareRun(request, ctx.config, ctx.maxUploadRows);
  } catch (error) {
    // The server's path of the upload means nothing to the client and is none of its business.
    if (isKycError(error))
      throw new KycError(error.code, error.detail?.replaceAll(input, 'the upload'), { cause: error });
    throw error;
  }
}

/** Who asks for a run. */
export interface RunRequester {
  readonly submitter: string;
  readonly idempotencyKey: string | undefined;
}

/** How the run screens its file; a multipart upload knows it only once its form fields are read. */
export interface RunOptions {
  readonly priority: Priority;
  readonly checks: string | undefined;
  readonly encoding: IngestEncoding | undefined;
  /** Told when the run completes or fails (docs/api.md, "Webhooks"). */
  readonly callbackUrl?: string | undefined;
  /** `max_age`, as `run --max-age`. */
  readonly maxAge?: string | undefined;
}

/** What writing the run's input settled: how to screen it, and the file's digest, taken as it was written. */
export interface WrittenInput {
  readonly options: RunOptions;
  readonly digest: FileDigest;
}

/**
 * The run an earlier request with the same Idempotency-Key made, if its upload was the same file; another
 * file under a key already used is refused, so a client's mistake never silently answers the wrong run.
 */
async function replayOf(
  store: RunStore,
  id: string | undefined,
  upload: FileDigest,
): Promise<RunState | undefined> {
  const earlier = id === undefined ? undefined : await store.get(id);
  if (!earlier) return undefined;
  if (upload.sha256 !== earlier.inputSha256)
    throw new KycError('KYC_ERR_API_IDEMPOTENCY_MISMATCH', `the key was used for run ${earlier.id}`);
  return earlier;
}

/**
 * A new run from a file `write` puts in place (it answers the run's options and the file's digest): checked
 * as `run` checks it and submitted to the pipeline; a retry with the same Idempotency-Key and the same file
 * answers the run of the first request. Nothing is kept of a refused request or a retry.
 */
export async function acceptRun(
  ctx: SubmitContext,
  requester: RunRequester,
  write: (path: string) => Promise<WrittenInput>,
): Promise<Pick<RunState, 'id' | 'status'>> {
  const store = new RunStore(ctx.redis, ctx.config.prefix);
  const idempotency = new IdempotencyStore(ctx.redis, ctx.config.prefix);
  const { submitter, idempotencyKey } = requester;
  const id = newRunId();
  const dir = join(ctx.runsDir, id);
  makePrivateDir(dir);
  const input = join(dir, 'input.csv');
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    const { options, digest } = await write(input);
    const webhook = {
      ...runWebhookTarget(
        ctx.webhooks ?? { url: undefined, secret: undefined, backoffMs: 1 },
        options.callbackUrl,
      ),
      ...(ctx.linksBase === undefined ? {} : { linksBase: ctx.linksBase }),
    };
    await checkCallbackDestination(ctx.webhooks, webhook);
    if (idempotencyKey !== undefined) {
      // The file is received first: whether a retry is the same request depends on its bytes.
      const earlier = await replayOf(store, await idempotency.find(submitter, idempotencyKey), digest);
      if (earlier) {
        await discard();
        return earlier;
      }
    }
    // Checked here so that a bad value is named as the API's parameter, not the CLI's flag.
    if (options.maxAge !== undefined) parseMaxAge(options.maxAge, 'max_age');
    const prepared = await prepare(ctx, id, dir, input, options);
    if (idempotencyKey !== undefined) {
      const winner = await replayOf(store, await idempotency.claim(submitter, idempotencyKey, id), digest);
      if (winner) {
        await discard();
        return winner;
      }
    }
    const session = { config: ctx.config, redis: ctx.redis, upstream: ctx.upstream };
    const settings = await startRun(session, prepared, {
      submitter,
      report: true,
      inputDigest: digest,
      // Before the run is queued: its end may come before this request's answer.
      beforeSubmit: async () => {
        await recordRunWebhook(ctx.redis, ctx.config.prefix, id, webhook);
        return [];
      },
    });
    await new ApiRunIndex(ctx.redis, ctx.config.prefix).add(id, settings.createdAt, submitter);
    return { id, status: 'queued' };
  } catch (error) {
    await discard();
    await forgetRunWebhook(ctx.redis, ctx.config.prefix, id);
    throw error;
  }
}

/** The run's options from the form fields of a multipart upload, named as the query parameters. */
function formOptions(
  query: Pick<Upload, 'priority' | 'checks' | 'callbackUrl' | 'maxAge'>,
  fields: Record<string, string>,
): RunOptions {
  const { callbackUrl, maxAge, ...rest } = query;
  const parsed = SubmitQuery.strict().safeParse({
    ...rest,
    ...(callbackUrl === undefined ? {} : { callback_url: callbackUrl }),
    ...(maxAge === undefined ? {} : { max_age: maxAge }),
    ...fields,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || 'form'}: ${issue.message}` : 'form';
    throw new KycError('KYC_ERR_API_REQUEST', `form field ${where}`);
  }
  return {
    priority: parsed.data.priority,
    checks: parsed.data.checks,
    encoding: undefined,
    callbackUrl: parsed.data.callback_url,
    maxAge: parsed.data.max_age,
  };
}

/**
 * POST /v1/runs: the CSV of the request body, or the file part of a multipart/form-data body whose other
 * fields are the options; either is streamed to the run's directory.
 */
export async function submitUpload(
  ctx: SubmitContext,
  upload: Upload,
): Promise<Pick<RunState, 'id' | 'status'>> {
  const { body, contentType, submitter, idempotencyKey, priority, checks, callbackUrl, maxAge } = upload;
  if (contentType !== undefined && isMultipart(contentType))
    return acceptRun(ctx, { submitter, idempotencyKey }, async (path) => {
      const { fields, digest } = await receiveMultipart(body, contentType, path, ctx.maxUploadBytes);
      return { options: formOptions({ priority, checks, callbackUrl, maxAge }, fields), digest };
    });
  const type = uploadKindOf(contentType);
  const encoding = type.kind === 'csv' ? type.encoding : undefined;
  return acceptRun(ctx, { submitter, idempotencyKey }, async (path) => {
    const digest = await receiveUpload(body, path, ctx.maxUploadBytes);
    if (type.kind === 'workbook') await requireWorkbook(path);
    return { options: { priority, checks, encoding, callbackUrl, maxAge }, digest };
  });
}
