import { describe, expect, it } from 'vitest';
import { cryptoReducer, initialCryptoState } from './cryptoFlow';

// the steps: choose the coin, pay, done
const CRYPTO_STEPS = { choose: 1, pay: 2, done: 3 } as const;
import type { CryptoAction } from './cryptoFlow';

const product = { idMerchant: 7, idMerchantService: 3, txLimit: 0, gatewayCode: 'CRYPTO', amount: 10, taxAmount: 0, description: '', email: '', phone: '', isLk: true, lang: 'es', code: 'LK-1', customFields: [], returnUrlString: '', additionalParamsUrlString: '', type: 'LK', txChannel: 'PWW' };
const payment = { status: 'SUCCESS', cryptoNetwork: [{ name: 'Tron', network: 'TRX' }] };
const run = (actions: CryptoAction[]) => actions.reduce(cryptoReducer, initialCryptoState);

describe('SPEC 4 "Crypto: Actions: initialize, fetch coins and networks, update payment, process payment; each has success and failure outcomes"', () => {
  it('initialize -> success loads product, payment and its networks', () => {
    const s = run([{ type: 'start', action: 'initialize' }, { type: 'initializeSuccess', product, payment }]);
    expect(s).toMatchObject({ loading: false, product, payment, networks: payment.cryptoNetwork, step: CRYPTO_STEPS.choose });
  });

  it('"State holds step, loading, error with codeError"', () => {
    const s = run([{ type: 'start', action: 'initialize' }, { type: 'failure', action: 'initialize', codeError: 'SERVICE_UNAVAILABLE', message: 'service_unavailable' }]);
    expect(s).toMatchObject({ loading: false, error: { codeError: 'SERVICE_UNAVAILABLE', message: 'service_unavailable' } });
    expect(cryptoReducer(s, { type: 'start', action: 'initialize' }).error).toBeNull();
  });

  it('coins, coin and network choice, update payment (rate frozen), process payment', () => {
    const coins = [{ label: 'USDT', value: 'USDT' }];
    const s = run([
      { type: 'fetchCoinsSuccess', coins },
      { type: 'select', currency: 'USDT' },
      { type: 'select', network: 'TRX' },
      { type: 'start', action: 'updatePayment' },
      { type: 'updatePaymentSuccess', payment, at: 1000 },
    ]);
    expect(s).toMatchObject({ coins, currency: 'USDT', network: 'TRX', step: CRYPTO_STEPS.pay, rateFrozenAt: 1000 });
    expect(cryptoReducer(s, { type: 'processPaymentSuccess', tx: { codOper: 'OP' } })).toMatchObject({ step: CRYPTO_STEPS.done, tx: { codOper: 'OP' } });
    expect(cryptoReducer(s, { type: 'select', currency: 'BTC' }).network).toBeNull();
    expect(cryptoReducer(s, { type: 'select', currency: 'USDT' }).network).toBe('TRX');
    expect(cryptoReducer(s, { type: 'fetchCoinsSuccess', coins, networks: [] }).networks).toEqual([]);
  });

  it.each([
    ['initializeSuccess', { type: 'initializeSuccess', product, payment: { status: 'SUCCESS' } }, { networks: [] }],
    ['fetchCoinsSuccess', { type: 'fetchCoinsSuccess', coins: [] }, {}],
    ['updatePaymentSuccess', { type: 'updatePaymentSuccess', payment, at: 1 }, {}],
    ['processPaymentSuccess', { type: 'processPaymentSuccess', tx: { codOper: 'OP' } }, {}],
    ['paymentExpired', { type: 'paymentExpired' }, {}],
  ] as Array<[string, CryptoAction, object]>)('"loading" while an action runs, and not after its outcome (%s)', (_name, outcome, more) => {
    const started = cryptoReducer(initialCryptoState, { type: 'start', action: 'initialize' });
    expect(started.loading).toBe(true);
    expect(cryptoReducer(started, outcome)).toMatchObject({ loading: false, ...more });
  });

  it('SPEC 4 "Payment expired (code 619) resets the step"; reset clears all', () => {
    const s = run([{ type: 'updatePaymentSuccess', payment, at: 1 }, { type: 'paymentExpired' }]);
    expect(s).toMatchObject({ step: CRYPTO_STEPS.choose, rateFrozenAt: null, error: { codeError: '619', message: 'payment_expired' } });
    expect(cryptoReducer(s, { type: 'reset' })).toEqual(initialCryptoState);
  });
});
