import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { STRICT_DEBTOR_NOT_FOUND_MESSAGE } from '../../../packages/lookup-emulator/src/record-views.js';
import { STRICT_RESULT_CAP } from '../../../packages/lookup-emulator/src/variant.js';
import { upstreamProfileSchema } from '../../../src/settings/upstream-profile.js';
import { startTestPipeline } from '../../helpers/pipeline.js';

/**
 * The same client file screened end to end against the default emulator and against the strict variant,
 * which answers every point the Lookup Service's contract leaves open otherwise (packages/lookup-emulator/README.md,
 * "Variant upstream"), behind a gateway with a small burst. A pipeline that depends on none of the
 * default's guesses gives every row the same verdict against both.
 */
const INPUT = 'samples/clients.csv';
const RATE = 100;
const CHECK_COLUMNS = ['kyc_foreign_agent', 'kyc_sanctions', 'kyc_bankruptcy', 'kyc_debtor'] as const;

/** What `kyc-screen doctor --write-profile` finds on the strict variant. */
const STRICT_PROFILE = upstreamProfileSchema.parse({
  resultCap: STRICT_RESULT_CAP,
  burst: RATE / 10,
  crossScriptSearch: false,
  debtorNotFound: [STRICT_DEBTOR_NOT_FOUND_MESSAGE],
});

interface Outcome {
  header: string[];
  rows: string[][];
}

async function screen(variant: 'default' | 'strict'): Promise<Outcome> {
  const pipeline = await startTestPipeline({
    emulator:
      variant === 'strict' ? { variant, rate: RATE, burst: RATE / 10 } : { variant, rate: RATE, burst: RATE },
    settings: { rate: RATE },
  });
  try {
    const runId = await pipeline.submit(INPUT, variant === 'strict' ? { profile: STRICT_PROFILE } : {});
    const { run } = await pipeline.finish(runId, 300_000);
    const [header = [], ...rows] = parse(readFileSync(run.out, 'utf8'), {
      relax_column_count: true,
      bom: true,
    });
    return { header, rows };
  } finally {
    await pipeline.close();
  }
}

let plain: Outcome;
let strict: Outcome;

beforeAll(async () => {
  // One after the other: the two runs must not share the machine's two cores with each other's bursts.
  plain = await screen('default');
  strict = await screen('strict');
}, 600_000);

const cell = (outcome: Outcome, row: string[], column: string) => row[outcome.header.indexOf(column)] ?? '';
const nameOf = (outcome: Outcome, row: string[]) => cell(outcome, row, 'full_name');
const status = (value: string) => value.split(':')[0] ?? '';

describe('the pipeline against the default emulator and against the strict variant', () => {
  it('writes every row against both', () => {
    expect(strict.rows).toHaveLength(plain.rows.length);
    expect(strict.rows.map((r) => nameOf(strict, r))).toEqual(plain.rows.map((r) => nameOf(plain, r)));
  });

  it('no row is INCOMPLETE because of how the variant words or shapes its answers', () => {
    const incomplete = strict.rows
      .filter((r) => cell(strict, r, 'kyc_verdict') === 'INCOMPLETE')
      .map((r) => `${cell(strict, r, 'client_id')}: ${cell(strict, r, 'kyc_reasons')}`);
    expect(incomplete).toEqual([]);
  });

  it('reads the variant’s debtor "not found" answer as not found wherever the default’s is', () => {
    const notFound = (outcome: Outcome, row: string[]) =>
      cell(outcome, row, 'kyc_reasons')
        .split(/[;,\s]+/)
        .includes('DEBTOR_NOT_FOUND');
    const expected = plain.rows.filter((row) => notFound(plain, row));
    expect(expected.length).toBeGreaterThan(0);
    const misread = plain.rows
      .map((row, i) => [row, strict.rows[i] ?? []] as const)
      .filter(([a, b]) => notFound(plain, a) && !notFound(strict, b))
      .map(([, b]) => `${cell(strict, b, 'client_id')}: ${cell(strict, b, 'kyc_reasons')}`);
    expect(misread).toEqual([]);
  });

  it('finds the Latin-only sanctions record TSVETKOVA Iuliia Aleksandrovna by its client’s Cyrillic name', () => {
    const row = strict.rows.find((r) => nameOf(strict, r) === 'Цветкова Юлия Александровна');
    expect(row, 'client row').toBeDefined();
    expect(status(cell(strict, row ?? [], 'kyc_sanctions'))).toBe('MATCH');
    expect(cell(strict, row ?? [], 'kyc_verdict')).toBe('HIT');
  });

  it('gives every row the same verdict and the same status per check', () => {
    const differences: string[] = [];
    plain.rows.forEach((row, i) => {
      const other = strict.rows[i] ?? [];
      for (const column of ['kyc_verdict', ...CHECK_COLUMNS]) {
        const a = column === 'kyc_verdict' ? cell(plain, row, column) : status(cell(plain, row, column));
        const b =
          column === 'kyc_verdict' ? cell(strict, other, column) : status(cell(strict, other, column));
        if (a !== b) differences.push(`${cell(plain, row, 'client_id')} ${column}: ${a} vs ${b}`);
      }
    });
    expect(differences).toEqual([]);
  });

  it('never answers CLEAR against the variant where the default found something', () => {
    const missed = plain.rows
      .map((row, i) => [row, strict.rows[i] ?? []] as const)
      .filter(
        ([a, b]) => cell(plain, a, 'kyc_verdict') !== 'CLEAR' && cell(strict, b, 'kyc_verdict') === 'CLEAR',
      )
      .map(([a]) => `${cell(plain, a, 'client_id')} ${cell(plain, a, 'kyc_verdict')}`);
    expect(missed).toEqual([]);
  });
});
