import { describe, expect, it } from 'vitest';
import { formerDepositOf, strayDepositsOf } from './cryptoReceived';

// docs/methods/crypto.md "Sandbox": each coin change keeps the address it moves from; coins there are the payer's.
const row = {
  reference: 'sbxeth_now',
  details: {
    formerDeposits: {
      sbxeth_usdt: { depositKey: 'PP1:ETH.USDT', coin: 'USDT', network: 'ETH' },
      sbxeth_now: { depositKey: 'PP1:ETH.ETH', coin: 'ETH', network: 'ETH' },
      sbxeth_broken: { coin: 'USDT' },
    },
    strayDeposits: {
      sbxeth_usdt: { coin: 'USDT', network: 'ETH', amount: 25, to: 'sbxeth_payer', status: 'pending' },
      sbxeth_other: { coin: 'USDT', network: 'ETH', amount: 'x', status: 'pending' },
    },
  },
};

describe('formerDepositOf', () => {
  it.each([
    ['an address the payment moved from', 'sbxeth_usdt', { depositKey: 'PP1:ETH.USDT', coin: 'USDT', network: 'ETH' }],
    ['its address now, moved back to: its own, not a former one', 'sbxeth_now', undefined],
    ['an address it never had', 'sbxeth_elsewhere', undefined],
    ['a record without its key: none (nothing sent back from an unknown deposit)', 'sbxeth_broken', undefined],
    ['a name of the object\'s prototype', 'constructor', undefined],
  ])('%s', (_case, address, former) => {
    expect(formerDepositOf(row, address)).toEqual(former);
  });
});

describe('strayDepositsOf', () => {
  it('reads the readable ones, nothing sent yet when not said', () => {
    expect(strayDepositsOf(row)).toEqual([{ address: 'sbxeth_usdt', stray: expect.objectContaining({ amount: 25, to: 'sbxeth_payer', status: 'pending', sent: 0 }) }]);
    expect(strayDepositsOf({ details: {} })).toEqual([]);
  });
});
