import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CampaignBridgeSchema, activeCampaign, campaignAmountError } from './campaign';

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
