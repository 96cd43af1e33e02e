import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The Compose deployment publishes nothing beyond the host's loopback by default (the dashboard, the HTTP API),
 * and Redis, the workers' metrics and the emulator stay on the Compose network. Read through
 * `docker-compose config` (the file as Compose resolves it), which CI has.
 */
const COMPOSE = '/usr/bin/docker-compose';

describe('docker-compose.yml', () => {
  it.skipIf(!existsSync(COMPOSE) && !process.env.CI)('publishes ports on 127.0.0.1 only', () => {
    // The variables Compose requires (it refuses to start without them), as a deployment sets them.
    const env = {
      ...process.env,
      KYC_API_URL: 'https://lookup.example',
      KYC_API_KEY: '11111111-2222-4333-8444-555555555555',
      KYC_DASHBOARD_TOKEN: 'token',
      REDIS_PASSWORD: '0123456789abcdef',
      POSTGRES_PASSWORD: 'fedcba9876543210',
      DASHBOARD_BIND: '',
      DASHBOARD_PORT: '',
      API_BIND: '',
      API_PORT: '',
    };
    const resolved = execFileSync(COMPOSE, ['-f', 'docker-compose.yml', 'config'], { env, encoding: 'utf8' });
    const published = resolved
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^- (\S+:)?\d+:\d+/.test(line) || line.startsWith('published:'));
    expect(published.length).toBeGreaterThan(0);
    for (const line of published) expect(line).toMatch(/^- 127\.0\.0\.1:\d+:\d+/);
  });
});
