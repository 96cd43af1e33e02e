import { describe, expect, it } from 'vitest';
import type { CheckKind, CheckResult, ScoredCandidate } from '../../../src/domain/check.js';
import { applyWhitelist } from '../../../src/verdict/whitelist-rule.js';
import type { WhitelistEntry } from '../../../src/verdict/whitelist-entry.js';
import { decideVerdict, describeReason, reasonCode } from '../../../src/verdict/index.js';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);
const KEY = 'id:CL-7';

function candidate(recordId: string, decision: ScoredCandidate['decision'], hash = HASH_A): ScoredCandidate {
  return {
    source: 'minjust_foreign_agent',
    recordId,
    recordHash: hash,
    recordName: 'Ковалёв Андрей Сергеевич',
    score: decision === 'MATCH' ? 1 : decision === 'POSSIBLE_MATCH' ? 0.85 : 0.3,
    decision,
    explanation: 'name 1.00 (Cyrillic), birth_date equal',
  };
}

function check(
  kind: CheckKind,
  status: CheckResult['status'],
  candidates: ScoredCandidate[],
  reasons: string[],
) {
  return {
    kind,
    status,
    score: candidates[0]?.score ?? 0,
    detail: 'FA-0001 1.00',
    reasons,
    candidates,
    requests: [],
  };
}

function entry(over: Partial<WhitelistEntry> = {}): WhitelistEntry {
  return {
    clientKey: KEY,
    register: 'minjust_foreign_agent',
    recordId: 'FA-0001',
    recordHash: HASH_A,
    reviewer: 'Иванова А.',
    date: '2025-01-10',
    comment: 'другой человек; тёзка',
    ...over,
  };
}

const clear = (kind: CheckKind): CheckResult => check(kind, 'CLEAR', [], []);
const hit = (hash = HASH_A) => ({
  foreign_agent: check(
    'foreign_agent',
    'MATCH',
    [candidate('FA-0001', 'MATCH', hash)],
    ['FOREIGN_AGENT_MATCH'],
  ),
  sanctions: clear('sanctions'),
});

describe('applyWhitelist', () => {
  it('suppresses a reviewed match: candidate SUPPRESSED and kept, check CLEAR, verdict no longer HIT', () => {
    const out = applyWhitelist(hit(), KEY, [entry()]);
    const fa = out.foreign_agent;
    expect(fa?.status).toBe('CLEAR');
    expect(fa?.candidates).toHaveLength(1);
    expect(fa?.candidates[0]?.decision).toBe('SUPPRESSED');
    expect(fa?.candidates[0]?.explanation).toContain(
      'whitelisted as a false positive by Иванова А. on 2025-01-10',
    );
    expect(fa?.reasons).toEqual(['FOREIGN_AGENT_SUPPRESSED: FA-0001 by Иванова А. 2025-01-10']);
    expect(fa?.detail).toBe('suppressed FA-0001; was MATCH: FA-0001 1.00');
    const verdict = decideVerdict(1, out, [], ['foreign_agent']);
    expect(verdict.verdict).toBe('CLEAR');
    expect(verdict.reasons).toContain('FOREIGN_AGENT_SUPPRESSED: FA-0001 by Иванова А. 2025-01-10');
  });

  it('reopens when the record changed: the match counts again with WHITELIST_REOPENED', () => {
    const out = applyWhitelist(hit(HASH_B), KEY, [entry()]);
    const fa = out.foreign_agent;
    expect(fa?.status).toBe('MATCH');
    expect(fa?.candidates[0]?.decision).toBe('MATCH');
    expect(fa?.reasons).toEqual([
      'FOREIGN_AGENT_MATCH',
      'FOREIGN_AGENT_WHITELIST_REOPENED: FA-0001 reviewed by Иванова А. 2025-01-10, record changed',
    ]);
    expect(decideVerdict(1, out).verdict).toBe('HIT');
  });

  it('leaves other clients, registers and records alone', () => {
    const results = hit();
    expect(applyWhitelist(results, 'id:OTHER', [entry()])).toBe(results);
    expect(applyWhitelist(results, KEY, [entry({ register: 'sanctions' })]).foreign_agent?.status).toBe(
      'MATCH',
    );
    expect(applyWhitelist(results, KEY, [entry({ recordId: 'FA-0002' })]).foreign_agent?.status).toBe(
      'MATCH',
    );
  });

  it('drops a watch-list MATCH to POSSIBLE_MATCH when only a possible match is left', () => {
    const results = {
      foreign_agent: check(
        'foreign_agent',
        'MATCH',
        [candidate('FA-0001', 'MATCH'), candidate('FA-0009', 'POSSIBLE_MATCH')],
        ['FOREIGN_AGENT_MATCH'],
      ),
    };
    const fa = applyWhitelist(results, KEY, [entry()]).foreign_agent;
    expect(fa?.status).toBe('POSSIBLE_MATCH');
    expect(fa?.detail).toBe('FA-0009 0.85');
    expect(fa?.reasons.map(reasonCode)).toEqual(['FOREIGN_AGENT_POSSIBLE_MATCH', 'FOREIGN_AGENT_SUPPRESSED']);
  });

  it('keeps a FLAG whose other raising candidate is not whitelisted', () => {
    const flag = {
      bankruptcy: {
        ...check(
          'bankruptcy',
          'FLAG',
          [candidate('g1', 'MATCH'), candidate('g2', 'MATCH')],
          ['BANKRUPTCY_ACTIVE'],
        ),
        candidates: [
          { ...candidate('g1', 'MATCH'), source: 'bankruptcy' },
          { ...candidate('g2', 'MATCH'), source: 'bankruptcy' },
        ],
      },
    };
    const out = applyWhitelist(flag, KEY, [entry({ register: 'bankruptcy', recordId: 'g1' })]).bankruptcy;
    expect(out?.status).toBe('FLAG');
    expect(out?.reasons.map(reasonCode)).toEqual(['BANKRUPTCY_ACTIVE', 'BANKRUPTCY_SUPPRESSED']);
  });

  it('never touches ERROR or SKIPPED checks, and the last entry for a record wins', () => {
    const error: CheckResult = { ...clear('debtor'), status: 'ERROR', reasons: ['DEBTOR_ERROR'] };
    expect(applyWhitelist({ debtor: error }, KEY, [entry()]).debtor).toBe(error);
    const out = applyWhitelist(hit(HASH_B), KEY, [
      entry(),
      entry({ recordHash: HASH_B, reviewer: 'Петров' }),
    ]);
    expect(out.foreign_agent?.status).toBe('CLEAR');
    expect(out.foreign_agent?.reasons[0]).toContain('by Петров');
  });

  it('emits only codes of the reason catalog, before the note', () => {
    const codes = [
      ...(applyWhitelist(hit(), KEY, [entry()]).foreign_agent?.reasons ?? []),
      ...(applyWhitelist(hit(HASH_B), KEY, [entry()]).foreign_agent?.reasons ?? []),
    ].map(reasonCode);
    for (const code of codes) expect(describeReason(code), code).toBeTypeOf('string');
  });
});

describe('sanctions entries reviewed under the id of an older engine', () => {
  const sanctionsCandidate = (recordId: string, hash: string): ScoredCandidate => ({
    ...candidate(recordId, 'POSSIBLE_MATCH', hash),
    source: 'sanctions',
  });

  it('apply to the one entry with the reviewed content, not to its namesakes on the list', () => {
    const results = {
      sanctions: check(
        'sanctions',
        'POSSIBLE_MATCH',
        [
          sanctionsCandidate('sanctions:1111111111111111', HASH_A),
          sanctionsCandidate('sanctions:2222222222222222', HASH_B),
        ],
        ['SANCTIONS_POSSIBLE_MATCH'],
      ),
    };
    const legacy = entry({
      register: 'sanctions',
      recordId: 'sanctions:0000000000000000',
      recordHash: HASH_A,
    });
    const out = applyWhitelist(results, KEY, [legacy]).sanctions;
    expect(out?.candidates.map((c) => c.decision)).toEqual(['SUPPRESSED', 'POSSIBLE_MATCH']);
    expect(out?.status).toBe('POSSIBLE_MATCH');
    expect(out?.reasons).toContain(
      'SANCTIONS_SUPPRESSED: sanctions:1111111111111111 by Иванова А. 2025-01-10',
    );
  });
});
