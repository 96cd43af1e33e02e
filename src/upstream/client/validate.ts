import { KycError } from '../../errors.js';
import {
  DATE_PARAMS,
  FOREIGN_AGENT_PARAMS,
  SANCTIONS_PARAMS,
  type ForeignAgentQuery,
  type SanctionsQuery,
} from './operations.js';

/**
 * Client-side validation of spec part 8, run before any call: a request the service would refuse costs a
 * unit of the shared quota and a round trip, and with 4xx being unrecoverable it would fail the check for
 * good. Details name the parameter and the rule, never the value (values are personal data).
 */

function invalid(detail: string): KycError {
  return new KycError('KYC_ERR_REQUEST_INVALID', detail);
}

/** Whitespace-only counts as empty: such a parameter is not sent and does not satisfy "at least one". */
export function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` naming a day that exists (no 2023-02-29, no 2024-13-01). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function requireString(name: string, value: unknown): string {
  if (typeof value !== 'string') throw invalid(`${name} must be a string`);
  if (isBlank(value)) throw invalid(`${name} is required and must not be empty`);
  return value;
}

/**
 * The parameters of a search that needs at least one: known names only (a misspelt name would otherwise
 * vanish silently), strings only, dates checked; blank ones dropped. Result in the spec's order.
 */
function searchParams(operation: string, allowed: readonly string[], query: unknown): Record<string, string> {
  if (typeof query !== 'object' || query === null)
    throw invalid(`${operation} takes an object of parameters`);
  const known = new Set(allowed);
  for (const key of Object.keys(query)) {
    if (!known.has(key)) throw invalid(`${operation} has no parameter ${JSON.stringify(key)}`);
  }
  const values = query as Readonly<Record<string, unknown>>;
  const out: Record<string, string> = {};
  for (const name of allowed) {
    const value = values[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw invalid(`${name} must be a string`);
    if (isBlank(value)) continue;
    if (DATE_PARAMS.has(name) && !isIsoDate(value))
      throw invalid(`${name} must be a real date written YYYY-MM-DD`);
    out[name] = value;
  }
  if (Object.keys(out).length === 0) throw invalid(`${operation} needs at least one non-empty parameter`);
  return out;
}

export function validateForeignAgentQuery(query: ForeignAgentQuery): Record<string, string> {
  return searchParams('search.foreign_agent', FOREIGN_AGENT_PARAMS, query);
}

export function validateSanctionsQuery(query: SanctionsQuery): Record<string, string> {
  const params = searchParams('search.sanctions', SANCTIONS_PARAMS, query);
  const type = params.entity_type;
  if (type !== undefined && type !== 'person' && type !== 'organization') {
    throw invalid('entity_type must be person or organization');
  }
  return params;
}

export function validateBankruptcySearch(searchString: string): string {
  return requireString('search_string', searchString);
}

export function validateDebtorInn(inn: string): string {
  requireString('inn', inn);
  if (!/^\d{12}$/.test(inn)) throw invalid("inn must be exactly 12 digits (an individual's INN)");
  return inn;
}

export function validateEmail(email: string): string {
  // Format is the service's verdict to give (valid: false), not a reason to refuse the request.
  return requireString('email', email);
}

const FULL_CARD = /^\d{12,19}$/;
const MASKED_CARD = /^\d{6,}\*+\d+$/;

/** Full (12–19 digits) or masked (at least 6 leading digits, asterisks in the middle, digits at the end). */
export function validateCard(card: string): string {
  requireString('card', card);
  const ok = FULL_CARD.test(card) || (MASKED_CARD.test(card) && card.length >= 12 && card.length <= 19);
  if (!ok) {
    throw invalid(
      'card must be 12–19 digits, or masked: at least 6 leading digits, asterisks in the middle, digits at the end',
    );
  }
  return card;
}

export function validateDictionaryName(name: string): string {
  return requireString('dictionary name', name);
}

export function validateNonNegativeInteger(name: string, value: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(`${name} must be a non-negative integer`);
  }
  return value;
}

/** A page size of 0 would make iteration spin, so it must be positive. */
export function validatePageSize(value: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw invalid('pageSize must be a positive integer');
  }
  return value;
}

export function validateCadastralNumber(cadastralNumber: string): string {
  return requireString('cadastral number', cadastralNumber);
}

/** The owner's name is optional; when given it must be a string (blank means "not given"). */
export function validateOwnerFullName(ownerFullName: string | undefined): string | undefined {
  if (ownerFullName === undefined) return undefined;
  if (typeof ownerFullName !== 'string') throw invalid('ownerFullName must be a string');
  return isBlank(ownerFullName) ? undefined : ownerFullName;
}

export function validateOptionalText(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`${name} must be a string`);
  return isBlank(value) ? undefined : value;
}

export function validateOptionalBoolean(name: string, value: boolean | undefined): boolean | undefined {
  if (value !== undefined && typeof value !== 'boolean') throw invalid(`${name} must be a boolean`);
  return value;
}
