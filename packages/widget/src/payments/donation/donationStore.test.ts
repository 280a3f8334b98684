import { describe, expect, it } from 'vitest';
import type { CampaignBridge } from '@pasarela/core';
import { createDonationStore } from './donationStore';

const bridge: CampaignBridge = {
  idBridge: 9, status: 1, startDate: '2026-01-01T00:00:00Z', endDate: null,
  campaign: { title: 'Becas', description: '', logo: '', minAmount: 1, maxAmount: 500, defaultValues: [1, 5, 10] },
};

describe('the donation added to a card payment (SPEC 3 amountToCampaign, idCampaignBridge)', () => {
  it('no donation by default: nothing is sent', () => {
    expect(createDonationStore(bridge).getState().donation()).toBeNull();
  });

  it('a suggested value is sent with the bridge id', () => {
    const store = createDonationStore(bridge);
    store.getState().choose('5');
    expect(store.getState().donation()).toEqual({ amount: 5, idCampaignBridge: 9 });
  });

  it.each([
    ['0.5', 'amount_lt_min_message'],
    ['500.01', 'amount_exceeds_limit_allowed'],
    ['abc', 'invalid_amount'],
  ])('another amount %j is refused with %s once the payer leaves the field, and when paying', (text, key) => {
    const store = createDonationStore(bridge);
    store.getState().choose('other');
    store.getState().setOther(text);
    // Not while typing: the payer may not be done.
    expect(store.getState().error).toBeNull();
    store.getState().checkOther();
    expect(store.getState().error).toBe(key);
    expect(() => store.getState().donation()).toThrow();
  });

  it.each([
    ['a minimum of 1: "0" on the way to "0.5"... then "0.50" is still under it', ['0', '0.', '0.5'], 'amount_lt_min_message'],
    ['"2." on the way to "2.5": no error, and the decimals typed count', ['2', '2.', '2.5'], null],
  ])('typed key by key, %s', (_case, keys, atBlur) => {
    const store = createDonationStore(bridge);
    store.getState().choose('other');
    for (const text of keys) {
      store.getState().setOther(text);
      expect(store.getState().error).toBeNull();
    }
    store.getState().checkOther();
    expect(store.getState().error).toBe(atBlur);
  });

  it('an error said is checked again at each keystroke: it goes once the amount is right', () => {
    const store = createDonationStore(bridge);
    store.getState().choose('other');
    store.getState().setOther('0.5');
    store.getState().checkOther();
    expect(store.getState().error).toBe('amount_lt_min_message');
    store.getState().setOther('0.4');
    expect(store.getState().error).toBe('amount_lt_min_message');
    store.getState().setOther('2.');
    expect(store.getState().error).toBeNull();
    expect(store.getState().donation()).toEqual({ amount: 2, idCampaignBridge: 9 });
  });

  it('another amount within the limits is rounded to two digits', () => {
    const store = createDonationStore(bridge);
    store.getState().choose('other');
    store.getState().setOther('7.255');
    expect(store.getState().donation()).toEqual({ amount: 7.26, idCampaignBridge: 9 });
  });
});
