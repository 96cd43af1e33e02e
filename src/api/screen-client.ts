import { inRequestTerms } from './parameter-errors.js';
import { isVerdictKind } from '../domain/verdict.js';
import { isKycError, KycError } from '../errors.js';
import { writeFile } from 'node:fs/promises';
import { stringify } from 'csv-stringify/sync';
import { openVerdictFile } from '../ingest/verdict-file.js';
import { markUrgentWork } from '../upstream/pacer.js';
import { PRIVATE_FILE_MODE } from '../infra/private-files.js';
import { pacerKey } from '../run/state/topology.js';
import type { RunState } from '../run/state/run-store.js';
import { fileDigest } from '../infra/file-digest.js';
import { followRun } from '../runs/submit.js';
import { runLinks } from './run-view.js';
import { firstRowMatches } from './screen-matches.js';
import type { ClientBody, ScreenedBody } from './schemas.js';
import { acceptRun, type RunOptions, type SubmitContext } from './submit-upload.js';

/** One client as a one-row CSV with the reader's own header names, only the fields given. */
export function clientCsv(client: ClientBody): string {
  const fields = Object.entries(client).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return stringify([fields.map(([name]) => name), fields.map(([, value]) => value)], { quoted: true });
}

async function verdictOf(run: RunState): Promise<ScreenedBody['verdict']> {
  const file = await openVerdictFile(run.out);
  for await (const row of file.rows) {
    // Written by this pipeline: a verdict outside the catalog is a damaged file, not an answer to pass on.
    if (!isVerdictKind(row.verdict)) throw new KycError('KYC_ERR_INTERNAL', `verdict ${row.verdict}`);
    return {
      verdict: row.verdict,
      reasons: [...row.reasons],
      checks: { ...row.checks },
      matches: await firstRowMatches(run.evidence),
    };
  }
  return null;
}

interface ScreenRequest {
  submitter: string;
  idempotencyKey: string | undefined;
  checks: string | undefined;
  callbackUrl?: string | undefined;
  maxAge?: string | undefined;
  waitMs: number;
}

/** The client written as the one-row file of its run, with the run's options. */
async function clientFile(
  path: string,
  client: ClientBody,
  request: ScreenRequest,
): Promise<{ options: RunOptions; digest: Awaited<ReturnType<typeof fileDigest>> }> {
  await writeFile(path, clientCsv(client), { flag: 'wx', mode: PRIVATE_FILE_MODE });
  const options: RunOptions = {
    priority: 'interactive',
    checks: request.checks,
    encoding: 'utf-8',
    callbackUrl: request.callbackUrl,
    maxAge: request.maxAge,
  };
  return { options, digest: await fileDigest(path, 'KYC_ERR_INPUT_NOT_FOUND') };
}

/**
 * The reader refuses the one-row file in terms of columns and a header line, which the caller never
 * wrote: said of the JSON body's fields instead.
 */
function inJsonTerms(error: unknown): never {
  if (isKycError(error) && error.code === 'KYC_ERR_INPUT_NO_KEY_COLUMN')
    throw new KycError('KYC_ERR_API_CLIENT_NO_KEY', undefined, { cause: error });
  throw inRequestTerms(error, 'json');
}

/**
 * POST /v1/screen: one client, screened as a run of one row at `interactive` priority (its jobs and calls
 * served before those of any run in progress, `high` ones included), through the same pipeline as every
 * run. The verdict when the run ends within `waitMs`; otherwise the run, to be followed like any other.
 */
export async function screenClient(
  ctx: SubmitContext,
  client: ClientBody,
  request: ScreenRequest,
): Promise<{ done: true; body: ScreenedBody } | { done: false; run: Pick<RunState, 'id' | 'status'> }> {
  // The runs' calls stop booking far ahead while this client's run is set up (src/upstream/pacer.ts).
  await markUrgentWork(ctx.redis, pacerKey(ctx.config.prefix), 'interactive');
  const accepted = await acceptRun(
    ctx,
    { submitter: request.submitter, idempotencyKey: request.idempotencyKey },
    (path) => clientFile(path, client, request),
  ).catch(inJsonTerms);
  const run = await followRun(ctx.redis, ctx.config.prefix, accepted.id, () => undefined, {
    // The caller waits on this answer: a look every 20 ms costs a few Redis reads.
    pollMs: 20,
    signal: AbortSignal.timeout(request.waitMs),
  });
  if (run.status !== 'done' && run.status !== 'failed') return { done: false, run };
  const final = run;
  return {
    done: true,
    body: {
      id: final.id,
      status: final.status === 'done' ? 'done' : 'failed',
      verdict: final.status === 'done' ? await verdictOf(final) : null,
      error: final.error ?? null,
      ...runLinks(final.id),
    },
  };
}
