import { describe, expect, it } from 'vitest';
import { stationPaymentInfo, stationTakesPayerAmount, subscriptionPaymentInfo, subscriptionPeriodCode } from './checkoutTargets';

const station = { idMerchant: 7, stationId: 'EST-001', description: 'Caja 1', amount: 15, discount: 0, idUsrOwner: null };

describe('SPEC 3 "Payment-station record: idMerchant, stationId, description, amount, discount" as payment info', () => {
  it.each([
    [15, 0, 15, false],
    [15, 2.5, 12.5, false],
    [0, 0, 0, true],
    [2, 5, 0, true],
  ])('amount %s, discount %s -> pays %s, payer enters the amount: %s', (amount, discount, pays, open) => {
    const s = { ...station, amount, discount };
    expect(stationPaymentInfo(s).amount).toBe(pays);
    expect(stationTakesPayerAmount(s)).toBe(open);
  });
  it('the station id is the code, the description what is paid', () => {
    const info = stationPaymentInfo(station);
    expect(info).toMatchObject({ idMerchant: 7, code: 'EST-001', description: 'Caja 1', txChannel: 'CHK', serviceCode: 'LK' });
  });
});

describe('SPEC 9 "Subscription period labels: BA bi-annual, ... QU quarterly"', () => {
  it.each([
    ['BA', 'BA'], ['BM', 'BM'], ['BW', 'BW'], ['AN', 'AN'], ['MO', 'MO'], ['WE', 'WE'], ['DA', 'DA'],
    ['HA', 'HA'], ['OS', 'OS'], ['EF', 'EF'], ['TE', 'TE'], ['QU', 'QU'], [' mo ', 'MO'], ['XX', null], ['', null], ['toString', null],
  ])('%j -> %j', (period, code) => {
    expect(subscriptionPeriodCode(period)).toBe(code);
  });
});

describe('SPEC 9 "subscription uses REC"; channel EPR (subscription)', () => {
  it('the plan is what is paid, the key the code', () => {
    const info = subscriptionPaymentInfo({
      idSubscription: 3, subscriptionKey: 'SUBDEMO0001', status: 0, email: 'a@b.co', nextChargeAt: null,
      plan: { idPlan: 1, idMerchant: 7, name: 'Plan Mensual', description: 'Café', amount: 19.99, period: 'MO', chargeNow: true },
    });
    expect(info).toMatchObject({ idMerchant: 7, code: 'SUBDEMO0001', description: 'Café', amount: 19.99, email: 'a@b.co', serviceCode: 'REC', txChannel: 'EPR', idSubscription: 3 });
    // a plan without a description is described by its name
    const named = subscriptionPaymentInfo({
      idSubscription: 3, subscriptionKey: 'SUBDEMO0001', status: 0, email: 'a@b.co', nextChargeAt: null,
      plan: { idPlan: 1, idMerchant: 7, name: 'Plan Mensual', description: '', amount: 19.99, period: 'MO', chargeNow: true },
    });
    expect(named.description).toBe('Plan Mensual');
  });

  it.each([
    [true, 19.99, 'SPEC 4 "payments are applied now": the plan amount'],
    [false, 0, 'charged first when due: nothing today (core activationChargeCents)'],
  ])('chargeNow %s: the amount paid today is %s (%s)', (chargeNow, amount, _why) => {
    const info = subscriptionPaymentInfo({
      idSubscription: 3, subscriptionKey: 'SUBDEMO0001', status: 0, email: 'a@b.co', nextChargeAt: null,
      plan: { idPlan: 1, idMerchant: 7, name: 'Plan Mensual', description: 'Café', amount: 19.99, period: 'MO', chargeNow },
    });
    expect(info.amount).toBe(amount);
  });
});
