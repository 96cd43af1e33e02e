import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KycError } from '../errors.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../infra/private-files.js';
import type { AnswerStoreSettings } from './answer-store.js';
import type { ServiceIdentity } from '../settings/service-identity.js';

/** The file of the deployment's answer-store secret under the state directory (0600). */
export const SECRET_FILE = 'answers.key';

/**
 * The key of the answer store's hashes: KYC_ANSWERS_SECRET when configured (every machine of a
 * deployment must share it to share answers), else `<state-dir>/answers.key`, made of 32 random bytes on
 * first use and readable by the owner only. A lost secret loses the store's use (new keys, new calls),
 * never a verdict.
 */
export function answersSecret(configured: string | undefined, stateDir: string): Buffer {
  if (configured !== undefined) {
    if (configured.length < 16)
      throw new KycError('KYC_ERR_CONFIG_INVALID', 'KYC_ANSWERS_SECRET must have at least 16 characters');
    return Buffer.from(configured, 'utf8');
  }
  const path = join(stateDir, SECRET_FILE);
  try {
    return secretOf(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(stateDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    // `wx`: two processes starting at once keep the first one's secret.
    writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(path, PRIVATE_FILE_MODE);
  return secretOf(readFileSync(path, 'utf8'));
}

function secretOf(text: string): Buffer {
  const hex = text.trim();
  if (!/^[0-9a-f]{64}$/.test(hex))
    throw new KycError(
      'KYC_ERR_CONFIG_INVALID',
      `${SECRET_FILE} in the state directory is damaged: delete it`,
    );
  return Buffer.from(hex, 'hex');
}

/**
 * The store's settings of a deployment: its secret, and the identity of the service its answers come from
 * (URL and API key, src/settings/service-identity.ts): answers of two services, or of two keys, never mix.
 */
export function answerStoreSettings(
  config: { readonly answersSecret: string | undefined; readonly stateDir: string },
  service: ServiceIdentity,
): AnswerStoreSettings {
  return { secret: answersSecret(config.answersSecret, config.stateDir), upstream: service.id };
}
