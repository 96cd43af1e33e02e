import { getRequestListener } from '@hono/node-server';
import { listen, type Listening } from '../infra/listen.js';
import { apiApp, type ApiDeps } from './app.js';

/** The API on host:port (0: any free port), or KYC_ERR_LISTEN when the address is taken. */
export async function startApiServer(deps: ApiDeps, port: number, host: string): Promise<Listening> {
  const handle = getRequestListener(apiApp(deps).fetch);
  // The listener answers every request itself (errors included); node's server only needs it started.
  return listen((req, res) => void handle(req, res), port, host);
}
