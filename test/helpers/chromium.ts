import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
/** CI installs Chromium (.ci/run) and must run the browser tests; elsewhere they are skipped without it. */
export const skipBrowser = !existsSync(CHROMIUM) && !process.env.CI;

/** Debian's headless Chromium in a throwaway profile, quiet on the network. */
export function chromiumContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'kyc-chromium-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport,
  });
}

/**
 * Where a browser test writes the screenshots the docs show: `docs/screenshots` only when asked
 * (KYC_UPDATE_DOCS=1), else the ignored `test/artifacts/screenshots`, so that a test run leaves the work
 * tree as it was.
 */
export function screenshotDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.KYC_UPDATE_DOCS === '1' ? 'docs/screenshots' : join('test', 'artifacts', 'screenshots');
}
