import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../../src/config.js';
import { createEmulator, type EmulatorHandle } from '../../../packages/lookup-emulator/src/server.js';
import { freePort } from '../../../src/infra/free-port.js';
import { RegistryClient } from '../../../src/upstream/client/index.js';
import { preflight } from '../../../src/upstream/preflight.js';
import { whenSent } from '../../../src/upstream/sent.js';

/**
 * When a call counts (src/upstream/sent.ts): as its request is handed to its connection, before the service
 * has it, so that a worker killed while it waits for the answer has counted it; never when no connection
 * could be opened, since the service received nothing.
 */
describe('a call is counted when its request leaves, and only then', () => {
  let emulator: EmulatorHandle;
  let silent: Server;
  beforeAll(async () => {
    emulator = await createEmulator({ keys: [DEMO_API_KEY], faults: { latencyMs: [50, 50] } });
    // Takes the request and never answers.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    await emulator.close();
  });

  it('counts an answered request once, before the service has answered it', async () => {
    const client = new RegistryClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY });
    emulator.resetStats();
    const seenWhenCounted: number[] = [];
    await whenSent(
      () => seenWhenCounted.push(emulator.stats().total),
      () => client.listDictionaries(),
    );
    expect(seenWhenCounted).toEqual([0]);
    expect(emulator.stats().total).toBe(1);
    await client.close();
  });

  it('counts a request that left and got no answer in time', async () => {
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const client = new RegistryClient({ baseUrl: url, apiKey: DEMO_API_KEY, timeoutMs: 300 });
    let counted = 0;
    await expect(
      whenSent(
        () => counted++,
        () => client.listDictionaries(),
      ),
    ).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(counted).toBe(1);
    await client.close();
  });

  it('does not count a request that found no connection: the preflight tells of no call', async () => {
    const client = new RegistryClient({
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      apiKey: DEMO_API_KEY,
      timeoutMs: 1_000,
    });
    const sent: string[] = [];
    const answered: (number | string)[] = [];
    await expect(
      preflight(client, { attempts: 1, onSend: () => sent.push('sent'), onCall: (s) => answered.push(s) }),
    ).rejects.toMatchObject({ code: 'KYC_ERR_UPSTREAM_UNREACHABLE' });
    expect(sent).toEqual([]);
    expect(answered).toEqual([]);
    await client.close();
  });
});
