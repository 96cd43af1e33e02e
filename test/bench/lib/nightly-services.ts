import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FOREIGN_AGENT_FIELDS } from '../../../src/domain/records.js';
import { generateDataset, type FaRecord, type SanctionsRecord } from '../../eval/names/dataset.js';
import { DEMO_API_KEY } from '../../../src/config.js';
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

/** A person put on the sanctions list between two nights, as the list writes them. */
export interface SanctionedPerson {
  readonly name: string;
  readonly birthDate: string;
}

export interface NightlyService {
  readonly name: ServiceName;
  /** What the run's environment needs: the URL, the key, the profile. */
  readonly env: NodeJS.ProcessEnv;
  readonly profile: Record<string, unknown>;
  requests(): Promise<number>;
  list(person: ListedPerson): Promise<void>;
  /** Lists a person on the sanctions list. */
  sanction(person: SanctionedPerson): Promise<void>;
  /** Edits one listed person's entry (a new address): a change of the list that names nobody new. */
  changeSanctionsEntry(): Promise<void>;
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

function sanctionsData(person: SanctionedPerson): SanctionsRecord['data'] {
  return {
    name: person.name,
    name_local: null,
    edrpou: null,
    address: null,
    birth_date: person.birthDate,
    birth_place: null,
    entity_type: 'person',
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
    async sanction(person) {
      await postSanctions(emulator.url, { data: sanctionsData(person) });
    },
    async changeSanctionsEntry() {
      const listed = await fetch(`${emulator.url}/lists/search/sanctions?entity_type=person`, {
        headers: { 'X-Api-Key': DEMO_API_KEY },
      });
      const records = (await listed.json()) as SanctionsRecord[];
      const entry = records.find((r) => r.data.address === null);
      if (entry === undefined) throw new Error('no listed person without an address to edit');
      await postSanctions(emulator.url, { data: { ...entry.data, address: 'Russia, Kazan' } });
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
    sanction(person) {
      data.sanctions.push({ source: 'sanctions', data: sanctionsData(person), ...stamps() });
      return Promise.resolve();
    },
    changeSanctionsEntry() {
      const at = data.sanctions.findIndex((r) => r.data.entity_type === 'person' && r.data.address === null);
      const entry = data.sanctions[at];
      if (entry === undefined) throw new Error('no listed person without an address to edit');
      data.sanctions[at] = { ...entry, data: { ...entry.data, address: 'Russia, Kazan' } };
      return Promise.resolve();
    },
    stop: () => server.close(),
  };
}

function stamps(): { added_at: string; updated_at: string } {
  const now = new Date().toISOString();
  return { added_at: now, updated_at: now };
}

async function postSanctions(url: string, body: unknown): Promise<void> {
  const answer = await fetch(`${url}/__emulator/sanctions`, { method: 'POST', body: JSON.stringify(body) });
  if (!answer.ok) throw new Error(`the emulator refused the sanctions record: ${await answer.text()}`);
}

export function startService(name: ServiceName, work: string): Promise<NightlyService> {
  return name === 'emulator' ? emulatorService(work) : independentService(work);
}
