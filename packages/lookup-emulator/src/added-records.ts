/**
 * Foreign-agent records listed while the emulator runs (`POST /__emulator/foreign-agents`, README.md): a
 * register that gains an entry between two nights, for tests and benchmarks of a nightly rescreening. The
 * generated registers of a seed are shared and never changed: the added records make a new register set,
 * served from then on.
 */
import {
  FOREIGN_AGENT_FIELDS,
  emptyForeignAgentData,
  type ForeignAgentData,
  type ForeignAgentRecord,
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

/** The records of a request body: one record or an array of them, each `{"data": {field: value}}`. */
export function addedForeignAgents(body: string, now = new Date()): ForeignAgentRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw badRequest('The body must be JSON: a record {"data": {…}} or an array of them');
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  if (items.length === 0) throw badRequest('No record given');
  return items.map((item, i) => recordOf(item, i, now));
}

/** The registers with these records at the end of the foreign-agent register. */
export function withForeignAgents(registers: Registers, records: readonly ForeignAgentRecord[]): Registers {
  return { ...registers, foreignAgents: [...registers.foreignAgents, ...records] };
}
