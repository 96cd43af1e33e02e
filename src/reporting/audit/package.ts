import type { ErrorCode } from '../../errors.js';

/** What `report verify` found wrong, with the catalog code the CLI exits with. */
export interface VerifyProblem {
  readonly code: ErrorCode;
  readonly message: string;
}

/** The files of an audit package, by role. Each is listed in SHA256SUMS (which SHA256SUMS.sig signs). */
export const AUDIT_FILES = {
  manifest: 'manifest.json',
  verdicts: 'verdicts.csv',
  evidence: 'evidence.jsonl',
  /** The bodies compacted evidence refers to (export/evidence-bodies.ts); absent from older runs' packages. */
  bodies: 'evidence.bodies.jsonl',
  config: 'config.json',
  versions: 'versions.json',
  whitelist: 'whitelist.csv',
  /** The run's HTML report (src/reporting/report), rendered from the packaged files at export. */
  report: 'report.html',
} as const;

/** What an audit package needs of the run's manifest.json (src/export/manifest.ts). */
export interface ManifestView {
  readonly manifest_version: number;
  readonly run_id: string;
  readonly software_version: string;
  readonly scoring_version: string;
  readonly config: Readonly<Record<string, unknown>>;
  /** The input the run read (absent only in a damaged manifest). */
  readonly input?: { readonly sha256?: string };
  readonly rows?: { readonly total?: number };
  /**
   * sha256 of the verdicts file, then of the evidence file, then (a run that compacted its evidence) of the
   * evidence's bodies file, as the run wrote them.
   */
  readonly outputs: readonly { readonly path: string; readonly sha256: string; readonly bytes: number }[];
}

/** config.json of the package: how the run was made, without secrets. */
export interface AuditConfig {
  readonly run_id: string;
  readonly effective_config: Readonly<Record<string, unknown>>;
  readonly run: Readonly<Record<string, unknown>>;
  readonly whitelist: { readonly path: string; readonly sha256: string; readonly entries: number } | null;
}

/** versions.json of the package. */
export interface AuditVersions {
  readonly run_id: string;
  readonly software_version: string;
  readonly scoring_version: string;
  readonly manifest_version: number;
  readonly exported_by: {
    readonly software_version: string;
    readonly node: string;
    readonly exported_at: string;
  };
}
