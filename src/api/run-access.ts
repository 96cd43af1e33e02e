import type { RunState } from '../run/state/run-store.js';

/** Who asks: the name of the request's token, and whether that token is marked admin. */
export interface Viewer {
  readonly submitter: string;
  readonly admin: boolean;
}

/**
 * Whether a token may see a run: an admin token every run of the API, any other only the runs it submitted.
 * A run submitted otherwise (`kyc-screen run`, a schedule) is no API client's business.
 */
export function canSee(viewer: Viewer, run: Pick<RunState, 'submitter'>): boolean {
  if (run.submitter === undefined) return false;
  return viewer.admin || run.submitter === viewer.submitter;
}
