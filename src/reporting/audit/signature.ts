import { sign, verify, type KeyObject } from 'node:crypto';
import type { VerifyProblem } from './package.js';
import { keyIdOf, publicKeyFromPem, type SigningKey } from './signing-key.js';

/** Beside SHA256SUMS: the deployment's Ed25519 signature over its exact bytes. */
export const SIGNATURE_FILE = 'SHA256SUMS.sig';
const FORMAT = 'kyc-screen-audit-signature/1';

interface SignatureDocument {
  readonly format: typeof FORMAT;
  readonly algorithm: 'Ed25519';
  readonly signed_file: 'SHA256SUMS';
  readonly key_id: string;
  readonly public_key: string;
  readonly signature: string;
  readonly signed_at: string;
}

export function signSums(sums: Buffer, key: SigningKey, at: Date = new Date()): string {
  const document: SignatureDocument = {
    format: FORMAT,
    algorithm: 'Ed25519',
    signed_file: 'SHA256SUMS',
    key_id: key.keyId,
    public_key: key.publicKeyPem,
    signature: sign(null, sums, key.privateKey).toString('base64'),
    signed_at: at.toISOString(),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function parseDocument(text: string): SignatureDocument | undefined {
  try {
    const value = JSON.parse(text) as Partial<SignatureDocument>;
    return value.format === FORMAT &&
      typeof value.public_key === 'string' &&
      typeof value.signature === 'string'
      ? (value as SignatureDocument)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The signature must be over these SHA256SUMS bytes AND by a key the verifier trusts: a package re-signed
 * with a forger's own key carries a valid signature by the wrong key.
 */
export function signatureProblems(
  sums: Buffer,
  signatureText: string | undefined,
  trusted: readonly KeyObject[],
): VerifyProblem[] {
  if (signatureText === undefined)
    return [
      { code: 'KYC_ERR_AUDIT_SIGNATURE', message: `${SIGNATURE_FILE}: missing, the package is unsigned` },
    ];
  const document = parseDocument(signatureText);
  if (!document)
    return [{ code: 'KYC_ERR_AUDIT_SIGNATURE', message: `${SIGNATURE_FILE}: not a kyc-screen signature` }];
  let signer: KeyObject;
  try {
    signer = publicKeyFromPem(document.public_key, SIGNATURE_FILE);
  } catch {
    return [{ code: 'KYC_ERR_AUDIT_SIGNATURE', message: `${SIGNATURE_FILE}: its public key is not Ed25519` }];
  }
  if (!verify(null, sums, signer, Buffer.from(document.signature, 'base64')))
    return [
      {
        code: 'KYC_ERR_AUDIT_SIGNATURE',
        message: `${SIGNATURE_FILE}: the signature does not match SHA256SUMS`,
      },
    ];
  if (trusted.length === 0)
    return [
      {
        code: 'KYC_ERR_AUDIT_KEY_UNTRUSTED',
        message:
          `signed by key ${keyIdOf(signer)}, but no trusted key to compare it with: ` +
          'pass --public-key FILE (the deployment prints it with `report public-key`)',
      },
    ];
  const signerId = keyIdOf(signer);
  if (!trusted.some((key) => keyIdOf(key) === signerId))
    return [
      {
        code: 'KYC_ERR_AUDIT_KEY_UNTRUSTED',
        message: `signed by key ${signerId}, which is not the deployment's (${trusted.map(keyIdOf).join(', ')})`,
      },
    ];
  return [];
}
