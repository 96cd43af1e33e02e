import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * Every test file gets a state directory of its own (KYC_STATE_DIR, which the CLI processes it starts
 * inherit), never the checkout's `.state`: a test run must not add sightings to the user's own alerts nor
 * hold the lock of the user's embedded desk database, whatever KYC_STATE_DIR the shell exports. A test
 * that names its own directory (`--state-dir`, KYC_STATE_DIR in a child's environment) still wins.
 */
const root = mkdtempSync(join(tmpdir(), 'kyc-test-state-'));
process.env.KYC_STATE_DIR = join(root, 'state');
afterAll(() => rmSync(root, { recursive: true, force: true }));
