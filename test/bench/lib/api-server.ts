import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { request } from 'node:http';
import { freePort } from '../../../src/infra/free-port.js';
import { startCli, type MaxSampler } from './processes.js';

/**
 * `kyc-screen serve` (the built CLI) as a benchmark process with one API token, and the two requests the
 * API benchmark makes: a file streamed from disk as an upload, one client screened synchronously.
 */
export const BENCH_TOKEN = 'kyc-bench-api-token';

export interface BenchServe {
  readonly base: string;
  readonly pid: number;
  readonly peak: MaxSampler;
  /** SIGTERM, then SIGKILL if the process has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export async function startServe(args: string[], env: NodeJS.ProcessEnv): Promise<BenchServe> {
  const port = await freePort();
  const sha = createHash('sha256').update(BENCH_TOKEN).digest('hex');
  const serve = startCli(['serve', '--port', String(port), ...args], {
    KYC_API_TOKENS: `bench:${sha}`,
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (serve.child.exitCode !== null) throw new Error(`serve exited ${serve.child.exitCode}`);
    try {
      if ((await fetch(`${base}/v1/openapi.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('serve did not answer');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: serve.child.pid ?? 0,
    peak: serve.peak,
    async stop(graceMs = 20_000) {
      const timer = setTimeout(() => serve.child.kill('SIGKILL'), graceMs);
      await serve.stop();
      clearTimeout(timer);
    },
  };
}

const auth = { authorization: `Bearer ${BENCH_TOKEN}` };

/** How long a screen request waits for its verdict: one stuck run must not stall the benchmark for long. */
const SCREEN_WAIT_S = 20;

/** POST /v1/runs with the file streamed from disk (the client holds none of it in memory); the run's id. */
export function uploadFile(base: string, path: string, priority = 'normal'): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/v1/runs?priority=${priority}`,
      {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv', 'content-length': statSync(path).size },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => {
          if (res.statusCode === 202) resolve((JSON.parse(body) as { id: string }).id);
          else reject(new Error(`upload answered ${res.statusCode}: ${body}`));
        });
      },
    );
    req.on('error', reject);
    createReadStream(path).pipe(req);
  });
}

export interface RunProgress {
  readonly status: string;
  readonly progress: { readonly rows_written: number; readonly rows_read: number };
}

export async function runStatus(base: string, id: string): Promise<RunProgress> {
  return (await (await fetch(`${base}/v1/runs/${id}`, { headers: auth })).json()) as RunProgress;
}

/** One client through POST /v1/screen: its HTTP status and verdict, and the seconds until the answer. */
export async function screenOne(
  base: string,
  client: Record<string, string>,
): Promise<{ status: number; verdict: string | undefined; seconds: number }> {
  const started = performance.now();
  const response = await fetch(`${base}/v1/screen?wait=${SCREEN_WAIT_S}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(client),
  });
  const body = (await response.json()) as { verdict?: { verdict: string } | null };
  return {
    status: response.status,
    verdict: body.verdict?.verdict,
    seconds: (performance.now() - started) / 1000,
  };
}
