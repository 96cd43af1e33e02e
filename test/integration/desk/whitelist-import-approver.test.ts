import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Desk } from '../../../src/desk/desk.js';
import { cli, exited } from '../../helpers/cli-process.js';
import { testDeskPlace, type TestDeskPlace } from '../../helpers/postgres.js';

/**
 * `whitelist import --approver`: the approver is a person of the API's tokens with the approver role, as at
 * the desk; any other text is refused and nothing is imported.
 */

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const TOKENS = [`bob:${sha('bob-token')}:approver`, `carol:${sha('carol-token')}:analyst`].join(',');

async function importAs(place: TestDeskPlace, file: string, approver: string, env: Record<string, string>) {
  const child = cli(['whitelist', 'import', file, '--approver', approver], { ...place.env, ...env });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return { code: await exited(child), out: () => out };
}

describe('whitelist import --approver', () => {
  let place: TestDeskPlace;
  let file: string;
  beforeAll(async () => {
    place = await testDeskPlace('embedded');
    file = join(place.settings.stateDir, 'reviewed.csv');
    writeFileSync(
      file,
      'client_key,register,record_id,record_hash,reviewer,date,comment\n' +
        `inn:7707083893,sanctions,S-1,${'a'.repeat(64)},alice,2025-03-04,тёзка\n`,
    );
  });
  afterAll(async () => {
    await place?.cleanup();
  });
  const decisions = async () => {
    const desk = await Desk.open(place.settings);
    try {
      return await desk.approvedFalsePositives();
    } finally {
      await desk.close();
    }
  };

  it('refuses a name nobody holds, and one without the approver role, importing nothing', async () => {
    const nobody = await importAs(place, file, 'the-boss', { KYC_API_TOKENS: TOKENS });
    expect(nobody.code).toBe(2);
    expect(nobody.out()).toContain('KYC_ERR_DESK_APPROVER_UNKNOWN');
    const analyst = await importAs(place, file, 'carol', { KYC_API_TOKENS: TOKENS });
    expect(analyst.code).toBe(2);
    expect(analyst.out()).toContain('KYC_ERR_DESK_ROLE');
    const unconfigured = await importAs(place, file, 'bob', { KYC_API_TOKENS: '' });
    expect(unconfigured.code).not.toBe(0);
    expect(unconfigured.out()).toContain('KYC_ERR_API_TOKENS');
    expect(await decisions()).toEqual([]);
  }, 600_000);

  it('imports under the configured approver, in the entry’s own spelling', async () => {
    const ok = await importAs(place, file, 'BOB', { KYC_API_TOKENS: TOKENS });
    expect(ok.out()).toContain('approved by bob');
    expect(ok.code).toBe(0);
    expect(await decisions()).toMatchObject([{ reviewer: 'alice, approved by bob' }]);
  }, 600_000);
});
