import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  openSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { KycError } from '../../errors.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../infra/private-files.js';

/** The deployment's signing key in the state directory, unless `KYC_AUDIT_KEY` names another file. */
export const SIGNING_KEY_FILE = 'audit-signing-key.pem';
/**
 * Written beside a key the deployment generated: its id and when. A generated key that later goes missing
 * is then an error, not a new key made in silence (a new trust root the auditors never received).
 */
export const SIGNING_KEY_RECORD = 'audit-signing-key.created';

export interface SigningKey {
  readonly privateKey: KeyObject;
  readonly publicKeyPem: string;
  /** sha256 of the public key's DER (SPKI), hex: what an auditor compares with the bank's published key. */
  readonly keyId: string;
}

/** Of a public key, or of the public half of a private one. */
export function keyIdOf(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

export function publicKeyFromPem(pem: string, source: string): KeyObject {
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${key.asymmetricKeyType} key`);
    return key;
  } catch (error) {
    throw new KycError('KYC_ERR_AUDIT_KEY', `${source}: not an Ed25519 public key`, { cause: error });
  }
}

function fromPrivatePem(pem: string, source: string): SigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch (error) {
    throw new KycError('KYC_ERR_AUDIT_KEY', `${source}: not a PEM private key`, { cause: error });
  }
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new KycError('KYC_ERR_AUDIT_KEY', `${source}: an ${privateKey.asymmetricKeyType} key, not Ed25519`);
  const publicKey = createPublicKey(privateKey);
  return {
    privateKey,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    keyId: keyIdOf(publicKey),
  };
}

/** Creates the key file exclusively (0600): of two processes creating it at once, one key wins, both use it. */
function createKeyFile(path: string): void {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  let fd: number;
  try {
    fd = openSync(
      path,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      PRIVATE_FILE_MODE,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw new KycError('KYC_ERR_AUDIT_KEY', `${path}: cannot create the signing key`, { cause: error });
  }
  try {
    writeSync(fd, pem);
  } finally {
    closeSync(fd);
  }
}

function readKeyFile(path: string): string | undefined {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new KycError('KYC_ERR_AUDIT_KEY', `${path}: cannot read the signing key`, { cause: error });
  }
  // Whoever can read the key can sign packages as the deployment: only its owner may.
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0)
    throw new KycError(
      'KYC_ERR_AUDIT_KEY',
      `${path}: the signing key is readable by others (mode ${mode.toString(8).padStart(4, '0')}); ` +
        `make it the owner's alone: chmod 600 ${path}`,
    );
  return pem;
}

/** Refuses to generate a key where one was generated before and is gone. */
function refuseLostKey(path: string, record: string): void {
  if (!existsSync(record)) return;
  let was = '';
  try {
    was = readFileSync(record, 'utf8').trim();
  } catch {
    // The record's words are only for the message; its presence is what counts.
  }
  throw new KycError(
    'KYC_ERR_AUDIT_KEY',
    `${path}: the signing key generated here (${was || 'see ' + record}) is missing; restore it from its ` +
      `backup. A new key is a new trust root: to make one on purpose, remove ${record} and publish the new ` +
      'public key (report public-key) to whoever verifies packages',
  );
}

export interface KeyLocation {
  readonly stateDir: string;
  /** KYC_AUDIT_KEY: a key file shared by the deployment's machines; never generated. */
  readonly keyFile?: string | undefined;
}

export function signingKeyPath(location: KeyLocation): string {
  return location.keyFile ?? join(location.stateDir, SIGNING_KEY_FILE);
}

/** The deployment's key, generated on first use in the state directory (a configured key file must exist). */
export function loadSigningKey(location: KeyLocation): SigningKey {
  const path = signingKeyPath(location);
  let pem = readKeyFile(path);
  if (pem === undefined) {
    if (location.keyFile)
      throw new KycError('KYC_ERR_AUDIT_KEY', `${path}: no such key file (KYC_AUDIT_KEY)`);
    const record = join(location.stateDir, SIGNING_KEY_RECORD);
    refuseLostKey(path, record);
    ensurePrivateDir(location.stateDir);
    createKeyFile(path);
    pem = readKeyFile(path) ?? '';
    const key = fromPrivatePem(pem, path);
    if (!existsSync(record))
      writeFileSync(record, `key id ${key.keyId}, generated ${new Date().toISOString()}\n`, {
        mode: PRIVATE_FILE_MODE,
      });
    return key;
  }
  return fromPrivatePem(pem, path);
}

/** The deployment's public key when its key exists; never generates one (verify must not invent trust). */
export function existingPublicKey(location: KeyLocation): KeyObject | undefined {
  const pem = readKeyFile(signingKeyPath(location));
  return pem === undefined
    ? undefined
    : createPublicKey(fromPrivatePem(pem, signingKeyPath(location)).privateKey);
}
