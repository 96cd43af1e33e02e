import type { Looked } from '../../src/checks/run-check.js';
import type { ForeignAgentRecord } from '../../src/domain/records.js';
import { foreignAgentRegister } from '../../packages/lookup-emulator/src/routes/lists.js';
import type { ForeignAgentSearch } from '../../src/mirror/enumerate.js';

/**
 * The emulator's own foreign-agent search over a set of records, in process: the same indexes and the
 * same result cap as over HTTP, without the network. Counts the calls made.
 */
export function registerSearch(
  records: readonly ForeignAgentRecord[],
  resultCap: number,
): ForeignAgentSearch & { calls: Readonly<Record<string, string>>[] } {
  const register = foreignAgentRegister(records, { resultCap, crossScript: true, view: (r) => r });
  const calls: Readonly<Record<string, string>>[] = [];
  const search = (
    params: Readonly<Record<string, string>>,
  ): Promise<Looked<readonly ForeignAgentRecord[]>> => {
    calls.push(params);
    const data = JSON.parse(register.search(new Map(Object.entries(params)))) as ForeignAgentRecord[];
    return Promise.resolve({
      data,
      record: { operation: 'search.foreign_agent', params, status: 200 },
    });
  };
  return Object.assign(search, { calls });
}
