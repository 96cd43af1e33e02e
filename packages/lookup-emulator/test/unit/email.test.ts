import { describe, expect, it } from 'vitest';
import { validateEmail } from '../../src/email.js';

describe('e-mail validation', () => {
  it('without smtp: the sample field set only, no MX lookup', () => {
    const result = validateEmail('ivan.petrov@Mail.RU', false);
    expect(result).toEqual({
      valid: true,
      email: 'ivan.petrov@mail.ru',
      format: { valid: true, local: 'ivan.petrov', domain: 'mail.ru' },
      mx: { checked: false, valid: false, records: [] },
      disposable: false,
      role: false,
    });
  });

  it('with smtp: MX from the known-domain table and the antifraud field set', () => {
    const result = validateEmail('ivan.petrov@gmail.com', true);
    expect(result.mx.checked).toBe(true);
    expect(result.mx.records[0]).toBe('gmail-smtp-in.l.google.com');
    expect(result).toMatchObject({
      valid: true,
      exists: true,
      freeProvider: true,
      mxValid: true,
      riskScore: 0.1,
      recommendation: 'ALLOW',
    });
  });

  it('a corporate mailbox is the lowest risk', () => {
    expect(validateEmail('a.smirnov@sberbank.ru', true)).toMatchObject({
      riskScore: 0,
      recommendation: 'ALLOW',
      freeProvider: false,
    });
  });

  it('disposable domains are declined, role addresses reviewed', () => {
    expect(validateEmail('x@mailinator.com', true)).toMatchObject({
      disposable: true,
      recommendation: 'DECLINE',
    });
    expect(validateEmail('info@mail.ru', true)).toMatchObject({ role: true, recommendation: 'REVIEW' });
  });

  it('a domain without MX is invalid under smtp and declined', () => {
    expect(validateEmail('ivan@no-such-domain.ru', true)).toMatchObject({
      valid: false,
      mx: { checked: true, valid: false, records: [] },
      exists: false,
      recommendation: 'DECLINE',
    });
  });

  it('a malformed address is invalid with risk 1', () => {
    for (const bad of ['ivan', 'ivan@', '@mail.ru', 'iv an@mail.ru', 'ivan@mail', 'ivan..p@mail.ru']) {
      expect(validateEmail(bad, true), bad).toMatchObject({
        valid: false,
        format: { valid: false },
        riskScore: 1,
        recommendation: 'DECLINE',
      });
    }
  });

  it('the risk score stays within 0..1', () => {
    const r = validateEmail('admin12345@mailinator.com', true);
    expect(r.riskScore).toBeLessThanOrEqual(1);
    expect(r.riskScore).toBeGreaterThanOrEqual(0);
  });
});
