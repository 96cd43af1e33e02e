/**
 * The cadastral report in its two forms (spec 4.9 shows neither path nor payload):
 * `GET /cadastral/full?cadastral_number=…` (bailiff check skipped) and
 * `POST /cadastral/full` with `{"cadastral_number": "…", "owner_full_name": "…"}` (bailiff check runs).
 */
import { LOOKUP_PATHS } from '@kyc-screen/lookup-contract';
import { cadastralReport, type OwnerQuery } from '../cadastral.js';
import { CADASTRAL_NUMBER, type CadastralObject } from '../registers/cadastral-objects.js';
import type { BailiffRecord } from '../registers/bailiffs.js';
import { required } from '../request.js';
import { badRequest, jsonReply } from '../respond.js';
import type { Route } from '../router.js';

/** Largest POST body read, bytes; the payload is two short strings. */
export const MAX_BODY_BYTES = 64 * 1024;

function checkNumber(value: string): string {
  const number = value.trim();
  if (!CADASTRAL_NUMBER.test(number)) {
    throw badRequest('cadastral_number must look like NN:NN:NNNNNNN:NNN (district, area, quarter, object)');
  }
  return number;
}

function parseBody(body: string): { number: string; owner: string | undefined } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw badRequest('The request body must be a JSON object');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('The request body must be a JSON object');
  }
  const number: unknown = Reflect.get(parsed, 'cadastral_number');
  const owner: unknown = Reflect.get(parsed, 'owner_full_name');
  if (typeof number !== 'string') throw badRequest('"cadastral_number" (string) is required');
  if (owner !== undefined && owner !== null && typeof owner !== 'string') {
    throw badRequest('"owner_full_name" must be a string');
  }
  return { number: checkNumber(number), owner: typeof owner === 'string' ? owner : undefined };
}

export function cadastralRoutes(
  objects: readonly CadastralObject[],
  bailiffs: ReadonlyMap<string, BailiffRecord>,
): Route[] {
  const byNumber = new Map(objects.map((object) => [object.number, object]));
  const report = (number: string, owner: OwnerQuery) =>
    jsonReply(cadastralReport(number, byNumber.get(number), owner, bailiffs));
  return [
    {
      name: LOOKUP_PATHS.cadastralReport,
      methods: ['GET', 'POST'],
      readsBody: (method) => method === 'POST',
      handle: ({ query, body }, method) => {
        if (method === 'POST') {
          const { number, owner } = parseBody(body);
          return report(number, { kind: 'post', owner });
        }
        return report(checkNumber(required(query, 'cadastral_number')), { kind: 'get' });
      },
    },
  ];
}
