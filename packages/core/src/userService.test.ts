import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { UserServiceSchema, buildPayActivityPayload, sortUserServices, userServiceNumber } from './userService';

describe('SPEC 3 "User service: idUsrService, nameOrAlias, processData list (entry id NUMBER holds the number)"', () => {
  it.each([
    [[{ id: 'NAME', value: 'Casa' }, { id: 'NUMBER', value: '6111-1111' }], '6111-1111'],
    [[{ id: 'number', value: 61111111 }], '61111111'],
    [[{ id: 'NUMBER', value: null }], null],
    [[], null],
    [null, null],
  ])('%j -> %s', (processData, number) => {
    expect(userServiceNumber(v.parse(UserServiceSchema, { idUsrService: 1, nameOrAlias: 'x', processData }))).toBe(number);
  });

  it('"sorted by name or alias"', () => {
    const list = ['b', 'Á', 'c'].map((n, i) => v.parse(UserServiceSchema, { idUsrService: i, nameOrAlias: n }));
    expect(sortUserServices(list).map((s) => s.nameOrAlias)).toEqual(['Á', 'b', 'c']);
    // names that differ only in case or accents are the same name: their order is kept
    const same = ['Casa', 'casa', 'cása'].map((n, i) => v.parse(UserServiceSchema, { idUsrService: i, nameOrAlias: n }));
    expect(sortUserServices(same).map((s) => s.nameOrAlias)).toEqual(['Casa', 'casa', 'cása']);
  });
});

describe('SPEC 3 "Pay-activity payload: sourceSearch, idUsrCard, idUsrService, useFunds, txChannel, customFieldValues, activateSubscription"', () => {
  const sub = { idSubscription: 4, subscriptionKey: 'SK' };
  it('pays with a card and activates the subscription', () => {
    const p = buildPayActivityPayload({ sourceSearch: { code: 'x' }, idUsrCard: 9, idUsrService: 2, useFunds: false, subscription: sub });
    expect(p).toEqual({ sourceSearch: { code: 'x' }, idUsrCard: 9, idUsrService: 2, useFunds: false, txChannel: 'PWW', customFieldValues: [], activateSubscription: sub });
  });

  it('SPEC 4 "Paying with balance as a subscription activation is skipped"', () => {
    const p = buildPayActivityPayload({ sourceSearch: {}, idUsrCard: 9, idUsrService: 2, useFunds: true, subscription: sub, txChannel: 'EPR', customFieldValues: [1] });
    expect(p).not.toHaveProperty('activateSubscription');
    expect([p.idUsrCard, p.txChannel, p.customFieldValues]).toEqual([null, 'EPR', [1]]);
  });

  it('a saved card carries the donation in the card payload\'s fields; SPEC 5 "A campaign amount is sent only when both amount and bridge id exist"', () => {
    const base = { sourceSearch: {}, idUsrCard: 9, idUsrService: 0 };
    const rows: [boolean, { amount: number | null; idCampaignBridge: number | string | null } | null, object | null][] = [
      [false, { amount: 5, idCampaignBridge: 3 }, { amountToCampaign: 5, idCampaignBridge: 3 }],
      [false, { amount: 2.505, idCampaignBridge: '3' }, { amountToCampaign: 2.51, idCampaignBridge: '3' }],
      [false, { amount: 5, idCampaignBridge: null }, null],
      [false, { amount: null, idCampaignBridge: 3 }, null],
      [false, { amount: 0, idCampaignBridge: 3 }, null],
      [false, null, null],
      // The balance carries no donation (a donation goes with a card).
      [true, { amount: 5, idCampaignBridge: 3 }, null],
    ];
    for (const [useFunds, campaign, donation] of rows) {
      const p = buildPayActivityPayload({ ...base, useFunds, campaign });
      if (donation) expect(p).toMatchObject(donation);
      else expect([p.amountToCampaign, p.idCampaignBridge]).toEqual([undefined, undefined]);
    }
  });
});
