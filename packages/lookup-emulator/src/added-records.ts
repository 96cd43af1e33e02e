/**
 * Foreign-agent and sanctions records listed while the emulator runs (`POST /__emulator/foreign-agents`,
 * `POST /__emulator/sanctions`, README.md): registers that gain or change an entry between two nights, for tests and benchmarks of a nightly rescreening. The
 * generated registers of a seed are shared and never changed: the added records make a new register set,
 * served from then on.
 */
import {
  FOREIGN_AGENT_FIELDS,
  emptyForeignAgentData,
  type ForeignAgentData,
  type ForeignAgentRecord,
  type SanctionsData,
  type SanctionsRecord,
} from '@kyc-screen/lookup-contract';
import type { Registers } from './registers/index.js';
import { assertDate } from './request.js';
import { badRequest } from './respond.js';

const FIELDS = new Set<string>(FOREIGN_AGENT_FIELDS);

function recordOf(item: unknown, index: number, now: Date): ForeignAgentRecord {
  const where = `record #${index + 1}`;
  const given = typeof item === 'object' && item !== null ? (item as { data?: unknown }).data : undefined;
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw badRequest(`${where}: give its fields as {"data": {…}}`);
  const data: Record<string, string> = { ...emptyForeignAgentData() };
  for (const [field, value] of Object.entries(given)) {
    if (!FIELDS.has(field)) throw badRequest(`${where}: ${field} is not a field of the register`);
    if (typeof value !== 'string') throw badRequest(`${where}: ${field} must be a string`);
    data[field] = value;
  }
  if ((data.name ?? '').trim() === '') throw badRequest(`${where}: name is required`);
  assertDate('added', data.added ?? '');
  const stamp = now.toISOString();
  return {
    source: 'minjust_foreign_agent',
    data: data as unknown as ForeignAgentData,
    added_at: stamp,
    updated_at: stamp,
  };
}

/** The items of a request body: one record or an array of them (not yet checked). */
function bodyItems(body: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw badRequest('The body must be JSON: a record {"data": {…}} or an array of them');
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  if (items.length === 0) throw badRequest('No record given');
  return items;
}

/** The records of a request body: one record or an array of them, each `{"data": {field: value}}`. */
export function addedForeignAgents(body: string, now = new Date()): ForeignAgentRecord[] {
  return bodyItems(body).map((item, i) => recordOf(item, i, now));
}

/** The registers with these records at the end of the foreign-agent register. */
export function withForeignAgents(registers: Registers, records: readonly ForeignAgentRecord[]): Registers {
  return { ...registers, foreignAgents: [...registers.foreignAgents, ...records] };
}

const SANCTIONS_TEXT = ['name', 'name_local', 'edrpou', 'address', 'birth_date', 'birth_place'] as const;

function sanctionsRecordOf(item: unknown, index: number, now: Date): SanctionsRecord {
  const where = `record #${index + 1}`;
  const given = typeof item === 'object' && item !== null ? (item as { data?: unknown }).data : undefined;
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw badRequest(`${where}: give its fields as {"data": {…}}`);
  const fields = given as Record<string, unknown>;
  const data: Record<string, string | null> = {};
  for (const field of Object.keys(fields))
    if (field !== 'entity_type' && !(SANCTIONS_TEXT as readonly string[]).includes(field))
      throw badRequest(`${where}: ${field} is not a field of the list`);
  for (const field of SANCTIONS_TEXT) {
    const value = fields[field] ?? null;
    if (value !== null && typeof value !== 'string')
      throw badRequest(`${where}: ${field} must be a string or null`);
    data[field] = value;
  }
  if ((data.name ?? '').trim() === '') throw badRequest(`${where}: name is required`);
  if (data.birth_date !== null) assertDate('birth_date', data.birth_date ?? '');
  const entityType = fields.entity_type;
  if (entityType !== 'person' && entityType !== 'organization')
    throw badRequest(`${where}: entity_type must be person or organization`);
  const stamp = now.toISOString();
  return {
    source: 'sanctions',
    data: { ...(data as Omit<SanctionsData, 'entity_type'>), entity_type: entityType },
    added_at: stamp,
    updated_at: stamp,
  };
}

/** The sanctions records of a request body: one record or an array of them, each `{"data": {…}}`. */
export function addedSanctions(body: string, now = new Date()): SanctionsRecord[] {
  return bodyItems(body).map((item, i) => sanctionsRecordOf(item, i, now));
}

/** What names a sanctions entry: an edit keeps it (a new address or birth place is the same entry). */
const entryOf = (d: SanctionsData) =>
  [d.name, d.name_local ?? '', d.birth_date ?? '', d.entity_type].join('\u0000');

/**
 * The registers with these sanctions records: one naming an entry already listed (same name, local name,
 * birth date and kind) replaces it, keeping its `added_at` (an edit of the entry); any other is listed at
 * the end.
 */
export function withSanctions(registers: Registers, records: readonly SanctionsRecord[]): Registers {
  const sanctions = [...registers.sanctions];
  const at = new Map(sanctions.map((r, i) => [entryOf(r.data), i]));
  for (const record of records) {
    const i = at.get(entryOf(record.data));
    const old = i === undefined ? undefined : sanctions[i];
    if (i === undefined || old === undefined) {
      at.set(entryOf(record.data), sanctions.length);
      sanctions.push(record);
    } else sanctions[i] = { ...record, added_at: old.added_at };
  }
  return { ...registers, sanctions };
}
