import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, type UpstreamProfile } from '../../../src/upstream/client/index.js';
import { readEvidenceLines, startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';
import { startRewritingProxy, type RewritingProxy } from '../../helpers/rewriting-proxy.js';
import { sampleSlice } from '../../helpers/sample-slice.js';

/**
 * A Lookup Service that words the debtor "not found" differently and sends null where the contract has a
 * string: the emulator behind a proxy that rewrites its debtor answers. Half the not-found answers use a
 * built-in English phrasing, half a phrasing the run does not know until the profile teaches it.
 */

const UNKNOWN = 'Запись в реестре отсутствует';

interface Evidence {
  row: number;
  verdict: string;
  checks: Record<string, { status: string; reasons: string[]; unrecognised?: { kind: string }[] }>;
}
interface Manifest {
  unrecognised: { operation: string; kind: string; count: number; example: string }[];
  upstream_profile: { sha256: string; profile: { debtorNotFound: string[] } };
  verdicts: Record<string, number>;
}

function rewriteDebtor(path: string, json: unknown): unknown {
  if (path !== '/reg2/client/debt' || typeof json !== 'object' || json === null) return undefined;
  const answer = json as Record<string, unknown>;
  if (answer.message === null) return { ...answer, snils: null };
  // The emulator's not-found answer: alternate between a known and an unknown phrasing.
  flip = !flip;
  return { ...answer, inn: null, message: flip ? 'DEBTOR NOT FOUND.' : UNKNOWN };
}
let flip = false;

describe('unrecognised upstream answers, end to end', () => {
  let pipeline: TestPipeline;
  let proxy: RewritingProxy | undefined;
  let input: string;
  const runs = {} as Record<'plain' | 'taught', { evidence: Evidence[]; manifest: Manifest }>;

  beforeAll(async () => {
    pipeline = await startTestPipeline({
      upstreamUrl: async (emulatorUrl) => {
        proxy = await startRewritingProxy(emulatorUrl, rewriteDebtor);
        return proxy.url;
      },
    });
    input = sampleSlice(80);
    const taught: UpstreamProfile = { ...DEFAULT_PROFILE, debtorNotFound: [UNKNOWN.toUpperCase()] };
    for (const [name, profile] of [
      ['plain', undefined],
      ['taught', taught],
    ] as const) {
      const runId = await pipeline.submit(input, profile ? { profile } : {});
      const { run } = await pipeline.finish(runId);
      runs[name] = {
        evidence: readEvidenceLines<Evidence>(run.evidence),
        manifest: JSON.parse(readFileSync(run.manifest, 'utf8')) as Manifest,
      };
    }
  }, 180_000);
  afterAll(async () => {
    await pipeline.close();
    await proxy?.close();
  });

  it('reads the English phrasing as not found and never clears the unknown one', () => {
    const debtor = runs.plain.evidence.flatMap((e) => (e.checks.debtor ? [{ e, d: e.checks.debtor }] : []));
    const notFound = debtor.filter(({ d }) => d.reasons.includes('DEBTOR_NOT_FOUND'));
    const unknown = debtor.filter(({ d }) => d.reasons.includes('DEBTOR_UNRECOGNISED_MESSAGE'));
    expect(notFound.length).toBeGreaterThan(0);
    expect(unknown.length).toBeGreaterThan(0);
    for (const { d } of notFound) expect(d.status).toBe('CLEAR');
    for (const { e, d } of unknown) {
      expect(d.status).toBe('ERROR');
      expect(['INCOMPLETE', 'HIT']).toContain(e.verdict);
    }
  });

  it('counts each unrecognised kind in the manifest as often as the evidence shows it, with a clean example', () => {
    const { manifest, evidence } = runs.plain;
    const message = manifest.unrecognised.find((u) => u.kind === 'unrecognised_message');
    const inEvidence = evidence.filter((e) =>
      e.checks.debtor?.unrecognised?.some((u) => u.kind === 'unrecognised_message'),
    ).length;
    expect(message).toMatchObject({ operation: 'client.debt', count: inEvidence, example: UNKNOWN });
    // Every rewritten not-found answer sends `inn: null`.
    const inn = manifest.unrecognised.find((u) => u.kind === 'null_field inn');
    const notFound = evidence.filter((e) =>
      e.checks.debtor?.reasons.some((r) => r === 'DEBTOR_NOT_FOUND' || r === 'DEBTOR_UNRECOGNISED_MESSAGE'),
    ).length;
    expect(inn).toMatchObject({ count: notFound, example: 'expected string, found null' });
  });

  it('the profile teaches the phrasing: those clients are CLEAR on the debtor check, nothing unrecognised left of it', () => {
    const { manifest, evidence } = runs.taught;
    expect(manifest.unrecognised.find((u) => u.kind === 'unrecognised_message')).toBeUndefined();
    expect(evidence.some((e) => e.checks.debtor?.reasons.includes('DEBTOR_UNRECOGNISED_MESSAGE'))).toBe(
      false,
    );
    expect(manifest.upstream_profile.profile.debtorNotFound).toEqual([UNKNOWN.toUpperCase()]);
    expect(manifest.upstream_profile.sha256).not.toBe(runs.plain.manifest.upstream_profile.sha256);
    expect(manifest.verdicts.INCOMPLETE ?? 0).toBeLessThan(runs.plain.manifest.verdicts.INCOMPLETE ?? 0);
  });
});
