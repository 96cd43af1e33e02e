import type { Redis } from 'ioredis';
import { verdictCount } from '../domain/run-counters.js';
import type { UnrecognisedCount } from '../domain/unrecognised.js';
import { CATALOG, EXIT, type ErrorCode } from '../errors.js';
import { encodeFailure } from '../failure.js';
import { RunStore, type Counters, type RunState } from '../run/state/run-store.js';
import { followRun, requeueRun, type FollowTick } from './submit.js';

/** How following a run ended, with the exit code of a command that followed it. */
export type RunOutcome =
  | { readonly kind: 'interrupted'; readonly runId: string; readonly exitCode: number }
  | {
      readonly kind: 'failed';
      readonly runId: string;
      readonly code: ErrorCode;
      /** The run's failure as encodeFailure wrote it, the last line of the command. */
      readonly error: string;
      /** The run is kept and a resume continues it once the cause is fixed (and how to fix it). */
      readonly resumable?: 'free-the-name' | 'upstream' | 'desk';
      readonly exitCode: number;
    }
  | {
      readonly kind: 'finished';
      readonly run: RunState;
      readonly counters: Counters;
      readonly unrecognised: UnrecognisedCount[];
      /** 0, or 4 when some rows are INCOMPLETE. */
      readonly exitCode: number;
    };

/** `run` exits 130 when following stopped (SIGINT, or a worker shutting down); the run goes on. */
export const INTERRUPTED_EXIT = 130;

function resumableBy(code: ErrorCode): 'free-the-name' | 'upstream' | 'desk' | undefined {
  if (code === 'KYC_ERR_OUTPUT_EXISTS') return 'free-the-name';
  // Stopped before its first row for want of the desk: with the desk shared (DATABASE_URL), it resumes.
  if (code === 'KYC_ERR_DESK_REQUIRED') return 'desk';
  // A run stopped because the service refused the key or was out of reach: fixed, it resumes.
  if (code === 'KYC_ERR_UPSTREAM_AUTH' || code === 'KYC_ERR_UPSTREAM_UNREACHABLE') return 'upstream';
  return undefined;
}

/**
 * Follows a run until it is done, failed or cancelled, or until `signal` stops the following (the run
 * itself goes on in the workers). A run nobody has moved for a while is put back in a coordinator's hands.
 */
export async function awaitRun(
  redis: Redis,
  prefix: string,
  runId: string,
  options: { readonly signal: AbortSignal; readonly onTick?: (tick: FollowTick) => void },
): Promise<RunOutcome> {
  const store = new RunStore(redis, prefix);
  const final = await followRun(redis, prefix, runId, (tick) => options.onTick?.(tick), {
    signal: options.signal,
    onIdle: async () => {
      const run = await store.get(runId);
      if (run && run.status !== 'done' && run.status !== 'failed') await requeueRun(redis, prefix, run);
    },
  });
  if (options.signal.aborted && final.status !== 'done')
    return { kind: 'interrupted', runId, exitCode: INTERRUPTED_EXIT };
  if (final.status === 'failed') {
    const code = final.errorCode ?? 'KYC_ERR_INTERNAL';
    const resumable = resumableBy(code);
    return {
      kind: 'failed',
      runId,
      code,
      error: final.error ?? encodeFailure({ code: 'KYC_ERR_INTERNAL', message: 'run failed' }),
      ...(resumable ? { resumable } : {}),
      exitCode: CATALOG[code].exit,
    };
  }
  const counters = await store.counters(runId);
  return {
    kind: 'finished',
    run: final,
    counters,
    unrecognised: await store.unrecognised(runId),
    exitCode: verdictCount(counters, 'INCOMPLETE') > 0 ? EXIT.INCOMPLETE : EXIT.OK,
  };
}
