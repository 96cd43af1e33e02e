import { Readable } from 'node:stream';
import { planCheck } from '../checks/plan.js';
import { CORE_CHECK_KINDS } from '../domain/check.js';
import { readClientStream } from '../ingest/index.js';
import type { UpstreamProfile } from '../settings/upstream-profile.js';

/**
 * A small portfolio of the usual shapes (persons with INN and birth date, without an INN, a double surname,
 * an organization), to turn a profile into the calls it plans per client. The figure is the plan before the
 * run's request cache and the foreign-agent mirror, which only lower it.
 */
const SAMPLE = [
  'ФИО;Дата рождения;ИНН',
  'Иванов Иван Иванович;1975-03-14;500100732259',
  'Петрова Анна Сергеевна;1982-11-02;',
  'Римская-Корсакова Мария Павловна;1990-01-20;',
  'ООО "Ромашка";;7707083893',
].join('\n');

export async function plannedCallsPerClient(profile: UpstreamProfile): Promise<number> {
  const file = await readClientStream(Readable.from([Buffer.from(SAMPLE, 'utf8')]));
  let calls = 0;
  let clients = 0;
  for await (const item of file.rows) {
    if (!('client' in item)) continue;
    clients++;
    for (const kind of CORE_CHECK_KINDS) {
      const plan = planCheck(kind, item.client, profile);
      if ('requests' in plan) calls += plan.requests.length;
    }
  }
  return clients === 0 ? 0 : calls / clients;
}
