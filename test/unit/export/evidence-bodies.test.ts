import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckResult, ScoredCandidate } from '../../../src/domain/check.js';
import { evidenceLine, encodeEvidenceLine } from '../../../src/export/evidence.js';
import {
  bodiesPathOf,
  bodyDigest,
  compactEvidence,
  encodeBodyLine,
  MissingBody,
  parseBodyLine,
  referencesOf,
  resolveEvidence,
  type EvidenceBody,
} from '../../../src/export/evidence-bodies.js';
import type { SearchNote } from '../../../src/export/mirror-snapshot.js';

const hex = fc.stringMatching(/^[0-9a-f]{64}$/u);
const text = fc.string({ maxLength: 30, unit: 'grapheme' });

const candidate: fc.Arbitrary<ScoredCandidate> = fc.record({
  source: fc.constantFrom('minjust_foreign_agent', 'sanctions', 'bankruptcy', 'debtor'),
  recordId: text,
  recordHash: hex,
  recordName: text,
  score: fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
  decision: fc.constantFrom('MATCH', 'POSSIBLE_MATCH', 'NO_MATCH', 'SUPPRESSED'),
  explanation: text,
});

const request = fc.record(
  {
    operation: fc.constantFrom('search.sanctions', 'search.foreign_agent', 'client.debt'),
    params: fc.dictionary(fc.constantFrom('name', 'inn', 'birth_date'), text),
    status: fc.constantFrom(0, 200, 404, 429),
    digest: hex,
    cached: fc.boolean(),
    reused: fc.constant(true),
    fetchedAt: fc.constant('2026-01-01T00:00:00.000Z'),
  },
  { requiredKeys: ['operation', 'params', 'status'] },
);

const check: fc.Arbitrary<CheckResult> = fc.record(
  {
    kind: fc.constant('sanctions' as const),
    status: fc.constantFrom('CLEAR', 'MATCH', 'ERROR'),
    score: fc.constant(0),
    detail: text,
    reasons: fc.array(text, { maxLength: 2 }),
    candidates: fc.array(candidate, { maxLength: 6 }),
    requests: fc.array(request, { maxLength: 4 }),
    // Data the service wrote, kept whole: a `$ref` in it is data, never a reference.
    fields: fc.dictionary(fc.constantFrom('report', '$ref'), text),
  },
  { requiredKeys: ['kind', 'status', 'score', 'detail', 'reasons', 'candidates', 'requests'] },
);

const note: SearchNote = { strategy: 'search', reason: 'the profile asks for per-client searches' };

const line = fc
  .record({
    row: fc.integer({ min: 1, max: 1_000_000 }),
    sanctions: check,
    debtor: check,
    withNote: fc.boolean(),
  })
  .map(({ row, sanctions, debtor, withNote }) =>
    evidenceLine(
      {
        row,
        verdict: 'CLEAR',
        reasons: [],
        scoringVersion: 's1',
        checks: { sanctions, debtor, foreign_agent: sanctions },
      },
      [],
      { runId: 'r1', checkedAt: '2026-01-01T00:00:00.000Z', ...(withNote ? { foreignAgent: note } : {}) },
    ),
  );

/** A line through the file: compacted, written, read back and resolved with the bodies written. */
function roundTrip(original: ReturnType<typeof evidenceLine>, written: Map<string, unknown>) {
  const { line: compacted, bodies } = compactEvidence(original);
  for (const body of bodies) {
    const read = parseBodyLine(encodeBodyLine(body).trimEnd());
    if (read && !written.has(read.sha256)) written.set(read.sha256, read.body);
  }
  const text = encodeEvidenceLine(compacted).toString('utf8');
  return { text, resolved: resolveEvidence(JSON.parse(text), written) };
}

describe('compacted evidence', () => {
  it('reads back as the line it was, byte for byte as long', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), (lines) => {
        const written = new Map<string, unknown>();
        for (const original of lines) {
          const { resolved } = roundTrip(original, written);
          expect(resolved).toEqual(JSON.parse(JSON.stringify(original)));
          expect(JSON.stringify(resolved).length).toBe(JSON.stringify(original).length);
        }
      }),
    );
  });

  it('writes each distinct body once, and a line depends on its row alone', () => {
    fc.assert(
      fc.property(line, (original) => {
        const first = compactEvidence(original);
        expect(encodeEvidenceLine(compactEvidence(original).line)).toEqual(encodeEvidenceLine(first.line));
        const digests = first.bodies.map((b) => b.sha256);
        expect(new Set(digests).size).toBe(digests.length);
        for (const body of first.bodies) expect(bodyDigest(body.body)).toBe(body.sha256);
        expect(new Set(referencesOf(JSON.parse(JSON.stringify(first.line))))).toEqual(new Set(digests));
      }),
    );
  });

  it('keeps on the line what is the client’s own, and shares the record and a repeated request', () => {
    const record = {
      source: 'sanctions',
      recordId: 'S-1',
      recordHash: 'a'.repeat(64),
      recordName: 'Иванов Иван',
    };
    const search = {
      operation: 'search.sanctions',
      params: { name: 'Иванов' },
      status: 200,
      digest: 'b'.repeat(64),
    };
    const lineOf = (row: number, score: number, explanation: string, cached: boolean) =>
      evidenceLine(
        {
          row,
          verdict: 'REVIEW',
          reasons: [],
          scoringVersion: 's1',
          checks: {
            sanctions: {
              kind: 'sanctions',
              status: 'POSSIBLE_MATCH',
              score,
              detail: '',
              reasons: [],
              candidates: [{ ...record, score, decision: 'POSSIBLE_MATCH', explanation }],
              requests: [{ ...search, ...(cached ? { cached: true } : {}) }],
            },
          },
        },
        [],
        { runId: 'r1', checkedAt: '2026-01-01T00:00:00.000Z', foreignAgent: note },
      );
    const a = compactEvidence(lineOf(1, 0.81, 'name 0.81', false));
    const b = compactEvidence(lineOf(2, 0.9, 'name 0.90', true));
    // Asked for the first time: the request stays whole on the line; the record is a body at once.
    expect(a.bodies.map((x) => x.body)).toEqual([record]);
    const first = a.line.checks as unknown as Record<string, { requests: unknown[] }>;
    expect(first.sanctions?.requests).toEqual([search]);
    // Answered by the run's cache: asked before, so a body.
    expect(b.bodies.map((x) => x.body)).toEqual([search, record]);
    const checks = b.line.checks as unknown as Record<string, { candidates: unknown[]; requests: unknown[] }>;
    const sanctions = checks.sanctions;
    expect(sanctions?.candidates).toEqual([
      { $ref: bodyDigest(record), score: 0.9, decision: 'POSSIBLE_MATCH', explanation: 'name 0.90' },
    ]);
    expect(sanctions?.requests).toEqual([{ $ref: bodyDigest(search), cached: true }]);
  });

  it('reads a line written before compaction as it is, and refuses a reference it cannot resolve', () => {
    const old = JSON.parse(
      '{"row":1,"checks":{"sanctions":{"candidates":[{"source":"s","recordId":"1"}],"requests":[],"fields":{"$ref":"x"}}}}',
    ) as unknown;
    expect(resolveEvidence(old, new Map())).toEqual(old);
    expect(referencesOf(old)).toEqual([]);
    const dangling = { row: 1, checks: { sanctions: { candidates: [{ $ref: 'c'.repeat(64), score: 1 }] } } };
    expect(() => resolveEvidence(dangling, new Map())).toThrow(MissingBody);
  });

  it('names the bodies file beside the evidence file', () => {
    expect(bodiesPathOf('/out/r1/evidence.jsonl')).toBe('/out/r1/evidence.bodies.jsonl');
    expect(bodiesPathOf('/out/r1/evidence')).toBe('/out/r1/evidence.bodies.jsonl');
    const body: EvidenceBody = { sha256: bodyDigest({ b: 1, a: [2] }), body: { b: 1, a: [2] } };
    expect(encodeBodyLine(body)).toBe(`{"sha256":"${body.sha256}","body":{"a":[2],"b":1}}\n`);
    expect(parseBodyLine('{"sha256":"x"')).toBeUndefined();
  });
});
