/**
 * The organization rows of OpenSanctions' name benchmark (`cases.csv`, vendored byte-identical from
 * nomenklatura's `contrib/name_bench`, MIT): name1 screened as an organization client against a sanctions
 * entry named name2. A row is predicted a match when the decision is MATCH or POSSIBLE_MATCH (it reaches a
 * reviewer). Prints precision, recall and F1 per schema and overall, then every wrong row.
 *
 *   npx tsx --conditions=source test/eval/names-bench/orgs.ts
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import type { Client } from '../../../src/domain/client.js';
import { scoreSanctions } from '../../../src/matching/index.js';

interface Row {
  readonly schema: string;
  readonly name1: string;
  readonly name2: string;
  readonly is_match: string;
  readonly category: string;
}

const ORG_SCHEMAS = new Set(['Company', 'Organization', 'LegalEntity']);

function client(name: string): Client {
  return { row: 1, name, entityType: 'organization', entityTypeSource: 'column', warnings: [] };
}

const here = dirname(fileURLToPath(import.meta.url));
const rows = parse<Row>(readFileSync(join(here, 'cases.csv'), 'utf8'), { columns: true });
const orgRows = rows.filter((r) => ORG_SCHEMAS.has(r.schema));

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}
const tallies = new Map<string, Tally>();
const wrong: string[] = [];
for (const row of orgRows) {
  const scored = scoreSanctions(client(row.name1), {
    source: 'sanctions',
    data: {
      name: row.name2,
      name_local: null,
      edrpou: null,
      address: null,
      birth_date: null,
      birth_place: null,
      entity_type: 'organization',
    },
    added_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  });
  const predicted = scored.decision === 'MATCH' || scored.decision === 'POSSIBLE_MATCH';
  const actual = row.is_match === 'true';
  for (const key of [row.schema, 'all']) {
    const t = tallies.get(key) ?? { tp: 0, fp: 0, fn: 0, tn: 0 };
    if (predicted && actual) t.tp++;
    else if (predicted) t.fp++;
    else if (actual) t.fn++;
    else t.tn++;
    tallies.set(key, t);
  }
  if (predicted !== actual) {
    const kind = actual ? 'MISS' : 'FP  ';
    wrong.push(
      `${kind} ${row.name1} | ${row.name2} → ${scored.decision} ${scored.score}: ${scored.explanation}`,
    );
  }
}

const f = (x: number) => x.toFixed(3);
for (const [key, t] of tallies) {
  const p = t.tp / Math.max(1, t.tp + t.fp);
  const r = t.tp / Math.max(1, t.tp + t.fn);
  const f1 = p + r === 0 ? 0 : (2 * p * r) / (p + r);
  console.log(
    `${key.padEnd(13)} P ${f(p)}  R ${f(r)}  F1 ${f(f1)}  (TP ${t.tp}, FP ${t.fp}, FN ${t.fn}, TN ${t.tn})`,
  );
}
console.log(`\nwrong (${wrong.length}):`);
for (const line of wrong) console.log(line);
