import type { CheckResult, OptionalCheckKind } from '../domain/check.js';
import type { Client } from '../domain/client.js';
import { cardLuhnFailed, emailNotAnAddress, skippedCheck } from '../verdict/index.js';
import { readCardCell } from './card-number.js';

/** Settings of a run that the optional checks need in the worker; they travel in the check job's data. */
export interface OptionalCheckSettings {
  /** Ask the e-mail service to check the domain's mail exchangers (`--smtp`). */
  readonly smtp: boolean;
  /** ISO 3166 alpha-3 codes whose cards are flagged (`--card-risk-countries`). */
  readonly cardRiskCountries: readonly string[];
}

export const DEFAULT_OPTIONAL_SETTINGS: OptionalCheckSettings = { smtp: false, cardRiskCountries: [] };

/**
 * Request plans of the optional checks: one call per check at most.
 *
 * | check | request | decided without a call |
 * |---|---|---|
 * | email | `validation.email` `email` (+ `smtp=true` with `--smtp`) | no address: SKIPPED; a cell the reader refused as not an address: FLAG EMAIL_INVALID |
 * | card | `validation.bin` `card` = the masked number (first 6 + last 4) | no card: SKIPPED; unreadable: SKIPPED; a full number failing Luhn: FLAG CARD_LUHN_FAILED |
 * | cadastral | `cadastral.report` GET `cadastral_number`, or POST with `owner_full_name` when the row has an owner | no number, or a malformed one: SKIPPED |
 */
export type OptionalRequest =
  | { readonly operation: 'validation.email'; readonly email: string; readonly smtp: boolean }
  | { readonly operation: 'validation.bin'; readonly card: string }
  | { readonly operation: 'cadastral.report'; readonly cadastralNumber: string; readonly owner?: string };

export type OptionalPlan =
  | { readonly kind: OptionalCheckKind; readonly request: OptionalRequest }
  | { readonly kind: OptionalCheckKind; readonly decided: CheckResult };

function hasWarning(client: Client, field: string): boolean {
  return client.warnings.some((w) => w.field === field);
}

/**
 * The plan of one optional check for a client as the check job sees it: its `card`, if any, is already the
 * masked form (see `prepareOptionalChecks`).
 */
export function planOptionalCheck(
  kind: OptionalCheckKind,
  client: Client,
  settings: OptionalCheckSettings,
): OptionalPlan {
  switch (kind) {
    case 'email':
      if (client.email) {
        return { kind, request: { operation: 'validation.email', email: client.email, smtp: settings.smtp } };
      }
      if (hasWarning(client, 'email')) return { kind, decided: emailNotAnAddress() };
      return { kind, decided: skippedCheck(kind, 'EMAIL_SKIPPED_NO_EMAIL', 'no e-mail address') };
    case 'card':
      if (client.card) return { kind, request: { operation: 'validation.bin', card: client.card } };
      return { kind, decided: skippedCheck(kind, 'CARD_SKIPPED_NO_CARD', 'no card number') };
    case 'cadastral':
      if (client.cadastralNumber) {
        return {
          kind,
          request: {
            operation: 'cadastral.report',
            cadastralNumber: client.cadastralNumber,
            ...(client.ownerName ? { owner: client.ownerName } : {}),
          },
        };
      }
      if (hasWarning(client, 'cadastral_number')) {
        return {
          kind,
          decided: skippedCheck(kind, 'CADASTRAL_SKIPPED_UNREADABLE', 'malformed cadastral number'),
        };
      }
      return { kind, decided: skippedCheck(kind, 'CADASTRAL_SKIPPED_NO_NUMBER', 'no cadastral number') };
  }
}

/** What the coordinator dispatches for the optional checks of one row. */
export interface PreparedOptionalChecks {
  /** Checks decided without a call (skipped, a failing Luhn, an address the reader refused). */
  readonly decided: readonly CheckResult[];
  /** Checks that need a call: one child job each. */
  readonly children: readonly OptionalCheckKind[];
  /** The client for the check jobs: `card` is the masked number, or absent. Never the full number. */
  readonly client: Client;
}

/**
 * Runs in the coordinator, before dispatch: reads the card cell itself (the full number is Luhn-checked
 * here, in memory, and only its masked form goes on), and plans the other optional checks.
 */
export function prepareOptionalChecks(
  kinds: readonly OptionalCheckKind[],
  client: Client,
  cardCell: string | undefined,
  settings: OptionalCheckSettings,
): PreparedOptionalChecks {
  const { card: _fullNumber, ...rest } = client;
  let jobClient: Client = rest;
  const decided: CheckResult[] = [];
  const children: OptionalCheckKind[] = [];
  for (const kind of kinds) {
    if (kind === 'card') {
      const cell = readCardCell(cardCell);
      if (cell?.form === 'full' && !cell.luhnValid) decided.push(cardLuhnFailed(cell.masked));
      else if (cell?.form === 'unreadable') {
        decided.push(
          skippedCheck(
            kind,
            'CARD_SKIPPED_UNREADABLE',
            'neither a card number nor a masked one with its BIN',
          ),
        );
      } else if (cell) {
        jobClient = { ...jobClient, card: cell.masked };
        children.push(kind);
      } else decided.push(skippedCheck(kind, 'CARD_SKIPPED_NO_CARD', 'no card number'));
      continue;
    }
    const plan = planOptionalCheck(kind, client, settings);
    if ('decided' in plan) decided.push(plan.decided);
    else children.push(kind);
  }
  return { decided, children, client: jobClient };
}
