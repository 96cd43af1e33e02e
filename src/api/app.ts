import { inRequestTerms } from './parameter-errors.js';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { jsonBodyLimit } from './body-limit.js';
import { accessLog } from './access-log.js';
import { ActiveRuns, DEFAULT_TOKEN_LIMITS, requestRateLimit, type TokenLimits } from './token-limits.js';
import { hostGuard, securityHeaders, type HostPolicy } from './host-guard.js';
import { KycError } from '../errors.js';
import type { Logger } from '../log.js';
import type { ApiMetrics } from './api-metrics.js';
import { RunStore, type RunState } from '../run/state/run-store.js';
import { VERSION } from '../version.js';
import { bearerAuth, type AuthVariables } from './auth.js';
import { errorResponse, requestIdOf } from './errors.js';
import { canSee, type Viewer } from './run-access.js';
import { ApiRunIndex } from './run-index.js';
import { absoluteRunLinks, requestBase } from './public-url.js';
import { runBody, submittedBody } from './run-view.js';
import { RUN_FILES, runFile, type RunFileName } from './run-files.js';
import { deleteRun } from './delete-run.js';
import { deleteRoute, fileRoute, listRoute, runRoute, screenRoute, submitRoute } from './routes.js';
import { checkIdempotencyKey } from './idempotency.js';
import { allowedMethods, allowHeaderOf, publishDocument } from './openapi-document.js';
import { runWebhookAttempts } from '../notify/run-webhooks.js';
import { screenClient } from './screen-client.js';
import { submitUpload, type SubmitContext } from './submit-upload.js';
import type { ApiToken } from './tokens.js';
import { registerAlertRoutes, type AlertRoutesDeps } from './alerts-app.js';

export interface ApiDeps extends SubmitContext {
  readonly tokens: readonly ApiToken[];
  readonly log: Logger;
  /** `serve --metrics-port`: requests, upload bytes and webhook attempts are counted here. */
  readonly metrics?: ApiMetrics;
  /** The Host (and unsafe requests' Origin) answered: the bound address or KYC_API_HOSTS. */
  readonly hosts?: HostPolicy;
  /** Per token: requests a minute and runs at once (defaults: DEFAULT_TOKEN_LIMITS). */
  readonly limits?: TokenLimits;
  /** The review desk (/v1/alerts); absent: those routes answer 404. */
  readonly desk?: Omit<AlertRoutesDeps, 'auth'>;
  /** `KYC_API_PUBLIC_URL`: the document's `servers`; absent, the origin the document is asked at. */
  readonly publicUrl?: string | undefined;
}

/**
 * JSON answers run nothing; a downloaded report.html may be opened from the API itself, with its inline
 * style and nothing else.
 */
const API_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const DOCUMENT_PATH = '/v1/openapi.json';
const DOCUMENT_INFO = {
  title: 'kyc-screen',
  version: VERSION,
  description: 'Batch KYC screening: submit a client CSV, follow the run, download its verdicts.',
};

type Env = { Variables: AuthVariables & { requestId: string } };

/** hono's own refusals (a JSON body of another content type, malformed JSON) in the API's codes. */
function fromHono(error: Error): Error {
  if (!(error instanceof HTTPException)) return error;
  if (error.status === 415) return new KycError('KYC_ERR_API_MEDIA_TYPE', 'expected application/json');
  if (error.status === 400) return new KycError('KYC_ERR_API_REQUEST', `JSON body: ${error.message}`);
  return error;
}

type Api = OpenAPIHono<Env>;

/** Where a refused value was, in the caller's words (zod-openapi's targets are its own names). */
const TARGET_WORDS: Readonly<Record<string, string>> = {
  query: 'query parameter',
  json: 'JSON body field',
  header: 'header',
  param: 'path parameter',
};

/** The app around /v1: request ids, the access log, security headers, the host guard, errors, the OpenAPI document. */
function apiShell(deps: ApiDeps): Api {
  const app = new OpenAPIHono<Env>({
    defaultHook: (result) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const target = TARGET_WORDS[result.target] ?? result.target;
        const where = issue ? `${target} ${issue.path.join('.')}: ${issue.message}` : target;
        throw new KycError('KYC_ERR_API_REQUEST', where);
      }
    },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  if (deps.metrics) app.use('*', deps.metrics.middleware());
  app.use('*', requestId());
  app.use('*', accessLog(deps.log));
  app.use('*', securityHeaders(API_CSP));
  if (deps.hosts)
    app.use(
      '*',
      hostGuard(deps.hosts, (what) => {
        throw what === 'host'
          ? new KycError('KYC_ERR_API_HOST', 'set KYC_API_HOSTS on the server to serve a name')
          : new KycError('KYC_ERR_API_ORIGIN');
      }),
    );
  app.use('*', jsonBodyLimit(['/v1/screen']));
  app.onError((error, c) => {
    const { status, body } = errorResponse(fromHono(error), requestIdOf(c));
    if (status >= 500) deps.log.error({ err: error, requestId: body.request_id }, 'API request failed');
    return c.json(body, status);
  });
  const allowed = allowedMethods(app, { [DOCUMENT_PATH]: ['GET'] });
  app.notFound((c) => {
    const allow = allowHeaderOf(c, allowed);
    const error =
      allow === undefined
        ? new KycError('KYC_ERR_API_NOT_FOUND')
        : new KycError('KYC_ERR_API_METHOD', `${c.req.method} ${c.req.path}; it answers ${allow}`);
    const { status, body } = errorResponse(error, requestIdOf(c));
    if (allow !== undefined) c.header('Allow', allow);
    return c.json(body, status);
  });
  publishDocument(app, DOCUMENT_PATH, DOCUMENT_INFO, deps.publicUrl);
  return app;
}

/** Submitting a file or one client: admitted within the token's runs at once. */
function submissionRoutes(v1: Api, deps: ApiDeps, activeRuns: ActiveRuns): void {
  // The run keeps the base its links are given under: its webhook is sent later, with no request to ask.
  const linked = (c: Context<Env>) => {
    const base = requestBase(deps.publicUrl, c.req.url);
    return { base, ctx: { ...deps, linksBase: base } };
  };
  v1.openapi(submitRoute, async (c) => {
    const query = c.req.valid('query');
    const header = c.req.header('idempotency-key');
    const { base, ctx } = linked(c);
    const run = await activeRuns.admit(c, c.get('submitter'), () =>
      submitUpload(ctx, {
        body: c.req.raw.body,
        contentType: c.req.header('content-type'),
        submitter: c.get('submitter'),
        idempotencyKey: header === undefined ? undefined : checkIdempotencyKey(header),
        priority: query.priority,
        checks: query.checks,
        callbackUrl: query.callback_url,
        maxAge: query.max_age,
      }).catch((error: unknown) => {
        throw inRequestTerms(error, 'file');
      }),
    );
    const body = submittedBody(run, base);
    c.header('Location', body.status_url);
    return c.json(body, 202);
  });

  v1.openapi(screenRoute, async (c) => {
    const query = c.req.valid('query');
    const header = c.req.header('idempotency-key');
    const client = c.req.valid('json');
    const { base, ctx } = linked(c);
    const result = await activeRuns.admit(c, c.get('submitter'), async () => {
      const screened = await screenClient(ctx, client, {
        submitter: c.get('submitter'),
        idempotencyKey: header === undefined ? undefined : checkIdempotencyKey(header),
        checks: query.checks,
        callbackUrl: query.callback_url,
        maxAge: query.max_age,
        waitMs: query.wait * 1000,
      });
      return { ...screened, id: screened.done ? screened.body.id : screened.run.id };
    });
    if (result.done) return c.json({ ...result.body, ...absoluteRunLinks(base, result.body.id) }, 200);
    const body = submittedBody(result.run, base);
    c.header('Location', body.status_url);
    return c.json(body, 202);
  });
}

/** Following, deleting and downloading runs: a token sees its own runs only unless it is admin. */
function runRoutes(v1: Api, deps: ApiDeps): void {
  const store = new RunStore(deps.redis, deps.config.prefix);
  /** A run the request's token may see, or 404 as for a run that does not exist: others' runs stay unseen. */
  async function apiRun(id: string, viewer: Viewer): Promise<RunState> {
    const run = await store.get(id);
    if (!run || !canSee(viewer, run)) throw new KycError('KYC_ERR_RUN_NOT_FOUND', id);
    return run;
  }
  const viewerOf = (c: Context<Env>): Viewer => ({ submitter: c.get('submitter'), admin: c.get('admin') });

  const webhooksOf = (id: string) => runWebhookAttempts(deps.redis, deps.config.prefix, id);
  const baseOf = (c: Context<Env>) => requestBase(deps.publicUrl, c.req.url);
  v1.openapi(listRoute, async (c) => {
    const { limit, offset } = c.req.valid('query');
    const viewer = viewerOf(c);
    const base = baseOf(c);
    const { ids, total } = await new ApiRunIndex(deps.redis, deps.config.prefix).page(
      offset,
      limit,
      viewer.admin ? undefined : viewer.submitter,
    );
    const runs = await Promise.all(
      ids.map(async (id) => {
        const run = await store.get(id);
        return run ? [runBody(run, await store.counters(id), { base, webhooks: await webhooksOf(id) })] : [];
      }),
    );
    const next =
      offset + ids.length < total ? `${base}/v1/runs?limit=${limit}&offset=${offset + limit}` : null;
    return c.json({ runs: runs.flat(), total, next_url: next }, 200);
  });

  v1.openapi(runRoute, async (c) => {
    const run = await apiRun(c.req.valid('param').id, viewerOf(c));
    const webhooks = await webhooksOf(run.id);
    return c.json(runBody(run, await store.counters(run.id), { base: baseOf(c), webhooks }), 200);
  });

  v1.openapi(deleteRoute, async (c) => {
    const run = await apiRun(c.req.valid('param').id, viewerOf(c));
    const ctx = { redis: deps.redis, prefix: deps.config.prefix, runsDir: deps.runsDir, log: deps.log };
    if ((await deleteRun(ctx, run)) === 'deleted') return c.body(null, 204);
    const counters = await store.counters(run.id);
    return c.json(runBody(await store.require(run.id), counters, { base: baseOf(c) }), 202);
  });

  for (const name of Object.keys(RUN_FILES) as RunFileName[]) {
    v1.openapi(fileRoute(name), async (c) => {
      const file = await runFile(await apiRun(c.req.valid('param').id, viewerOf(c)), name);
      if (c.req.header('if-none-match') === file.etag) return c.body(null, 304, { etag: file.etag });
      return c.body(file.open(), 200, file.headers);
    });
  }
}

/**
 * The HTTP API under /v1: submit a CSV, follow the run, download its outputs. Runs go through the same
 * pipeline as `kyc-screen run`; only runs submitted through the API are visible here, and to a token only its
 * own unless it is marked admin.
 */
export function apiApp(deps: ApiDeps) {
  const app = apiShell(deps);
  const v1 = new OpenAPIHono<Env>(app.defaultHook ? { defaultHook: app.defaultHook } : {});
  v1.use('/runs', bearerAuth(deps.tokens));
  v1.use('/runs/*', bearerAuth(deps.tokens));
  v1.use('/screen', bearerAuth(deps.tokens));
  const limits = deps.limits ?? DEFAULT_TOKEN_LIMITS;
  const rate = requestRateLimit(deps.redis, deps.config.prefix, limits);
  for (const path of ['/runs', '/runs/*', '/screen']) v1.use(path, rate);
  const activeRuns = new ActiveRuns(deps.redis, deps.config.prefix, limits);
  submissionRoutes(v1, deps, activeRuns);
  runRoutes(v1, deps);
  if (deps.desk) registerAlertRoutes(v1, { ...deps.desk, auth: bearerAuth(deps.tokens), rate });
  app.route('/v1', v1);
  return app;
}
