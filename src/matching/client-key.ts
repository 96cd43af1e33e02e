import type { Client } from '../domain/client.js';
import { normalizeText } from './text/normalize.js';

/**
 * The key that names a client across runs, for delta reports and whitelists: the client id column when the
 * file has one, else the (valid) INN, else the normalised name with the birth date. The kind prefix keeps an
 * id that happens to look like an INN from ever meeting one.
 *
 * The coordinator computes it from the Client it dispatches; reports compute it from a verdicts file read
 * back through the same ingest, so both sides agree as long as the same --columns mapping is used.
 */
export interface ClientKeyFields {
  readonly clientId?: string | undefined;
  readonly inn?: string | undefined;
  readonly name?: string | undefined;
  readonly birthDate?: string | undefined;
}

export function clientKey(fields: ClientKeyFields): string | undefined {
  const id = fields.clientId?.trim();
  if (id) return `id:${id}`;
  if (fields.inn) return `inn:${fields.inn}`;
  const name = fields.name ? normalizeText(fields.name) : '';
  if (name) return `name:${name}|${fields.birthDate ?? ''}`;
  return undefined;
}

export function clientKeyOf(client: Client): string | undefined {
  return clientKey(client);
}
