import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCheck } from '../../../src/checks/run-check.js';
import type { Client } from '../../../src/domain/client.js';
import { fakeLookup } from '../checks/fake-lookup.js';
import type { CheckKind, CheckResult, CheckStatus } from '../../../src/domain/check.js';
import {
  decideVerdict,
  describeReason,
  failedCheck,
  invalidVerdict,
  REASONS,
  SCORING_VERSION,
  screeningChecksFor,
  skippedCheck,
} from '../../../src/verdict/index.js';

function result(kind: CheckKind, status: CheckStatus, reasons: string[] = []): CheckResult {
  return { kind, status, score: 0, detail: '', reasons, candidates: [], requests: [] };
}

const clear = {
  foreign_agent: result('foreign_agent', 'CLEAR'),
  sanctions: result('sanctions', 'CLEAR'),
  bankruptcy: result('bankruptcy', 'CLEAR'),
  debtor: result('debtor', 'CLEAR'),
};

describe('decideVerdict precedence', () => {
  it('all clear → CLEAR', () => {
    expect(decideVerdict(3, clear)).toMatchObject({
      row: 3,
      verdict: 'CLEAR',
      reasons: [],
      scoringVersion: SCORING_VERSION,
    });
  });

  it('a sanctions MATCH → HIT, even with an ERROR elsewhere', () => {
    const v = decideVerdict(1, {
      ...clear,
      sanctions: result('sanctions', 'MATCH', ['SANCTIONS_MATCH']),
      debtor: failedCheck('debtor', { code: 'KYC_ERR_UPSTREAM_TIMEOUT', message: 'timeout' }, []),
    });
    expect(v.verdict).toBe('HIT');
    expect(v.reasons).toEqual(['SANCTIONS_MATCH', 'DEBTOR_ERROR']);
  });

  it('a foreign-agent MATCH → HIT', () => {
    expect(
      decideVerdict(1, { ...clear, foreign_agent: result('foreign_agent', 'MATCH', ['FOREIGN_AGENT_MATCH']) })
        .verdict,
    ).toBe('HIT');
  });

  it('an ERROR beats REVIEW: a failed check never yields CLEAR', () => {
    const v = decideVerdict(1, {
      ...clear,
      bankruptcy: result('bankruptcy', 'FLAG', ['BANKRUPTCY_ACTIVE']),
      sanctions: failedCheck('sanctions', { code: 'KYC_ERR_UPSTREAM_SERVER', message: '500' }, []),
    });
    expect(v.verdict).toBe('INCOMPLETE');
    expect(v.reasons).toEqual(['SANCTIONS_ERROR', 'BANKRUPTCY_ACTIVE']);
  });

  it('POSSIBLE_MATCH or FLAG → REVIEW', () => {
    expect(
      decideVerdict(1, {
        ...clear,
        sanctions: result('sanctions', 'POSSIBLE_MATCH', ['SANCTIONS_POSSIBLE_MATCH']),
      }).verdict,
    ).toBe('REVIEW');
    expect(
      decideVerdict(1, { ...clear, debtor: result('debtor', 'FLAG', ['DEBTOR_LEGAL_CASE']) }).verdict,
    ).toBe('REVIEW');
  });

  it('SKIPPED checks do not block CLEAR and their reason is carried', () => {
    const v = decideVerdict(1, {
      ...clear,
      debtor: skippedCheck('debtor', 'DEBTOR_SKIPPED_NO_PERSON_INN', 'no valid 12-digit INN'),
    });
    expect(v).toMatchObject({ verdict: 'CLEAR', reasons: ['DEBTOR_SKIPPED_NO_PERSON_INN'] });
  });

  it('notes of clear checks come after the reasons that decide', () => {
    const v = decideVerdict(1, {
      ...clear,
      bankruptcy: result('bankruptcy', 'CLEAR', ['BANKRUPTCY_INACTIVE_NOTE']),
      foreign_agent: result('foreign_agent', 'POSSIBLE_MATCH', ['FOREIGN_AGENT_POSSIBLE_MATCH']),
    });
    expect(v.reasons).toEqual(['FOREIGN_AGENT_POSSIBLE_MATCH', 'BANKRUPTCY_INACTIVE_NOTE']);
  });

  it('optional checks follow the same rules', () => {
    expect(decideVerdict(1, { ...clear, email: result('email', 'FLAG') })).toMatchObject({
      verdict: 'REVIEW',
      reasons: ['EMAIL_FLAG'],
    });
    expect(
      decideVerdict(1, {
        ...clear,
        card: failedCheck('card', { code: 'KYC_ERR_UPSTREAM_TIMEOUT', message: '' }, []),
      }),
    ).toMatchObject({ verdict: 'INCOMPLETE', reasons: ['CARD_ERROR'] });
    expect(decideVerdict(1, { ...clear, cadastral: result('cadastral', 'CLEAR') }).verdict).toBe('CLEAR');
  });

  it('row warnings come last', () => {
    const v = decideVerdict(
      1,
      { ...clear, sanctions: result('sanctions', 'POSSIBLE_MATCH', ['SANCTIONS_POSSIBLE_MATCH']) },
      [{ code: 'KYC_ERR_ROW_INN_CHECKSUM', message: 'INN check digit is wrong', field: 'inn' }],
    );
    expect(v.reasons).toEqual(['SANCTIONS_POSSIBLE_MATCH', 'ROW_WARNING_INN_CHECKSUM']);
  });

  it('no result at all is INCOMPLETE, never CLEAR', () => {
    expect(decideVerdict(1, {})).toMatchObject({ verdict: 'INCOMPLETE', reasons: ['NO_CHECKS'] });
  });
});

describe('invalidVerdict', () => {
  it('INVALID with the reason', () => {
    const v = invalidVerdict(7, {
      code: 'KYC_ERR_ROW_NO_NAME_OR_ID',
      message: 'The row has no usable name and no valid identifier',
    });
    expect(v).toEqual({
      row: 7,
      verdict: 'INVALID',
      reasons: ['ROW_INVALID', 'ROW_INVALID_NO_NAME_OR_ID'],
      checks: {},
      scoringVersion: SCORING_VERSION,
    });
  });
});

describe('failedCheck and skippedCheck', () => {
  it('failedCheck is an ERROR carrying the error and the requests made', () => {
    const requests = [{ operation: 'search.sanctions', params: { name: 'X' }, status: 503 }];
    expect(failedCheck('sanctions', { code: 'KYC_ERR_UPSTREAM_SERVER', message: '503' }, requests)).toEqual({
      kind: 'sanctions',
      status: 'ERROR',
      score: 0,
      detail: 'KYC_ERR_UPSTREAM_SERVER',
      reasons: ['SANCTIONS_ERROR'],
      candidates: [],
      requests,
      error: { code: 'KYC_ERR_UPSTREAM_SERVER', message: '503' },
    });
  });

  it('skippedCheck is SKIPPED with its reason and detail', () => {
    expect(skippedCheck('sanctions', 'SANCTIONS_SKIPPED_NO_NAME', 'no name')).toMatchObject({
      status: 'SKIPPED',
      reasons: ['SANCTIONS_SKIPPED_NO_NAME'],
      detail: 'no name',
    });
  });
});

describe('reason catalog', () => {
  it('describes every code the engine emits', () => {
    const emitted = [
      'SANCTIONS_MATCH',
      'SANCTIONS_POSSIBLE_MATCH',
      'FOREIGN_AGENT_MATCH',
      'FOREIGN_AGENT_POSSIBLE_MATCH',
      'BANKRUPTCY_ACTIVE',
      'BANKRUPTCY_POSSIBLE_MATCH',
      'BANKRUPTCY_INACTIVE_NOTE',
      'DEBTOR_EXTRAJUDICIAL',
      'DEBTOR_LEGAL_CASE',
      'DEBTOR_NOT_FOUND',
      'DEBTOR_UNRECOGNISED_MESSAGE',
      'DEBTOR_INN_MISMATCH',
      'DEBTOR_SKIPPED_ORGANIZATION',
      'DEBTOR_SKIPPED_NO_PERSON_INN',
      'SANCTIONS_SKIPPED_NO_NAME',
      'FOREIGN_AGENT_SKIPPED_NO_NAME_OR_INN',
      'BANKRUPTCY_SKIPPED_NOTHING_TO_SEARCH',
      'NO_CHECKS',
      'ROW_INVALID',
      'ROW_INVALID_NO_NAME_OR_ID',
      'ROW_WARNING_INN_CHECKSUM',
      'EMAIL_FLAG',
      'CARD_FLAG',
      'CADASTRAL_FLAG',
      'FOREIGN_AGENT_ERROR',
      'SANCTIONS_ERROR',
      'BANKRUPTCY_ERROR',
      'DEBTOR_ERROR',
      'EMAIL_ERROR',
      'CARD_ERROR',
      'CADASTRAL_ERROR',
    ];
    for (const code of emitted) expect(describeReason(code), code).toBeTypeOf('string');
  });

  it('codes are upper snake case and descriptions are one line', () => {
    for (const [code, text] of Object.entries(REASONS)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/u);
      expect(text).not.toContain('\n');
    }
  });

  it('unknown codes have no description', () => expect(describeReason('NOPE')).toBeUndefined());
});

describe('docs/matching.md', () => {
  it('lists every reason code of the catalog (patterns for the row codes)', () => {
    const doc = readFileSync(new URL('../../../docs/matching.md', import.meta.url), 'utf8');
    const missing = Object.keys(REASONS)
      .filter((code) => !code.startsWith('ROW_WARNING_') && !code.startsWith('ROW_INVALID_'))
      .filter((code) => !doc.includes(`\`${code}\``));
    expect(missing).toEqual([]);
    expect(doc).toContain('`ROW_WARNING_<X>`');
    expect(doc).toContain('`ROW_INVALID_<X>`');
  });
});

describe('a disguised name is a reason to look', () => {
  const obfuscated = {
    code: 'KYC_ERR_ROW_NAME_OBFUSCATED',
    message: 'full_name: 1 look-alike letter(s) of another script folded; screened in the cleaned form',
    field: 'full_name',
  } as const;

  it('raises a CLEAR to REVIEW with NAME_OBFUSCATED before the row warning', () => {
    const v = decideVerdict(1, clear, [obfuscated]);
    expect(v.verdict).toBe('REVIEW');
    expect(v.reasons).toEqual(['NAME_OBFUSCATED', 'ROW_WARNING_NAME_OBFUSCATED']);
  });

  it('keeps a HIT a HIT and an INCOMPLETE INCOMPLETE, with the code', () => {
    const hit = decideVerdict(1, { ...clear, sanctions: result('sanctions', 'MATCH', ['SANCTIONS_MATCH']) }, [
      obfuscated,
    ]);
    expect(hit.verdict).toBe('HIT');
    expect(hit.reasons).toEqual(['SANCTIONS_MATCH', 'NAME_OBFUSCATED', 'ROW_WARNING_NAME_OBFUSCATED']);
    const failed = decideVerdict(
      1,
      {
        ...clear,
        debtor: failedCheck('debtor', { code: 'KYC_ERR_UPSTREAM_TIMEOUT', message: 'timeout' }, []),
      },
      [obfuscated],
    );
    expect(failed.verdict).toBe('INCOMPLETE');
    expect(failed.reasons).toContain('NAME_OBFUSCATED');
  });

  it('leaves a row with other warnings as it was', () => {
    const v = decideVerdict(1, clear, [{ code: 'KYC_ERR_ROW_INN_CHECKSUM', message: 'x', field: 'inn' }]);
    expect(v.verdict).toBe('CLEAR');
    expect(describeReason('NAME_OBFUSCATED')).toBeTypeOf('string');
  });
});

describe('PARTIAL: a client not screened against every applicable register', () => {
  const clear = (kind: CheckKind): CheckResult => ({
    kind,
    status: 'CLEAR',
    score: 0,
    detail: '',
    reasons: [],
    candidates: [],
    requests: [],
  });
  const only = (kinds: readonly CheckKind[]) => Object.fromEntries(kinds.map((kind) => [kind, clear(kind)]));

  it('a debtor-only screening of a person is PARTIAL and names the checks that did not run', () => {
    const verdict = decideVerdict(1, only(['debtor']), [], screeningChecksFor('person'));
    expect(verdict.verdict).toBe('PARTIAL');
    expect(verdict.reasons).toEqual(['FOREIGN_AGENT_NOT_RUN', 'SANCTIONS_NOT_RUN', 'BANKRUPTCY_NOT_RUN']);
  });

  it('CLEAR needs all four for a person, three for an organization (no debtor check for them)', () => {
    const three = only(['foreign_agent', 'sanctions', 'bankruptcy']);
    expect(decideVerdict(1, three, [], screeningChecksFor('organization')).verdict).toBe('CLEAR');
    expect(decideVerdict(1, three, [], screeningChecksFor('person')).verdict).toBe('PARTIAL');
    expect(decideVerdict(1, three).verdict).toBe('PARTIAL');
    expect(decideVerdict(1, { ...three, ...only(['debtor']) }).verdict).toBe('CLEAR');
  });

  it('a check that could not run for want of data makes the row PARTIAL, a deliberate skip does not', async () => {
    // A row whose name is `-` with a valid INN: the foreign-agent and bankruptcy checks search by the INN,
    // the sanctions list (searched by name only) cannot be searched at all.
    const client: Client = {
      row: 1,
      entityType: 'person',
      entityTypeSource: 'column',
      warnings: [],
      inn: '500100732259',
    };
    const sanctions = await runCheck('sanctions', client, fakeLookup({}));
    expect(sanctions.reasons).toEqual(['SANCTIONS_SKIPPED_NO_NAME']);
    const verdict = decideVerdict(1, { ...only(['foreign_agent', 'bankruptcy', 'debtor']), sanctions });
    expect(verdict.verdict).toBe('PARTIAL');
    expect(verdict.reasons).toContain('SANCTIONS_SKIPPED_NO_NAME');
    // Nothing at all to search by: every watch-list check is skipped, still PARTIAL, never CLEAR.
    const { inn: _inn, ...bare } = client;
    const skipped = Object.fromEntries(
      await Promise.all(
        (['foreign_agent', 'sanctions', 'bankruptcy'] as const).map(
          async (kind) => [kind, await runCheck(kind, bare, fakeLookup({}))] as const,
        ),
      ),
    );
    expect(decideVerdict(1, { ...skipped, debtor: clear('debtor') }).verdict).toBe('PARTIAL');
    // The debtor check is not for organizations, and individuals need not have an INN: both stay CLEAR.
    const organization = await runCheck('debtor', { ...client, entityType: 'organization' }, fakeLookup({}));
    expect(
      decideVerdict(1, { ...only(['foreign_agent', 'sanctions', 'bankruptcy']), debtor: organization })
        .verdict,
    ).toBe('CLEAR');
    const noInn = await runCheck('debtor', bare, fakeLookup({}));
    expect(noInn.reasons).toEqual(['DEBTOR_SKIPPED_NO_PERSON_INN']);
    expect(
      decideVerdict(1, { ...only(['foreign_agent', 'sanctions', 'bankruptcy']), debtor: noInn }).verdict,
    ).toBe('CLEAR');
  });

  it('a finding still decides: HIT, INCOMPLETE and REVIEW are never PARTIAL', () => {
    const hit: CheckResult = { ...clear('sanctions'), status: 'MATCH', reasons: ['SANCTIONS_MATCH'] };
    expect(decideVerdict(1, { sanctions: hit }).verdict).toBe('HIT');
    expect(decideVerdict(1, { debtor: { ...clear('debtor'), status: 'ERROR' } }).verdict).toBe('INCOMPLETE');
    expect(decideVerdict(1, { debtor: { ...clear('debtor'), status: 'FLAG' } }).verdict).toBe('REVIEW');
  });
});
