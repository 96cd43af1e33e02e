/** What `kyc-screen doctor` reports: one finding per point where the service's contract is open. */
export interface Finding {
  /** The point, e.g. `result cap`, `name search: across scripts`. */
  readonly point: string;
  /** What the service did, in words without personal data or the key. */
  readonly found: string;
  /** What the upstream profile (or the client's fixed reading) assumes. */
  readonly assumed: string;
  /** true: the assumption holds; false: the service contradicts it; undefined: informational, or untold. */
  readonly holds: boolean | undefined;
  /** A point the doctor could not measure: the report never counts it among the assumptions that hold. */
  readonly unmeasured?: true;
}

/** A service that contradicts an assumption the pipeline relies on. */
export function contradictions(findings: readonly Finding[]): Finding[] {
  return findings.filter((finding) => finding.holds === false);
}
