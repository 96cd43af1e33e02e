import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, exited, stderrOf } from '../../helpers/cli-process.js';
import { redisUrl } from '../../helpers/redis.js';

/** `serve` fails closed: no API open to anyone, no screening against nothing, before it touches anything. */
describe('kyc-screen serve refuses to start', () => {
  const refusal = async (args: string[], env: NodeJS.ProcessEnv) => {
    const stateDir = mkdtempSync(join(tmpdir(), 'kyc-api-refuse-'));
    const child = cli(['serve', '--port', '0', '--state-dir', stateDir, ...args], {
      REDIS_URL: redisUrl(),
      KYC_API_URL: '',
      ...env,
    });
    const stderr = stderrOf(child);
    const code = await exited(child);
    return { code, stderr: stderr(), left: readdirSync(stateDir) };
  };

  it('without tokens, or with a token where its hash belongs (exit 2, the token not echoed)', async () => {
    const none = await refusal(['--emulator'], {});
    expect(none).toMatchObject({ code: 2, left: [] });
    expect(none.stderr).toContain('KYC_ERR_API_TOKENS');
    const pasted = await refusal(['--emulator'], { KYC_API_TOKENS: 'alice:the-plain-token' });
    expect(pasted).toMatchObject({ code: 2 });
    expect(pasted.stderr).toContain('KYC_ERR_API_TOKENS');
    expect(pasted.stderr).not.toContain('the-plain-token');
  });

  it('without an upstream: no KYC_API_URL and no --emulator (exit 2)', async () => {
    const result = await refusal([], { KYC_API_TOKENS: `alice:${'a'.repeat(64)}` });
    expect(result).toMatchObject({ code: 2, left: [] });
    expect(result.stderr).toContain('KYC_ERR_CONFIG_NO_UPSTREAM');
  });
});
