import { CHECK_KINDS, CORE_CHECK_KINDS, type CheckKind, type OptionalCheckKind } from '../domain/check.js';
import { KycError } from '../errors.js';

/** The header columns (reader field → column index) that the optional checks need. */
export interface OptionalColumns {
  readonly email?: number | undefined;
  readonly card?: number | undefined;
  readonly cadastralNumber?: number | undefined;
}

/** The column each optional check reads; without it the check has nothing to look up. */
const COLUMN_OF: Readonly<Record<OptionalCheckKind, keyof OptionalColumns>> = {
  email: 'email',
  card: 'card',
  cadastral: 'cadastralNumber',
};

const COLUMN_LABEL: Readonly<Record<OptionalCheckKind, string>> = {
  email: 'e-mail',
  card: 'card number',
  cadastral: 'cadastral number',
};

function isOptional(kind: CheckKind): kind is OptionalCheckKind {
  return kind in COLUMN_OF;
}

/** Canonical order, so that the output columns do not depend on how `--checks` was spelt. */
function ordered(kinds: ReadonlySet<CheckKind>): CheckKind[] {
  return CHECK_KINDS.filter((kind) => kinds.has(kind));
}

/** The four core checks, plus every optional check whose column the input header has. */
export function defaultChecks(columns: OptionalColumns): CheckKind[] {
  const kinds = new Set<CheckKind>(CORE_CHECK_KINDS);
  for (const [kind, column] of Object.entries(COLUMN_OF) as [OptionalCheckKind, keyof OptionalColumns][]) {
    if (columns[column] !== undefined) kinds.add(kind);
  }
  return ordered(kinds);
}

/**
 * `--checks foreign_agent,sanctions,email`: the kinds of the run, in canonical order. An unknown kind, an
 * empty list, or an optional kind whose column the input lacks is a usage error (KYC_ERR_USAGE): the run
 * would otherwise write a column of SKIPPED for a check the user asked for by name.
 */
export function parseChecksOption(value: string, columns: OptionalColumns): CheckKind[] {
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase().replace(/-/g, '_'))
    .filter((name) => name !== '');
  if (names.length === 0) {
    throw new KycError('KYC_ERR_USAGE', `--checks needs at least one of ${CHECK_KINDS.join(', ')}`);
  }
  const kinds = new Set<CheckKind>();
  for (const name of names) {
    const kind = CHECK_KINDS.find((k) => k === name);
    if (kind === undefined) {
      throw new KycError('KYC_ERR_USAGE', `--checks: unknown check "${name}"; use ${CHECK_KINDS.join(', ')}`);
    }
    if (isOptional(kind) && columns[COLUMN_OF[kind]] === undefined) {
      throw new KycError(
        'KYC_ERR_USAGE',
        `--checks ${kind}: the input has no ${COLUMN_LABEL[kind]} column (map one with --columns)`,
      );
    }
    kinds.add(kind);
  }
  return ordered(kinds);
}

/**
 * `--card-risk-countries RUS,CYP`: ISO 3166 alpha-3 codes, upper-cased and deduplicated. The BIN service
 * answers alpha-3 codes (spec 2.8), so other forms would never match and are refused.
 */
export function parseRiskCountries(value: string): string[] {
  const codes = value
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
  const wrong = codes.filter((code) => !/^[A-Z]{3}$/.test(code));
  if (wrong.length > 0) {
    throw new KycError(
      'KYC_ERR_USAGE',
      `--card-risk-countries takes ISO 3166 alpha-3 codes (RUS, CYP, …), not ${wrong.join(', ')}`,
    );
  }
  return [...new Set(codes)];
}
