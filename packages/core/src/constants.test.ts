import { describe, expect, it } from 'vitest';
import * as c from './constants';
import { cashVoucherExpiresAt } from './cash';
import { cvcLengthFor } from './cards';
import { randomRegistrationLogin } from './profile';
import { isOldVersionServiceCode } from './serviceCodes';
import { nextSubscriptionChargeDate } from './subscriptionSchedule';
import { rateFrozenRemainingMs } from './crypto';
import { formatPanamaDate, formatPanamaTime } from './panamaTime';
import { roundAmount } from './money';
import { isValidationChargeInRange, validationChargeRange } from './validationTx';
import { isStrongPassword, passwordPolicyIssues } from './passwords';
import { searchActivityQuery } from './paymentCode';
import { yappyRemainingMs } from './steps';

// SPEC 9 "Business constants and limits". Where core applies a constant, the rule is checked
// through the function that applies it, at the SPEC's edge (so a changed constant or a changed
// comparison fails); a value SPEC gives as a literal (a wire code, a format, a delay the widget
// waits) is compared with the SPEC text quoted next to it.
describe('SPEC 9 "Business constants and limits"', () => {
  it.each([
    ['Splash 3000 ms', c.SPLASH_MS, 3000],
    ['Amount limit check delay 500 ms', c.AMOUNT_LIMIT_CHECK_DELAY_MS, 500],
    ['Version 2.219.0', c.VERSION, '2.219.0'],
    ['3DS result type WEB_REDIRECT', c.THREE_DS_RESULT_TYPE, 'WEB_REDIRECT'],
    ['Fingerprint integration type FINGER_PRINT', c.FINGERPRINT_INTEGRATION_TYPE, 'FINGER_PRINT'],
    ['Default postal code 0000', c.DEFAULT_POSTAL_CODE, '0000'],
    ['Full user services limit 100', c.FULL_USER_SERVICES_LIMIT, 100],
    ['SPEC 3 registration "howArrive (default PWW)"', c.DEFAULT_HOW_ARRIVE, 'PWW'],
    ['SPEC 5 "Defaults when missing: ... city, address and country Panama"', [c.DEFAULT_CITY, c.DEFAULT_ADDRESS, c.DEFAULT_COUNTRY], ['Panama', 'Panama', 'Panama']],
    ['SPEC 5 "Defaults when missing: ... concept \'not description\'"', c.DEFAULT_CONCEPT, 'not description'],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('"Random validation charge $1.00 to $3.00": both ends are in, a cent outside is not', () => {
    expect([0.99, 1, 1.01, 2.99, 3, 3.01].map((amount) => isValidationChargeInRange(amount))).toEqual([false, true, true, true, true, false]);
    expect(validationChargeRange('USD')).toEqual({ min: 1, max: 3 });
  });

  it('the same charge on a card in pesos: whole pesos from 1.000 to 3.000, both ends in (docs/sandbox.md "Random-charge validation")', () => {
    expect([999, 1000, 1001, 2999, 3000, 3001].map((amount) => isValidationChargeInRange(amount, 'COP'))).toEqual([false, true, true, true, true, false]);
    expect(validationChargeRange('COP')).toEqual({ min: 1000, max: 3000 });
  });

  it('"Crypto rate frozen 10 minutes": a millisecond is left at 9:59.999, none at 10:00', () => {
    const quoted = Date.UTC(2026, 0, 1, 12);
    expect(rateFrozenRemainingMs(quoted, quoted)).toBe(600_000);
    expect(rateFrozenRemainingMs(quoted, quoted + 600_000 - 1)).toBe(1);
    expect(rateFrozenRemainingMs(quoted, quoted + 600_000)).toBe(0);
    expect(rateFrozenRemainingMs(quoted, quoted + 3_600_000)).toBe(0);
  });

  it('"Yappy gives 5 minutes to pay": a millisecond is left at 4:59.999, none at 5:00', () => {
    const started = Date.UTC(2026, 0, 1, 12);
    expect(yappyRemainingMs(started, started)).toBe(300_000);
    expect(yappyRemainingMs(started, started + 300_000 - 1)).toBe(1);
    expect(yappyRemainingMs(started, started + 300_000)).toBe(0);
    expect(yappyRemainingMs(started, started + 3_600_000)).toBe(0);
  });

  it.each([
    [10.124, 10.12],
    [10.125, 10.13],
    [0.005, 0.01],
    [1.1, 1.1],
  ])('"Two-digit rounding for amounts": %s -> %s', (amount, rounded) => {
    expect(c.AMOUNT_DECIMALS).toBe(2);
    expect(roundAmount(amount)).toBe(rounded);
  });

  it('"Search activity page size 10, offset 0": the search query asks for 10 from the first', () => {
    expect(searchActivityQuery({ stationId: 7 })).toMatchObject({ limit: 10, offset: 0 });
    expect([c.SEARCH_PAGE_SIZE, c.SEARCH_OFFSET]).toEqual([10, 0]);
  });

  it('"Password minimum 8": 8 characters with every policy pass, 7 do not', () => {
    expect(isStrongPassword('Aa1!aaaa')).toBe(true);
    expect(isStrongPassword('Aa1!aaa')).toBe(false);
    expect(passwordPolicyIssues('Aa1!aaa')).toEqual(['validate_characters_min']);
    expect(c.PASSWORD_MIN_LENGTH).toBe(8);
  });

  it('"CVC 3 (Amex 4)": the length the form asks of each brand', () => {
    expect([cvcLengthFor('VISA'), cvcLengthFor('MC'), cvcLengthFor(null), cvcLengthFor('AMEX')]).toEqual([3, 3, 3, 4]);
    expect([c.CVC_LENGTH, c.CVC_LENGTH_AMEX]).toEqual([3, 4]);
  });

  it('"Date format day/month/year, time hours:minutes:seconds", in Panama time (UTC-5)', () => {
    // 03:04:05 UTC on 2 January is 22:04:05 on 1 January in Panama.
    const instant = Date.UTC(2026, 0, 2, 3, 4, 5);
    expect(formatPanamaDate(instant)).toBe('01/01/2026');
    expect(formatPanamaTime(instant)).toBe('22:04:05');
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
    expect(isOldVersionServiceCode(code)).toBe(old);
  });

  it('"Payment method ids: card, nequi, cash, clave, crypto, balance, yappy"', () => {
    expect(c.PAYMENT_METHOD_IDS).toEqual(['card', 'nequi', 'cash', 'clave', 'crypto', 'balance', 'yappy']);
  });

  it('"Gateway codes: PFW, LK, CLAV variants, CROEM_CLAV, CLAVE"', () => {
    expect(c.GATEWAY_CODES).toMatchObject({ wallet: 'PFW', link: 'LK', claveCroem: 'CROEM_CLAV', clave: 'CLAVE' });
  });

  it('"Subscription period labels": the twelve codes', () => {
    expect(Object.keys(c.SUBSCRIPTION_PERIODS)).toEqual(['BA', 'BM', 'BW', 'AN', 'MO', 'WE', 'DA', 'HA', 'OS', 'EF', 'TE', 'QU']);
    // "BA bi-annual, BM every two months, BW every two weeks, AN annual, MO monthly, WE weekly, DA
    // daily, HA every six months, OS 168 days, EF 84 days, TE 28 days, QU quarterly"
    const spec =
      'BA bi-annual, BM every two months, BW every two weeks, AN annual, MO monthly, WE weekly, DA daily, HA every six months, OS 168 days, EF 84 days, TE 28 days, QU quarterly';
    expect(Object.entries(c.SUBSCRIPTION_PERIODS).map(([code, label]) => `${code} ${label}`).join(', ')).toBe(spec);
  });

  // What the sandbox stores as the next charge date (subscriptionSchedule.test.ts: the calendar's
  // month ends); each label (i18n.test.ts) says the same span.
  it.each([
    ['BA', '2026-07-15T14:00:00.000Z', 'bi-annual: twice a year, six months like HA'],
    ['BM', '2026-03-15T14:00:00.000Z', 'every two months'],
    ['BW', '2026-01-29T14:00:00.000Z', 'every two weeks: 14 days'],
    ['AN', '2027-01-15T14:00:00.000Z', 'annual: the same day next year'],
    ['MO', '2026-02-15T14:00:00.000Z', 'monthly: the same day next month'],
    ['WE', '2026-01-22T14:00:00.000Z', 'weekly: 7 days'],
    ['DA', '2026-01-16T14:00:00.000Z', 'daily'],
    ['HA', '2026-07-15T14:00:00.000Z', 'every six months'],
    ['OS', '2026-07-02T14:00:00.000Z', '168 days'],
    ['EF', '2026-04-09T14:00:00.000Z', '84 days'],
    ['TE', '2026-02-12T14:00:00.000Z', '28 days'],
    ['QU', '2026-04-15T14:00:00.000Z', 'quarterly: three months'],
    ['XX', '2026-02-15T14:00:00.000Z', 'an unknown code is charged monthly'],
  ])('a %s subscription started 15 Jan 2026 is next charged %s (%s)', (period, next, _why) => {
    expect(nextSubscriptionChargeDate(period, Date.parse('2026-01-15T14:00:00Z')).toISOString()).toBe(next);
  });

  it('"Pending cash transactions last 24 hours": a voucher issued at noon expires at noon the next day', () => {
    expect(cashVoucherExpiresAt(Date.UTC(2026, 0, 1, 12)).toISOString()).toBe('2026-01-02T12:00:00.000Z');
    expect(Math.abs(cashVoucherExpiresAt().getTime() - (Date.now() + 86_400_000))).toBeLessThan(1000);
  });

  it.each([
    [0, 'user-0'],
    [0.5, 'user-4999999'],
    [0.9999999999, 'user-9999998'],
  ])('"Random login for registration: \'user-\' plus a number below 9999999" (random %s)', (r, login) => {
    expect(randomRegistrationLogin(() => r)).toBe(login);
  });

  it('random login with the default generator matches the pattern', () => {
    expect(randomRegistrationLogin()).toMatch(/^user-\d{1,7}$/);
  });

  it('"Languages es and en" and the sandbox keys', () => {
    expect(c.LANGUAGES).toEqual(['es', 'en']);
    expect(c.DEFAULT_LANGUAGE).toBe('es');
    expect(c.SANDBOX_CLIENT_KEY).toBe('pk_sandbox_pasarela_guest');
    expect(c.SANDBOX_WIDGET_KEY).toBe('pk_sandbox_pasarela_widget');
  });
});
