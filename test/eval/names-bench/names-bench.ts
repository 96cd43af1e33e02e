/**
 * The matching engine on OpenSanctions' public name-matching benchmark (`npm run eval:names-bench`): pairs
 * of names of persons and organizations in many scripts, labelled match or not (cases.csv, see README.md
 * beside it for its source and licence).
 *
 * Each pair is screened as the product screens a client: name1 is the client, name2 a sanctions entry of
 * the same kind (Person → person; Company, Organization, LegalEntity and Vessel → organization), no birth
 * date, no identifier, through `scoreSanctions`. A candidate at POSSIBLE_MATCH or MATCH is a predicted
 * match at the REVIEW threshold; MATCH alone at the MATCH threshold. Prints precision, recall and F1
 * overall, per schema, per case group and per category; `--out file.json` writes them with every
 * misclassified pair.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CandidateDecision } from '../../../src/domain/check.js';
import type { Client } from '../../../src/domain/client.js';
import type { SanctionsRecord } from '../../../src/domain/records.js';
import { scoreSanctions } from '../../../src/matching/index.js';
import { SCORING_VERSION } from '../../../src/matching/thresholds.js';

export interface BenchCase {
  readonly caseGroup: string;
  readonly schema: string;
  readonly name1: string;
  readonly name2: string;
  readonly isMatch: boolean;
  readonly category: string;
}

const HERE = dirname(fileURLToPath(import.meta.url));
export const CASES_PATH = join(HERE, 'cases.csv');

/** RFC 4180 rows: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field.length > 0 || row.length > 0) rows.push([...row, field]);
  return rows;
}

export function loadCases(path = CASES_PATH): BenchCase[] {
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  if (header === undefined) return [];
  const col = (name: string): number => header.indexOf(name);
  return rows
    .filter((r) => r.length >= header.length)
    .map((r) => ({
      caseGroup: r[col('case_group')] ?? '',
      schema: r[col('schema')] ?? '',
      name1: r[col('name1')] ?? '',
      name2: r[col('name2')] ?? '',
      isMatch: r[col('is_match')] === 'true',
      category: r[col('category')] ?? '',
    }));
}

export function benchKind(schema: string): 'person' | 'organization' {
  return schema === 'Person' ? 'person' : 'organization';
}

export function screenCase(c: BenchCase): {
  decision: CandidateDecision;
  score: number;
  explanation: string;
} {
  const kind = benchKind(c.schema);
  const client: Client = {
    row: 1,
    name: c.name1,
    entityType: kind,
    entityTypeSource: 'column',
    warnings: [],
  };
  const record: SanctionsRecord = {
    source: 'sanctions',
    data: {
      name: c.name2,
      name_local: null,
      edrpou: null,
      address: null,
      birth_date: null,
      birth_place: null,
      entity_type: kind,
    },
    added_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  };
  const scored = scoreSanctions(client, record);
  return { decision: scored.decision, score: scored.score, explanation: scored.explanation };
}

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

function figures(t: Tally): { n: number; precision: number; recall: number; f1: number } {
  const precision = t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp);
  const recall = t.tp + t.fn === 0 ? 1 : t.tp / (t.tp + t.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { n: t.tp + t.fp + t.fn + t.tn, precision, recall, f1 };
}

type Level = 'review' | 'match';

function predicted(decision: CandidateDecision, level: Level): boolean {
  return decision === 'MATCH' || (level === 'review' && decision === 'POSSIBLE_MATCH');
}

function tallyBy(
  results: readonly { c: BenchCase; decision: CandidateDecision }[],
  key: (c: BenchCase) => string,
  level: Level,
): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const { c, decision } of results) {
    for (const k of ['(all)', key(c)]) {
      const t = out.get(k) ?? { tp: 0, fp: 0, fn: 0, tn: 0 };
      const p = predicted(decision, level);
      if (p && c.isMatch) t.tp++;
      else if (p) t.fp++;
      else if (c.isMatch) t.fn++;
      else t.tn++;
      out.set(k, t);
    }
  }
  return out;
}

const pct = (x: number): string => x.toFixed(3);

function printTable(title: string, table: Map<string, Tally>): Record<string, ReturnType<typeof figures>> {
  console.log(`\n${title}`);
  console.log('  n     P      R      F1     key');
  const out: Record<string, ReturnType<typeof figures>> = {};
  const keys = [...table.keys()].sort((a, b) =>
    a === '(all)' ? -1 : b === '(all)' ? 1 : a.localeCompare(b),
  );
  for (const k of keys) {
    const f = figures(table.get(k) ?? { tp: 0, fp: 0, fn: 0, tn: 0 });
    out[k] = f;
    console.log(
      `  ${String(f.n).padEnd(5)} ${pct(f.precision)}  ${pct(f.recall)}  ${pct(f.f1)}  ${k || '(none)'}`,
    );
  }
  return out;
}

function main(): void {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const out = outIndex >= 0 ? args[outIndex + 1] : undefined;
  const cases = loadCases();
  const results = cases.map((c) => ({ c, ...screenCase(c) }));
  console.log(`name benchmark: ${cases.length} pairs, scoring ${SCORING_VERSION}`);
  const report: Record<string, unknown> = { scoringVersion: SCORING_VERSION, pairs: cases.length };
  for (const level of ['review', 'match'] as const) {
    const label = level === 'review' ? 'REVIEW (POSSIBLE_MATCH or MATCH)' : 'MATCH only';
    report[level] = {
      overall: printTable(
        `${label}: per schema`,
        tallyBy(results, (c) => c.schema, level),
      ),
      caseGroup: printTable(
        `${label}: per case group`,
        tallyBy(results, (c) => c.caseGroup, level),
      ),
      category: printTable(
        `${label}: per category`,
        tallyBy(results, (c) => c.category, level),
      ),
    };
  }
  const wrong = results
    .filter((r) => predicted(r.decision, 'review') !== r.c.isMatch)
    .map((r) => ({ ...r.c, decision: r.decision, score: r.score, explanation: r.explanation }));
  report['misclassified'] = wrong;
  if (out !== undefined) writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
}

main();
