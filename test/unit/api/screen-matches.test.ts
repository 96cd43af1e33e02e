import { describe, expect, it } from 'vitest';
import { decisiveFieldOf, matchesOfEvidence } from '../../../src/api/screen-matches.js';
import { absoluteRunLinks, parsePublicUrl } from '../../../src/api/public-url.js';
import { derivedOperationId } from '../../../src/api/openapi-document.js';

const candidate = (over: Record<string, unknown>) => ({
  source: 'minjust_foreign_agent',
  recordId: 'ИА-123',
  recordHash: 'h',
  recordName: 'Ковалёв Андрей Сергеевич',
  score: 0.997,
  decision: 'MATCH',
  explanation: 'name 1.00, birth_date equal, inn absent on record',
  ...over,
});

describe('structured matches of /v1/screen', () => {
  it('lists each matched, possibly matched or whitelisted record with its fields; NO_MATCH left out', () => {
    const line = JSON.stringify({
      row: 2,
      verdict: 'HIT',
      checks: {
        foreign_agent: { status: 'MATCH', candidates: [candidate({})] },
        sanctions: {
          status: 'POSSIBLE_MATCH',
          candidates: [
            candidate({
              source: 'sanctions',
              recordId: 's-1',
              decision: 'POSSIBLE_MATCH',
              score: 0.8,
              explanation: 'name 0.80',
            }),
            candidate({ source: 'sanctions', recordId: 's-2', decision: 'NO_MATCH', score: 0.2 }),
            candidate({
              source: 'sanctions',
              recordId: 's-3',
              decision: 'SUPPRESSED',
              explanation: 'inn equal',
            }),
          ],
        },
        bankruptcy: { status: 'CLEAR', candidates: [] },
      },
    });
    expect(matchesOfEvidence(line)).toEqual([
      {
        register: 'foreign_agent',
        source: 'minjust_foreign_agent',
        record_id: 'ИА-123',
        record_name: 'Ковалёв Андрей Сергеевич',
        score: 1,
        decision: 'MATCH',
        decisive_field: 'birth_date',
      },
      expect.objectContaining({
        record_id: 's-1',
        decision: 'POSSIBLE_MATCH',
        score: 0.8,
        decisive_field: 'name',
      }),
      expect.objectContaining({ record_id: 's-3', decision: 'SUPPRESSED', decisive_field: 'inn' }),
    ]);
    expect(matchesOfEvidence(JSON.stringify({ checks: {} }))).toEqual([]);
  });

  it('prefers an identifier over the birth date as what a match rests on', () => {
    expect(decisiveFieldOf('name 0.97, birth_date equal, inn equal')).toBe('inn');
    expect(decisiveFieldOf('name 0.97 (Latin ICAO ↔ Cyrillic)')).toBe('name');
  });

  it('refuses a damaged evidence line instead of answering no matches', () => {
    expect(() => matchesOfEvidence('{"checks": 3}')).toThrow(/KYC_ERR_INTERNAL|evidence/u);
    expect(() => matchesOfEvidence('not json')).toThrow(/evidence/u);
  });
});

describe('the public base URL', () => {
  it('makes webhook links absolute, under a path prefix too', () => {
    const base = parsePublicUrl('https://kyc.bank.example/screening/');
    expect(base).toBe('https://kyc.bank.example/screening');
    expect(absoluteRunLinks(base ?? '', 'r20260101_120000_ab12').verdicts_url).toBe(
      'https://kyc.bank.example/screening/v1/runs/r20260101_120000_ab12/verdicts.csv',
    );
    expect(parsePublicUrl(undefined)).toBeUndefined();
    expect(parsePublicUrl('')).toBeUndefined();
  });

  it('refuses what is not an absolute http(s) base URL', () => {
    for (const bad of [
      'kyc.bank.example',
      'ftp://kyc.bank.example',
      'https://kyc.bank.example/?a=1',
      'https://u:p@kyc.bank.example',
    ])
      expect(() => parsePublicUrl(bad), bad).toThrow(/KYC_API_PUBLIC_URL/u);
  });
});

describe('operationId of a route that gives none', () => {
  it('is derived from the method and the path', () => {
    expect(derivedOperationId('get', '/v1/alerts/{id}')).toBe('getV1AlertsId');
    expect(derivedOperationId('post', '/v1/runs/{id}/verdicts.csv')).toBe('postV1RunsIdVerdictsCsv');
  });
});
