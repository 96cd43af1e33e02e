import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadSigningKey,
  SIGNING_KEY_FILE,
  SIGNING_KEY_RECORD,
} from '../../../src/reporting/audit/signing-key.js';

const newStateDir = () => mkdtempSync(join(tmpdir(), 'kyc-signing-key-'));

describe("the deployment's audit signing key", () => {
  it('is refused when others can read it, with the chmod that fixes it', () => {
    const stateDir = newStateDir();
    const first = loadSigningKey({ stateDir });
    const shared = join(mkdtempSync(join(tmpdir(), 'kyc-shared-key-')), 'bank-audit.pem');
    copyFileSync(join(stateDir, SIGNING_KEY_FILE), shared);
    chmodSync(shared, 0o644);
    expect(() => loadSigningKey({ stateDir, keyFile: shared })).toThrow(
      /readable by others \(mode 0644\).*chmod 600/u,
    );
    chmodSync(shared, 0o600);
    expect(loadSigningKey({ stateDir, keyFile: shared }).keyId).toBe(first.keyId);
  });

  it('generated here and then lost is an error, never a new key made in silence', () => {
    const stateDir = newStateDir();
    const first = loadSigningKey({ stateDir });
    expect(loadSigningKey({ stateDir }).keyId).toBe(first.keyId);
    rmSync(join(stateDir, SIGNING_KEY_FILE));
    expect(() => loadSigningKey({ stateDir })).toThrow(
      new RegExp(`${first.keyId}.*is missing; restore it`, 'u'),
    );
    // Starting a new trust root is a deliberate act: remove the record of the old key.
    rmSync(join(stateDir, SIGNING_KEY_RECORD));
    expect(loadSigningKey({ stateDir }).keyId).not.toBe(first.keyId);
  });
});
