import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, ISSUER_BINS, lookupBin, lookupCard } from '../../src/cards.js';
import { completeLuhn } from '../../src/check-digits.js';

describe('BIN table: longest prefix wins', () => {
  it.each([
    ['220000', 'MIR'],
    ['220412', 'MIR'],
    ['220500', 'UNKNOWN'],
    ['411111', 'VISA'],
    ['510000', 'MASTERCARD'],
    ['555555', 'MASTERCARD'],
    ['222100', 'MASTERCARD'],
    ['272099', 'MASTERCARD'],
    ['272100', 'UNKNOWN'],
    ['222099', 'UNKNOWN'],
    ['340000', 'AMEX'],
    ['378282', 'AMEX'],
    ['620000', 'UNIONPAY'],
    ['621700', 'UNIONPAY'],
    ['630400', 'MAESTRO'],
    ['676280', 'MAESTRO'],
    ['501800', 'MAESTRO'],
    ['560000', 'MAESTRO'],
    ['690000', 'MAESTRO'],
    ['100000', 'UNKNOWN'],
  ])('%s → %s', (bin, system) => {
    expect(lookupBin(bin)?.paymentSystem ?? 'UNKNOWN').toBe(system);
  });

  it('an issuer BIN is more specific than its range and agrees with it', () => {
    expect(lookupBin('220220')?.issuer?.bank).toBe('ПАО Сбербанк');
    expect(lookupBin('220221')?.issuer?.cardType).toBe('CREDIT');
    expect(lookupBin('220222')?.issuer).toBeUndefined();
    for (const entry of ISSUER_BINS) {
      const range = lookupBin(entry.prefix.slice(0, 4));
      expect(range?.paymentSystem, entry.prefix).toBe(entry.paymentSystem);
      expect(entry.issuer?.countryCode, entry.prefix).toMatch(/^[A-Z]{3}$/);
    }
  });

  it('holds Russian issuers and a Kazakh, a Turkish and a Cypriot one', () => {
    const countries = new Set(ISSUER_BINS.map((e) => e.issuer?.countryCode));
    for (const code of ['RUS', 'KAZ', 'TUR', 'CYP']) expect(countries).toContain(code);
  });
});

describe('card lookup', () => {
  it('a full number is Luhn-checked', () => {
    const good = completeLuhn('220220123456789');
    expect(lookupCard(good)).toMatchObject({
      card: good,
      bin: '220220',
      paymentSystem: 'MIR',
      valid: true,
      message: CARD_MESSAGES.valid,
    });
    const bad = good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10);
    expect(lookupCard(bad)).toMatchObject({ valid: false, message: CARD_MESSAGES.luhnFailed });
  });

  it('a masked number is not Luhn-checked; its BIN is the leading six digits', () => {
    expect(lookupCard('220000******0004')).toMatchObject({
      bin: '220000',
      paymentSystem: 'MIR',
      bank: '',
      valid: true,
      message: CARD_MESSAGES.masked,
    });
    expect(lookupCard('427600******1234')).toMatchObject({ bank: 'ПАО Сбербанк', countryCode: 'RUS' });
  });

  it('an unknown BIN keeps the range system, with empty issuer fields', () => {
    expect(lookupCard('4111111111111111')).toMatchObject({
      paymentSystem: 'VISA',
      bank: '',
      cardType: 'UNKNOWN',
      countryCode: '',
      valid: true,
    });
    expect(lookupCard('9000000000000000')?.paymentSystem).toBe('UNKNOWN');
  });

  it('echoes the card as sent, spaces allowed; refuses what is neither number, masked number nor BIN', () => {
    expect(lookupCard('4111 1111 1111 1111')?.card).toBe('4111 1111 1111 1111');
    expect(lookupCard('437772')?.message).toBe(CARD_MESSAGES.binOnly);
    for (const bad of ['', 'abcd', '12345', '4111*', '****11111111', '41111111111111111111'])
      expect(lookupCard(bad), bad).toBeUndefined();
  });
});
