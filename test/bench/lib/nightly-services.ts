import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FOREIGN_AGENT_FIELDS } from '../../../src/domain/records.js';
import { generateDataset, type FaRecord } from '../../eval/names/dataset.js';
import { startServer } from '../../eval/names/server.js';
import { startEmulator } from './processes.js';

/**
 * The Lookup Service a nightly benchmark screens against, with what the benchmark needs of it beyond the
 * contract: the requests it received, and a foreign-agent record listed between two nights.
 *
 * - `emulator`: `kyc-screen emulator` in its own process (every spelling of a name is a search under the
 *   default profile); a record is listed with `POST /__emulator/foreign-agents`.
 * - `independent`: the mini Lookup Service of the names evaluation (test/eval/names/server.ts), written
 *   from the contract alone, searching names by whole words (case-insensitive, in the query's script),
 *   cutting every answer at 50 records; a record is listed by adding it to its data.
 *
 * Both run with a profile that accepts the foreign-agent mirror's undated gap (both date every record):
 * the mirror is what a nightly run syncs. The independent service's profile also says what it does with
 * case (`caseInsensitiveSearch`), as `doctor` would measure it.
 */
export type ServiceName = 'emulator' | 'independent';

export interface ListedPerson {
  readonly name: string;
  readonly inn: string;
  readonly birthDate: string;
  readonly added: string;
  readonly registrationNumber: string;
}

export interface NightlyService {
  readonly name: ServiceName;
  /** What the run's environment needs: the URL, the key, the profile. */
  readonly env: NodeJS.ProcessEnv;
  readonly profile: Record<string, unknown>;
  requests(): Promise<number>;
  list(person: ListedPerson): Promise<void>;
  stop(): Promise<void>;
}

function faData(person: ListedPerson): Record<string, string> {
  return {
    name: person.name,
    inn: person.inn,
    birth_date: person.birthDate,
    agent_type: 'Физическое лицо',
    added: person.added,
    registration_number: person.registrationNumber,
    violated_act: 'ст. 4 Федерального закона от 14.07.2022 № 255-ФЗ',
  };
}

function profileFile(work: string, profile: Record<string, unknown>): string {
  const path = join(work, 'upstream-profile.json');
  writeFileSync(path, JSON.stringify(profile));
  return path;
}

async function emulatorService(work: string): Promise<NightlyService> {
  const emulator = await startEmulator();
  const profile = { foreignAgentMirror: { acceptUndatedGap: true } };
  return {
    name: 'emulator',
    env: { KYC_API_URL: emulator.url, KYC_UPSTREAM_PROFILE: profileFile(work, profile) },
    profile,
    requests: async () => (await emulator.stats()).total,
    async list(person) {
      const answer = await fetch(`${emulator.url}/__emulator/foreign-agents`, {
        method: 'POST',
        body: JSON.stringify({ data: faData(person) }),
      });
      if (!answer.ok) throw new Error(`the emulator refused the record: ${await answer.text()}`);
    },
    stop: () => emulator.stop(),
  };
}

async function independentService(work: string): Promise<NightlyService> {
  const data = generateDataset();
  const apiKey = randomUUID();
  const server = await startServer(data, { mode: 'whole-word', pageSize: 50, apiKey });
  const profile = { caseInsensitiveSearch: true, foreignAgentMirror: { acceptUndatedGap: true } };
  return {
    name: 'independent',
    env: { KYC_API_URL: server.url, KYC_API_KEY: apiKey, KYC_UPSTREAM_PROFILE: profileFile(work, profile) },
    profile,
    requests: () => Promise.resolve(server.requests()),
    list(person) {
      const given = faData(person);
      const record: FaRecord = {
        source: 'minjust_foreign_agent',
        data: Object.fromEntries(FOREIGN_AGENT_FIELDS.map((f) => [f, given[f] ?? ''])),
        added_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      };
      data.foreignAgents.push(record);
      return Promise.resolve();
    },
    stop: () => server.close(),
  };
}

export function startService(name: ServiceName, work: string): Promise<NightlyService> {
  return name === 'emulator' ? emulatorService(work) : independentService(work);
}
