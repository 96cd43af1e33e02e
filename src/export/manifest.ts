import type { Counters, RunState } from '../pipeline/run-store.js';

export interface OutputFileInfo {
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
}

export interface ManifestInput {
  readonly run: RunState;
  readonly finishedAt: string;
  readonly counters: Counters;
  readonly rows: number;
  readonly input: { readonly encoding: string; readonly delimiter: string };
  readonly outputs: readonly OutputFileInfo[];
  readonly softwareVersion: string;
  readonly scoringVersion: string;
}

/** Counter fields `prefix:a:b` → nested `{ a: { b: n } }`. */
function group(counters: Counters, prefix: string): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const [field, n] of Object.entries(counters)) {
    if (!field.startsWith(`${prefix}:`)) continue;
    const rest = field.slice(prefix.length + 1);
    const cut = rest.lastIndexOf(':');
    const outer = rest.slice(0, cut);
    const inner = rest.slice(cut + 1);
    (out[outer] ??= {})[inner] = n;
  }
  return out;
}

function flat(counters: Counters, prefix: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [field, n] of Object.entries(counters)) {
    if (field.startsWith(`${prefix}:`)) out[field.slice(prefix.length + 1)] = n;
  }
  return out;
}

/**
 * manifest.json: everything an auditor needs to tie the outputs to the input and to the software that
 * made them: hashes of every file, counts that must agree with the files, the upstream traffic and the
 * effective configuration (no secrets).
 */
export function buildManifest(m: ManifestInput) {
  const verdicts = flat(m.counters, 'verdict');
  const invalid = verdicts.INVALID ?? 0;
  const clients = m.rows - invalid;
  const calls = m.counters.calls ?? 0;
  return {
    manifest_version: 1,
    run_id: m.run.id,
    ...(m.run.emulator
      ? {
          emulator: true,
          emulator_notice:
            'Screened against the built-in emulator of the Lookup Service: its registers are synthetic; ' +
            'these verdicts are not a real screening.',
        }
      : {}),
    created_at: m.run.createdAt,
    started_at: m.run.startedAt ?? null,
    finished_at: m.finishedAt,
    priority: m.run.priority,
    input: {
      path: m.run.input,
      sha256: m.run.inputSha256,
      bytes: m.run.inputBytes,
      encoding: m.input.encoding,
      delimiter: m.input.delimiter,
    },
    rows: { total: m.rows, clients, invalid },
    verdicts,
    checks: group(m.counters, 'check'),
    upstream: {
      calls,
      calls_by_operation: group(m.counters, 'calls'),
      retries: m.counters.retries ?? 0,
      rate_limited_429: m.counters.rate_limited ?? 0,
      cache_hits: m.counters.cache_hits ?? 0,
      calls_per_client: clients > 0 ? Number((calls / clients).toFixed(3)) : 0,
    },
    scoring_version: m.scoringVersion,
    software_version: m.softwareVersion,
    checks_run: m.run.checks,
    config: { ...m.run.config, window: m.run.window },
    outputs: m.outputs,
  };
}

export type Manifest = ReturnType<typeof buildManifest>;
