import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors.js';
import { cli, exited } from '../../helpers/cli-process.js';

/** `kyc-screen run` given a named pipe: refused at once (exit 3), never waiting for a writer. */
describe('kyc-screen run with a FIFO as its input', () => {
  it('exits 3 with KYC_ERR_INPUT_NOT_REGULAR naming the path, before Redis or the upstream are asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-fifo-run-'));
    const fifo = join(dir, 'clients.csv');
    execFileSync('mkfifo', [fifo]);
    const child = cli(['run', fifo, '--out-dir', join(dir, 'out')], {
      KYC_API_URL: 'http://127.0.0.1:9',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    // On a blocking open the command would wait for a writer for ever: kill it and fail instead.
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await exited(child);
    clearTimeout(killer);
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // No reader left on it.
    }
    expect(code).toBe(EXIT.INPUT);
    expect(stderr).toMatch(new RegExp(`^KYC_ERR_INPUT_NOT_REGULAR: .*${fifo} is a FIFO`, 'm'));
  }, 60_000);
});
