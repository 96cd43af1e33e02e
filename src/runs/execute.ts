import { resolve } from 'node:path';
import { withUpstreamProfile, type Config } from '../config.js';
import type { Logger } from '../log.js';
import { awaitRun, type RunOutcome } from './outcome.js';
import { prepareRun } from './prepare.js';
import type { RunRequest } from './request.js';
import type { Runtime } from './runtime.js';
import { checkUpstream, resumeRun, startRun, upstreamStateOf, type RunSession } from './start.js';

/** Where a run's notices go (a terminal's stderr, or log lines). */
export type Notify = (message: string, level?: 'info' | 'warn') => void;

/** A process that already has a runtime (the schedules worker): a run uses it and starts nothing of its own. */
export interface RunHost {
  readonly config: Config;
  readonly log: Logger;
  readonly runtime: Runtime;
  /** Stops following the run (the run itself goes on in the workers). */
  readonly signal: AbortSignal;
  readonly announce: Notify;
}

export function sessionOf(config: Config, runtime: Runtime): RunSession {
  return { config, redis: runtime.redis, upstream: runtime };
}

/** The config a request's run is checked by: the upstream profile it names, else the host's. */
export function configFor(config: Config, request: Pick<RunRequest, 'upstreamProfile'>): Config {
  return request.upstreamProfile ? withUpstreamProfile(config, resolve(request.upstreamProfile)) : config;
}

/**
 * A new run from its request, or the resume of one (`resume`), on a host's runtime and followed to its
 * end with no one watching: what a schedule's firing does. The host's workers do the work.
 */
export async function executeRun(host: RunHost, request: RunRequest, resume?: string): Promise<RunOutcome> {
  const config = configFor(host.config, request);
  const session = sessionOf(config, host.runtime);
  const check = () => checkUpstream(host.runtime.registry, host.log, upstreamStateOf(session));
  let runId: string;
  if (resume !== undefined) {
    const { run } = await resumeRun(session, resume, {}, check);
    runId = run.id;
    host.announce(`Resuming run ${runId} from row ${run.written + 1}`);
  } else {
    const prepared = await prepareRun(request, config);
    const settings = await startRun(session, prepared, { beforeSubmit: check });
    runId = settings.id;
    host.announce(`Run ${runId} submitted (${settings.priority} priority): ${settings.input}`);
  }
  return awaitRun(host.runtime.redis, config.prefix, runId, { signal: host.signal });
}
