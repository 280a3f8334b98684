import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CampaignBridgeSchema, activeCampaign, campaignAmountError, donationAmountMessage } from './campaign';

// a bridge is active when activeCampaign picks it
const isCampaignActive = (bridge: Parameters<typeof activeCampaign>[0][number], now: Date) => activeCampaign([bridge], now) === bridge;

const bridge = (patch: Record<string, unknown> = {}) =>
  v.parse(CampaignBridgeSchema, {
    idBridge: 1,
    status: 1,
    startDate: '2026-11-01T00:00:00Z',
    endDate: '2026-12-01T00:00:00Z',
    campaign: { defaultValues: [1, '5', 10], maxAmount: 100, minAmount: 1, description: 'Teletón', title: 'Dona', logo: null },
    ...patch,
  });
const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('SPEC 4 "Campaign: active when status is 1 and current time is within start and end dates (end may be null)"', () => {
  it.each([
    [{}, true, 'within dates'],
    [{ status: 0 }, false, 'status not 1'],
    [{ startDate: '2026-11-22T00:00:00Z' }, false, 'not started'],
    [{ endDate: '2026-11-20T00:00:00Z' }, false, 'ended'],
    [{ endDate: null }, true, 'open end'],
    [{ endDate: '' }, true, 'empty end is open'],
    [{ startDate: null }, false, 'no start'],
    [{ startDate: 'soon' }, false, 'unreadable start'],
    [{ startDate: NOW, endDate: NOW }, true, 'bounds are inclusive (epoch ms)'],
  ])('%j -> %s (%s)', (patch, active, _why) => {
    expect(isCampaignActive(bridge(patch), new Date(NOW))).toBe(active);
  });

  it('"the first match is used"', () => {
    const list = [bridge({ idBridge: 1, status: 0 }), bridge({ idBridge: 2 }), bridge({ idBridge: 3 })];
    expect(activeCampaign(list, NOW)?.idBridge).toBe(2);
    expect(activeCampaign([bridge({ status: 2 })], NOW)).toBeNull();
  });

  it('parses the default values as numbers', () => {
    expect(bridge().campaign.defaultValues).toEqual([1, 5, 10]);
  });

  it.each([
    [0, null], [1, null], [5, null], [100, null], [0.5, 'amount_lt_min_message'], [100.01, 'amount_exceeds_limit_allowed'], [-1, 'invalid_amount'], [Number.NaN, 'invalid_amount'],
  ])('donation %s -> %s', (amount, key) => {
    expect(campaignAmountError(amount, bridge().campaign)).toBe(key);
  });

  it('no limits means any positive donation', () => {
    expect(campaignAmountError(1e6, bridge({ campaign: { maxAmount: null, minAmount: null } }).campaign)).toBeNull();
    // a maximum of 0 is no maximum (as a merchant's limit of 0 is no limit, SPEC 5)
    expect(campaignAmountError(1e6, bridge({ campaign: { maxAmount: 0, minAmount: null } }).campaign)).toBeNull();
  });
});

// SPEC 3 Campaign bridge "campaign (maxAmount, minAmount)"; PRODUCT: errors said where the payer acted, in
// words that tell how to fix them. A donation the campaign refuses names the campaign's limits, never the
// merchant's ("El monto excede el límite permitido por el comercio" was wrong for a donation).
describe('the payer\'s words for a donation the campaign refuses', () => {
  const limits = (minAmount: number | null, maxAmount: number | null) => ({ minAmount, maxAmount });
  it.each([
    [5, limits(1, 500), null, 'within the limits'],
    [1, limits(1, 500), null, 'the minimum itself'],
    [500, limits(1, 500), null, 'the maximum itself'],
    [0.5, limits(1, 500), 'donation_between', 'under the minimum: the range'],
    [600, limits(1, 500), 'donation_between', 'over the maximum: the range'],
    [Number.NaN, limits(1, 500), 'donation_between', 'no number typed ("abc", "0,5"): the range'],
    [0, limits(1, 500), 'donation_between', '0 typed as another amount is no donation'],
    [-3, limits(1, 500), 'donation_between', 'negative'],
    [0.5, limits(1, null), 'donation_at_least', 'a minimum alone'],
    [0.5, limits(1, 0), 'donation_at_least', 'a maximum of 0 is none'],
    [600, limits(null, 500), 'donation_at_most', 'a maximum alone'],
    [600, limits(0, 500), 'donation_at_most', 'a minimum of 0 is none'],
    [Number.NaN, limits(null, null), 'donation_not_a_number', 'no limits: only a number is asked for'],
    [1e6, limits(null, null), null, 'no limits: any positive donation'],
  ])('%s with %j -> %s (%s)', (amount, campaign, key, _why) => {
    expect(donationAmountMessage(amount, campaign)).toBe(key);
  });
});
