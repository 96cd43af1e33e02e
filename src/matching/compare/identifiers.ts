import {
  isValidInn,
  isValidOgrn,
  isValidOgrnip,
  isValidSnils,
  normalizeSnils,
} from '../../identifiers/index.js';

/**
 * Identifiers decide before names do: an equal, checksum-valid INN, OGRN/OGRNIP or SNILS is the same
 * party; two valid identifiers of one kind that differ are two parties, whatever the names say. A record's
 * identifier that fails its checksum proves nothing either way and is reported as such.
 */

export interface PartyIdentifiers {
  readonly inn?: string | undefined;
  /** OGRN (13 digits) or OGRNIP (15 digits): one state registration number per party. */
  readonly ogrn?: string | undefined;
  readonly snils?: string | undefined;
}

export type IdentifierKind = 'inn' | 'ogrn' | 'snils';

export interface IdentifierComparison {
  readonly equal: readonly IdentifierKind[];
  readonly conflicting: readonly IdentifierKind[];
  /** One note per identifier the client has: `inn equal`, `ogrn absent on record`, `inn differs`. */
  readonly notes: readonly string[];
}

const isValidRegistration = (value: string): boolean => isValidOgrn(value) || isValidOgrnip(value);

const VALIDATORS: Readonly<Record<IdentifierKind, (value: string) => boolean>> = {
  inn: isValidInn,
  ogrn: isValidRegistration,
  snils: isValidSnils,
};

/** Record identifiers arrive as register text: trimmed, SNILS in either written form. */
export function recordIdentifier(kind: IdentifierKind, value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed.length === 0) return undefined;
  return kind === 'snils' ? (normalizeSnils(trimmed) ?? trimmed) : trimmed;
}

const KINDS: readonly IdentifierKind[] = ['inn', 'ogrn', 'snils'];

/**
 * Compares the client's identifiers (already checksum-valid: ingest drops damaged ones) with a record's.
 * `record` values must have gone through recordIdentifier.
 */
export function compareIdentifiers(client: PartyIdentifiers, record: PartyIdentifiers): IdentifierComparison {
  const equal: IdentifierKind[] = [];
  const conflicting: IdentifierKind[] = [];
  const notes: string[] = [];
  for (const kind of KINDS) {
    const mine = client[kind];
    if (mine === undefined) continue;
    const theirs = record[kind];
    if (theirs === undefined) {
      notes.push(`${kind} absent on record`);
    } else if (!VALIDATORS[kind](theirs)) {
      notes.push(`${kind} invalid on record`);
    } else if (theirs === mine) {
      equal.push(kind);
      notes.push(`${kind} equal`);
    } else {
      conflicting.push(kind);
      notes.push(`${kind} differs`);
    }
  }
  return { equal, conflicting, notes };
}
