import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('SPEC 9 "Business constants and limits"', () => {
  it.each([
    ['Splash 3000 ms', c.SPLASH_MS, 3000],
    ['Amount limit check delay 500 ms', c.AMOUNT_LIMIT_CHECK_DELAY_MS, 500],
    ['Random validation charge $1.00', c.VALIDATION_CHARGE_MIN_DOLLARS, 1],
    ['to $3.00', c.VALIDATION_CHARGE_MAX_DOLLARS, 3],
    ['Crypto rate frozen 10 minutes', c.CRYPTO_RATE_FROZEN_MS, 600_000],
    ['Yappy gives 5 minutes to pay', c.YAPPY_PAY_WINDOW_MS, 300_000],
    ['Two-digit rounding', c.AMOUNT_DECIMALS, 2],
    ['Search activity page size 10', c.SEARCH_PAGE_SIZE, 10],
    ['offset 0', c.SEARCH_OFFSET, 0],
    ['Full user services limit 100', c.FULL_USER_SERVICES_LIMIT, 100],
    ['Password minimum 8', c.PASSWORD_MIN_LENGTH, 8],
    ['CVC 3', c.CVC_LENGTH, 3],
    ['(Amex 4)', c.CVC_LENGTH_AMEX, 4],
    ['Expiry format MM/YY', c.EXPIRY_FORMAT, 'MM/YY'],
    ['Default postal code 0000', c.DEFAULT_POSTAL_CODE, '0000'],
    ['Version 2.219.0', c.VERSION, '2.219.0'],
    ['3DS result type WEB_REDIRECT', c.THREE_DS_RESULT_TYPE, 'WEB_REDIRECT'],
    ['Fingerprint integration type FINGER_PRINT', c.FINGERPRINT_INTEGRATION_TYPE, 'FINGER_PRINT'],
    ['Collect mode MANUAL', c.COLLECT_MODE, 'MANUAL'],
    ['Link expiry time zone: Panama', c.PANAMA_TIME_ZONE, 'America/Panama'],
    ['howArrive (default PWW)', c.DEFAULT_HOW_ARRIVE, 'PWW'],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('"Channel codes: CHK (checkout), PWW (widget), EPR (subscription)"', () => {
    expect(c.CHANNEL).toEqual({ checkout: 'CHK', widget: 'PWW', subscription: 'EPR' });
  });

  it('"Transaction types: AUTH_CAPTURE, AUTH, CAPTURE (service codes AUTH_CAP, AUTH, CAP); subscription uses REC"', () => {
    expect(Object.values(c.TRANSACTION_TYPES)).toEqual(['AUTH_CAPTURE', 'AUTH', 'CAPTURE']);
    expect(Object.values(c.SERVICE_CODES)).toEqual(['AUTH_CAP', 'AUTH', 'CAP', 'REC']);
  });

  it.each([
    ['LK', true],
    ['AUTH_CAP', true],
    ['EA', false],
    ['ed', false],
    [' ED ', false],
  ])('"The old-version flag is true except for service codes EA and ED": %s -> %s', (code, old) => {
    expect(c.isOldVersionServiceCode(code)).toBe(old);
  });

  it('"Payment method ids: card, nequi, cash, clave, crypto, balance, yappy"', () => {
    expect(c.PAYMENT_METHOD_IDS).toEqual(['card', 'nequi', 'cash', 'clave', 'crypto', 'balance', 'yappy']);
  });

  it('"Gateway codes: PFW, LK, CLAV variants, CROEM_CLAV, CLAVE"', () => {
    expect(c.GATEWAY_CODES).toMatchObject({ wallet: 'PFW', link: 'LK', claveCroem: 'CROEM_CLAV', clave: 'CLAVE' });
    expect(['CLAV', 'CROEM_CLAV', 'CLAVE', 'clav_pa'].every(c.isClaveGatewayCode)).toBe(true);
    expect(c.isClaveGatewayCode('PFW')).toBe(false);
  });

  it('"Subscription period labels": the twelve codes', () => {
    expect(Object.keys(c.SUBSCRIPTION_PERIODS)).toEqual(['BA', 'BM', 'BW', 'AN', 'MO', 'WE', 'DA', 'HA', 'OS', 'EF', 'TE', 'QU']);
    expect(c.SUBSCRIPTION_PERIODS.OS).toBe('168 days');
  });

  // What the sandbox stores as the next charge date; each label (i18n.test.ts) says the same span.
  it.each([
    ['BA', 182, 'bi-annual: twice a year, the same span as HA'],
    ['BM', 60, 'every two months'],
    ['BW', 14, 'every two weeks'],
    ['AN', 365, 'annual'],
    ['MO', 30, 'monthly'],
    ['WE', 7, 'weekly'],
    ['DA', 1, 'daily'],
    ['HA', 182, 'every six months'],
    ['OS', 168, '168 days'],
    ['EF', 84, '84 days'],
    ['TE', 28, '28 days'],
    ['QU', 91, 'quarterly'],
    ['XX', 30, 'an unknown code is charged monthly'],
  ])('a %s subscription is next charged %s days on (%s)', (period, days, _why) => {
    const from = Date.UTC(2026, 0, 1);
    expect(c.nextSubscriptionChargeDate(period, from).getTime() - from).toBe(days * 24 * 3600 * 1000);
  });

  it('"Duplicate window 5 minutes": a payment 5 minutes ago is inside it, one a millisecond earlier is not', () => {
    const now = Date.UTC(2026, 0, 1, 12, 5);
    const start = c.duplicateWindowStart(now).getTime();
    expect(Date.UTC(2026, 0, 1, 12, 0) >= start).toBe(true);
    expect(Date.UTC(2026, 0, 1, 12, 0) - 1 >= start).toBe(false);
    expect(Math.abs(c.duplicateWindowStart().getTime() - (Date.now() - 5 * 60_000))).toBeLessThan(1000);
  });

  it('"Pending cash transactions last 24 hours": a voucher issued at noon expires at noon the next day', () => {
    expect(c.cashVoucherExpiresAt(Date.UTC(2026, 0, 1, 12)).toISOString()).toBe('2026-01-02T12:00:00.000Z');
    expect(Math.abs(c.cashVoucherExpiresAt().getTime() - (Date.now() + 86_400_000))).toBeLessThan(1000);
  });

  it.each([
    [0, 'user-0'],
    [0.5, 'user-4999999'],
    [0.9999999999, 'user-9999998'],
  ])('"Random login for registration: \'user-\' plus a number below 9999999" (random %s)', (r, login) => {
    expect(c.randomRegistrationLogin(() => r)).toBe(login);
  });

  it('random login with the default generator matches the pattern', () => {
    expect(c.randomRegistrationLogin()).toMatch(/^user-\d{1,7}$/);
  });

  it('"Languages es and en" and the sandbox keys', () => {
    expect(c.LANGUAGES).toEqual(['es', 'en']);
    expect(c.DEFAULT_LANGUAGE).toBe('es');
    expect(c.SANDBOX_CLIENT_KEY).toBe('pk_sandbox_pasarela_guest');
    expect(c.SANDBOX_WIDGET_KEY).toBe('pk_sandbox_pasarela_widget');
    expect(c.DATE_FORMAT).toBe('dd/MM/yyyy');
    expect(c.TIME_FORMAT).toBe('HH:mm:ss');
    expect(c.UNEXPLAINED_CONSTANTS).toEqual([600, 530, 3006, 6259]);
  });
});
