import { describe, expect, it } from 'vitest';
import { loadApiWebhookConfig, runWebhookTarget } from '../../../src/api/webhooks.js';
import { isKycError } from '../../../src/errors.js';
import { routeTemplate } from '../../../src/api/route-template.js';

const codeOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (error) {
    return isKycError(error) ? error.code : 'not a KycError';
  }
  return undefined;
};

describe('webhook configuration of the API', () => {
  it('needs a secret with KYC_API_WEBHOOK_URL and an http(s) URL, never echoing it', () => {
    expect(loadApiWebhookConfig({})).toEqual({
      url: undefined,
      secret: undefined,
      backoffMs: 30_000,
      allow: { entries: [] },
    });
    expect(
      loadApiWebhookConfig({ KYC_API_WEBHOOK_URL: 'https://h.example/x', KYC_API_WEBHOOK_SECRET: 's' }),
    ).toEqual({ url: 'https://h.example/x', secret: 's', backoffMs: 30_000, allow: { entries: [] } });
    expect(codeOf(() => loadApiWebhookConfig({ KYC_API_WEBHOOK_URL: 'https://h.example/x' }))).toBe(
      'KYC_ERR_CONFIG_API_WEBHOOK',
    );
    try {
      loadApiWebhookConfig({ KYC_API_WEBHOOK_URL: 'ftp://h.example/tok3n', KYC_API_WEBHOOK_SECRET: 's' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toContain('KYC_ERR_CONFIG_API_WEBHOOK');
      expect(String(error)).not.toContain('tok3n');
    }
    expect(loadApiWebhookConfig({ KYC_API_WEBHOOK_BACKOFF_MS: '200' }).backoffMs).toBe(200);
    for (const bad of ['0', '-5', '1.5', 'soon'])
      expect(
        codeOf(() => loadApiWebhookConfig({ KYC_API_WEBHOOK_BACKOFF_MS: bad })),
        bad,
      ).toBe('KYC_ERR_CONFIG_API_WEBHOOK');
  });

  it('takes a callback_url that is an absolute http(s) URL, only when there is a secret to sign with', () => {
    const signed = { url: undefined, secret: 's', backoffMs: 100 };
    expect(runWebhookTarget(signed, undefined)).toEqual({ server: false, backoffMs: 100 });
    expect(runWebhookTarget({ ...signed, url: 'https://a.example' }, undefined)).toEqual({
      server: true,
      backoffMs: 100,
    });
    expect(runWebhookTarget(signed, 'HTTPS://hooks.example:8443/p?q=1')).toEqual({
      callbackUrl: 'HTTPS://hooks.example:8443/p?q=1',
      server: false,
      backoffMs: 100,
    });
    for (const bad of [
      'ftp://x.example/',
      'javascript:alert(1)',
      '/relative',
      'http://',
      'https://a b.example/',
    ])
      expect(
        codeOf(() => runWebhookTarget(signed, bad)),
        bad,
      ).toBe('KYC_ERR_API_CALLBACK_URL');
    expect(codeOf(() => runWebhookTarget({ ...signed, secret: undefined }, 'https://ok.example/'))).toBe(
      'KYC_ERR_API_CALLBACK_URL',
    );
  });
});

describe('route templates of the metrics', () => {
  it('names the matched route as OpenAPI does, skipping middleware; no route is unmatched', () => {
    expect(
      routeTemplate([
        { method: 'ALL', path: '*' },
        { method: 'ALL', path: '/v1/runs/*' },
        { method: 'GET', path: '/v1/runs/:id/verdicts.csv' },
      ]),
    ).toBe('/v1/runs/{id}/verdicts.csv');
    expect(routeTemplate([{ method: 'ALL', path: '*' }])).toBe('unmatched');
    expect(routeTemplate([])).toBe('unmatched');
  });
});
