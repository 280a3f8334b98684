import { describe, expect, it } from 'vitest';
import type { CampaignBridge } from '@pasarela/core';
import { createDonationStore } from './donationStore';

const bridge: CampaignBridge = {
  idBridge: 9, status: 1, startDate: '2026-01-01T00:00:00Z', endDate: null,
  campaign: { title: 'Becas', description: '', logo: '', minAmount: 1, maxAmount: 500, defaultValues: [1, 5, 10] },
};

describe('the donation added to a card payment (SPEC 3 amountToCampaign, idCampaignBridge)', () => {
  it('no donation by default: nothing is sent', () => {
    expect(createDonationStore(bridge, 'USD').getState().donation()).toBeNull();
  });

  // Issue 93: a peso campaign's amount is typed as Colombians write it, its thousands grouped.
  it.each([['50.000', 50_000], ['50,000', 50_000], ['50000', 50_000]])('in pesos, another amount %j is sent as %s pesos', (text, amount) => {
    const pesos: CampaignBridge = { ...bridge, campaign: { ...bridge.campaign, minAmount: 1000, maxAmount: 4_000_000, defaultValues: [5000] } };
    const store = createDonationStore(pesos, 'COP');
    store.getState().choose('other');
    store.getState().setOther(text);
    store.getState().checkOther();
    expect(store.getState().error).toBeNull();
    expect(store.getState().donation()).toEqual({ amount, idCampaignBridge: 9 });
  });

  it('in pesos, another amount with centavos is refused before anything is sent', () => {
    const pesos: CampaignBridge = { ...bridge, campaign: { ...bridge.campaign, minAmount: 1000, maxAmount: 4_000_000, defaultValues: [5000] } };
    const store = createDonationStore(pesos, 'COP');
    store.getState().choose('other');
    store.getState().setOther('5000.5');
    store.getState().checkOther();
    expect(store.getState().error).toBe('donation_between');
    expect(() => store.getState().donation()).toThrow();
  });

  it('a suggested value is sent with the bridge id', () => {
    const store = createDonationStore(bridge, 'USD');
    store.getState().choose('5');
    expect(store.getState().donation()).toEqual({ amount: 5, idCampaignBridge: 9 });
  });

  // The campaign's limits named, never the merchant's ("El monto excede el límite permitido por el comercio").
  it.each([
    ['0.5', 'donation_between'],
    ['0,5', 'donation_between'],
    ['500.01', 'donation_between'],
    ['600', 'donation_between'],
    ['abc', 'donation_between'],
  ])('another amount %j is refused with %s once the payer leaves the field, and when paying', (text, key) => {
    const store = createDonationStore(bridge, 'USD');
    store.getState().choose('other');
    store.getState().setOther(text);
    // Not while typing: the payer may not be done.
    expect(store.getState().error).toBeNull();
    store.getState().checkOther();
    expect(store.getState().error).toBe(key);
    expect(() => store.getState().donation()).toThrow();
  });

  it.each([
    ['a minimum of 1: "0" on the way to "0.5"... then "0.50" is still under it', ['0', '0.', '0.5'], 'donation_between'],
    ['"2." on the way to "2.5": no error, and the decimals typed count', ['2', '2.', '2.5'], null],
  ])('typed key by key, %s', (_case, keys, atBlur) => {
    const store = createDonationStore(bridge, 'USD');
    store.getState().choose('other');
    for (const text of keys) {
      store.getState().setOther(text);
      expect(store.getState().error).toBeNull();
    }
    store.getState().checkOther();
    expect(store.getState().error).toBe(atBlur);
  });

  it('an error said is checked again at each keystroke: it goes once the amount is right', () => {
    const store = createDonationStore(bridge, 'USD');
    store.getState().choose('other');
    store.getState().setOther('0.5');
    store.getState().checkOther();
    expect(store.getState().error).toBe('donation_between');
    store.getState().setOther('0.4');
    expect(store.getState().error).toBe('donation_between');
    store.getState().setOther('2.');
    expect(store.getState().error).toBeNull();
    expect(store.getState().donation()).toEqual({ amount: 2, idCampaignBridge: 9 });
  });

  // A thousands separator is no amount in dollars (core readTypedDollars): "1.500" would be 1.50, "1.000" 1.00.
  it.each(['1.500', '1.000', '7.255'])('another amount with three decimals, %j, is refused at its field, never counted as cents', (text) => {
    const store = createDonationStore(bridge, 'USD');
    store.getState().choose('other');
    store.getState().setOther(text);
    expect(store.getState().amount).toBe(0);
    store.getState().checkOther();
    expect(store.getState().error).toBe('donation_between');
    expect(() => store.getState().donation()).toThrow();
  });

  // The Pay button and the summary say what is charged: a donation the campaign refuses is not, even
  // before its error is said (it was: "Pagar $688.28" while 600 was typed against a maximum of 500).
  it.each([
    ['600', 0],
    ['0.5', 0],
    ['abc', 0],
    ['', 0],
    ['2.', 2],
    ['500', 500],
  ])('while %j is typed the payment counts a donation of %s', (text, counted) => {
    const store = createDonationStore(bridge, 'USD');
    store.getState().choose('other');
    store.getState().setOther(text);
    expect(store.getState().error).toBeNull();
    expect(store.getState().amount).toBe(counted);
  });

  it('a suggested value counts at once; none counts nothing', () => {
    const store = createDonationStore(bridge, 'USD');
    store.getState().choose('10');
    expect(store.getState().amount).toBe(10);
    store.getState().choose('none');
    expect(store.getState().amount).toBe(0);
  });

  it('Pay checks the amount before anything is sent: refused, it is said at its field (by the focus, not as it appears), which is focused on request', () => {
    const store = createDonationStore(bridge, 'USD');
    store.getState().choose('other');
    store.getState().setOther('600');
    expect(store.getState().checkBeforePay()).toBe(false);
    expect(store.getState()).toMatchObject({ error: 'donation_between', saidByPay: true, focusRequest: null });
    store.getState().focusAmount();
    const first = store.getState().focusRequest;
    expect(first).not.toBeNull();
    // A second Pay moves the focus again.
    store.getState().focusAmount();
    expect(store.getState().focusRequest).not.toBe(first);
    // Typing again is the payer's: its message is live again, and fixed it goes.
    store.getState().setOther('50');
    expect(store.getState()).toMatchObject({ error: null, saidByPay: false, amount: 50 });
    expect(store.getState().checkBeforePay()).toBe(true);
  });

  it('another amount chosen and left empty is refused by Pay; no donation or a suggested one passes', () => {
    const store = createDonationStore(bridge, 'USD');
    expect(store.getState().checkBeforePay()).toBe(true);
    store.getState().choose('other');
    expect(store.getState().checkBeforePay()).toBe(false);
    expect(store.getState().error).toBe('donation_between');
    store.getState().choose('5');
    expect(store.getState().checkBeforePay()).toBe(true);
  });
});
