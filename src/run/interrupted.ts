/** Thrown when the coordinator was asked to stop: output is consistent with the checkpoint; resume later. */
export class RunInterrupted extends Error {
  constructor(
    readonly runId: string,
    message = `run ${runId} interrupted; it resumes from its checkpoint`,
  ) {
    super(message);
    this.name = 'RunInterrupted';
  }
}

/** Why an aborted run stops: the reason its signal carries when that is an interruption (a lost lease), else a plain one. */
export function interruption(runId: string, signal: AbortSignal): RunInterrupted {
  return signal.reason instanceof RunInterrupted ? signal.reason : new RunInterrupted(runId);
}
