import { describe, expect, it } from 'vitest';
import { cryptoOutcomeOf } from './gatewayOutcomes';

// The payment as it waits now: moved to ETH on ETH, its address the ETH's (docs/methods/crypto.md "Sandbox").
const row = { reference: 'sbxeth_new_coin', details: { currency: 'ETH', network: 'ETH', amountCrypto: 0.01, depositKey: 'PP1:ETH.ETH' } };

describe('cryptoOutcomeOf', () => {
  it.each([
    // [what reached, where, the outcome's paidCrypto (undefined: nothing recorded)]
    ['the whole quote at the payment\'s address', 0.01, 'sbxeth_new_coin', 0.01],
    ['part of it at the payment\'s address', 0.004, 'sbxeth_new_coin', 0.004],
    ['25 USDT at the address from before the coin change', 25, 'sbxeth_old_coin', undefined],
    ['the whole quote at another address', 0.01, 'sbxeth_old_coin', undefined],
    ['nothing at the payment\'s address', 0, 'sbxeth_new_coin', undefined],
  ])('%s', (_case, paidCrypto, address, recorded) => {
    const outcome = cryptoOutcomeOf(row, { address, paidCrypto, senderAddress: 'sbxeth_payer_1' });
    expect(outcome?.details?.['paidCrypto']).toBe(recorded);
  });

  it('a payment whose address is not recorded yet (its address call in doubt) takes the deposit under its key', () => {
    expect(cryptoOutcomeOf({ ...row, reference: null }, { address: 'sbxeth_new_coin', paidCrypto: 0.01, senderAddress: null })?.status).toBe(1);
  });
});
