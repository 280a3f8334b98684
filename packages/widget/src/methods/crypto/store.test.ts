import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { PasarelaError } from '@pasarela/core';
import { testSecurity } from '../../testing/fakePaymentContext';
import type { ApiClient } from '../../api/client';
import type { SavedAttempt } from '../../payments/attemptStore';
import type { AttemptOutcome, LinkFields } from '../../payments/paymentContext';
import type { WatchOptions } from '../../payments/watchPayment';
import type { CryptoAnswer } from './api';
import { amountOwed, isChanging } from './quote';
import type { CryptoPaymentDeps } from './cryptoScreenState';
import { createCryptoStore } from './store';

// the crypto flow's steps (core cryptoFlow.ts): choose the coin, pay, done
const CRYPTO_STEPS = { choose: 1, pay: 2, done: 3 } as const;

const COINS = [
  { label: 'Tether (USDT)', value: 'USDT' },
  { label: 'Bitcoin (BTC)', value: 'BTC' },
  { label: 'XRP (XRP)', value: 'XRP' },
  { label: 'Binance USD (BUSD)', value: 'BUSD' },
];
const NETWORKS: Record<string, Array<{ name: string; network: string }>> = {
  USDT: [{ name: 'Tron (TRC20)', network: 'TRX' }, { name: 'Ethereum (ERC20)', network: 'ETH' }],
  BTC: [{ name: 'Bitcoin', network: 'BTC' }],
};
const LATER = '2026-11-21T12:10:00.000Z';

function answerFor(currency: string, network: string, extra: Partial<CryptoAnswer> = {}): CryptoAnswer {
  const rate = currency === 'BTC' ? 50_000 : 1;
  return {
    id: 'OP1', codOper: 'OP1', status: 'SUCCESS', txStatus: 0, currency, network, address: `sbx${network.toLowerCase()}_abc`,
    amountUSD: 39.59, amountCrypto: Number((39.59 / rate).toFixed(8)), rate, rateExpiresAt: LATER, paidCrypto: 0, underpaid: false,
    cryptoNetwork: NETWORKS[currency] ?? [], authStatus: 'PENDING', senderAddress: null, cancelled: false, refund: null, ...extra,
  };
}

type Handler = (body: unknown, query?: Record<string, string | number>) => unknown;

function setup(options: { saved?: SavedAttempt; routes?: Record<string, Handler> } = {}) {
  const calls: Array<{ method: string; path: string; body?: unknown; query?: Record<string, string | number> | undefined }> = [];
  const routes: Record<string, Handler> = {
    'GET crypto/coins': () => ({ coins: COINS }),
    'GET crypto/networks': (_b, q) => ({ coin: String(q?.['coin']), networks: NETWORKS[String(q?.['coin'])] ?? [] }),
    'POST crypto/payments': (body) => {
      const { currency, network } = body as { currency: string; network: string };
      return answerFor(currency, network);
    },
    'PUT crypto/payments/OP1': (body) => {
      const { currency, network } = body as { currency: string; network: string };
      return answerFor(currency, network, { rateExpiresAt: '2026-11-21T12:11:00.000Z' });
    },
    'GET crypto/payments/OP1': () => answerFor('USDT', 'TRX'),
    ...options.routes,
  };
  const call = async <S extends v.GenericSchema>(method: string, path: string, schema: S, body?: unknown, query?: Record<string, string | number>) => {
    calls.push({ method, path, body, query });
    const handler = routes[`${method} ${path}`];
    if (!handler) throw new PasarelaError({ code: 'error_to_load', category: 'api', status: 404 });
    return v.parse(schema, handler(body, query));
  };
  const api: ApiClient = {
    get: (path, schema, query) => call('GET', path, schema, undefined, query),
    post: (path, schema, body) => call('POST', path, schema, body),
    put: (path, schema, body) => call('PUT', path, schema, body),
  };
  const watchers: Array<WatchOptions<CryptoAnswer>> = [];
  const reports: AttemptOutcome[] = [];
  const receipts: string[] = [];
  let saved: SavedAttempt | null = options.saved ?? null;
  let track = 0;
  const fields: LinkFields = {
    code: 'LINK1', amount: 37, taxAmount: 2.59, email: 'ana@example.com', phone: '', concept: 'Café', description: 'Café', txChannel: 'PWW',
  };
  const payment: CryptoPaymentDeps = {
    entry: { method: 'crypto', linkType: 'LK', gatewayCode: 'CRYPTO', idMerchantService: 12, txLimit: 0 },
    linkFields: () => fields,
    security: testSecurity,
    report: (outcome) => void reports.push(outcome),
    showReceipt: (codOper) => void receipts.push(codOper),
    pushUrl: (codOper) => `ws://checkout.test/api/v1/push?codOper=${codOper}`,
    memory: () => ({ load: () => saved, save: (s) => void (saved = s), clear: () => void (saved = null) }),
    services: { api, newTrackId: () => `track-${++track}` },
    data: { info: { idMerchant: 7 } },
  };
  const wait = vi.fn(async () => {});
  const stores = createCryptoStore(payment, api, {
    wait,
    watch: <T,>(opts: WatchOptions<T>) => {
      watchers.push(opts as unknown as WatchOptions<CryptoAnswer>);
      return () => {};
    },
  });
  const crypto = () => stores.state.getState();
  const attempt = () => stores.attempt.getState();
  const count = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).length;
  /** The chain (or the socket) telling the watcher something. */
  const watcherSays = (answer: CryptoAnswer) => watchers.at(-1)?.onAnswer(answer);
  const choose = async (currency: string, network?: string) => {
    await crypto().chooseCoin(currency);
    if (network) crypto().chooseNetwork(network);
  };
  return { ...stores, crypto, attempt, calls, count, watchers, watcherSays, reports, receipts, choose, wait, saved: () => saved };
}

describe('crypto store: coins and networks (SPEC 3 coin ordering, SPEC 7 calls)', () => {
  it('loads the coins in core\'s order, BUSD at the position of XRP', async () => {
    const t = setup();
    await t.crypto().start();
    expect(t.crypto().flow.coins.map((c) => c.value)).toEqual(['USDT', 'BTC', 'BUSD', 'XRP']);
  });

  it('loads the networks of the chosen coin and picks a coin\'s only network itself', async () => {
    const t = setup();
    await t.crypto().start();
    await t.choose('USDT');
    expect(t.crypto()).toMatchObject({ networksFor: 'USDT', flow: { currency: 'USDT', network: null } });
    expect(t.crypto().flow.networks.map((n) => n.network)).toEqual(['TRX', 'ETH']);
    await t.choose('BTC');
    expect(t.crypto().flow).toMatchObject({ currency: 'BTC', network: 'BTC' });
  });

  it('ignores the networks of a coin the payer already moved away from', async () => {
    const t = setup();
    const first = t.crypto().chooseCoin('USDT');
    const second = t.crypto().chooseCoin('BTC');
    await Promise.all([first, second]);
    expect(t.crypto()).toMatchObject({ networksFor: 'BTC', flow: { currency: 'BTC', network: 'BTC' } });
  });

  it('SERVICE_UNAVAILABLE on the coins shows the catalogue message; trying again loads them', async () => {
    let down = true;
    const t = setup({
      routes: {
        'GET crypto/coins': () => {
          if (down) throw new PasarelaError({ code: 'SERVICE_UNAVAILABLE', category: 'api', status: 404 });
          return { coins: COINS };
        },
      },
    });
    await t.crypto().start();
    expect(t.crypto().failure).toEqual({ key: 'service_unavailable' });
    expect(t.crypto().flow.error).toEqual({ codeError: 'SERVICE_UNAVAILABLE', message: 'Error on load' });
    down = false;
    await t.crypto().tryAgain();
    expect(t.crypto().failure).toBeNull();
    expect(t.crypto().flow.coins).toHaveLength(4);
  });
});

describe('crypto store: one payment per click', () => {
  it('asks for the coin, then the network, before sending anything', async () => {
    const t = setup();
    await t.crypto().start();
    expect(await t.crypto().submit()).toBe('currency');
    await t.choose('USDT');
    expect(await t.crypto().submit()).toBe('network');
    expect(t.crypto().missing).toBe('network');
    expect(t.count('POST', 'crypto/payments')).toBe(0);
  });

  it('a double click creates one payment with one trackId and shows its quote (step 2, rate frozen)', async () => {
    const t = setup();
    await t.crypto().start();
    await t.choose('USDT', 'TRX');
    await Promise.all([t.crypto().submit(), t.crypto().submit()]);
    expect(t.count('POST', 'crypto/payments')).toBe(1);
    expect(t.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      codeProcess: 'LINK1', currency: 'USDT', network: 'TRX', cryptoNetwork: 'Tron (TRC20)', amountUSD: 37, idMerchant: 7, idMerchantService: 12,
      email: 'ana@example.com', trackId: 'track-1',
    });
    expect(t.attempt()).toMatchObject({ phase: 'waiting', codOper: 'OP1' });
    expect(t.crypto().quote).toMatchObject({ address: 'sbxtrx_abc', amountCrypto: 39.59 });
    expect(t.crypto().flow).toMatchObject({ step: CRYPTO_STEPS.pay, rateFrozenAt: Date.parse(LATER) - 600_000 });
    expect(t.saved()).toEqual({ codOper: 'OP1', deadline: null });
    // Nothing is finished yet: the merchant page hears nothing.
    expect(t.reports).toEqual([]);
  });

  it('a payment the server did not accept (REQUESTED_QR_FAILED) shows the message, tells the parent, and a retry is a new request', async () => {
    let status = 'FAILED';
    const t = setup({ routes: { 'POST crypto/payments': () => answerFor('USDT', 'TRX', { status }) } });
    await t.choose('USDT', 'TRX');
    await t.crypto().submit();
    expect(t.attempt()).toMatchObject({ phase: 'failed', message: { key: 'requested_qr_failed' } });
    expect(t.crypto().flow.error?.codeError).toBe('REQUESTED_QR_FAILED');
    expect(t.reports).toEqual([{ result: 'DECLINED', codOper: '', type: 'CRYPTO', reason: 'requested_qr_failed' }]);
    status = 'SUCCESS';
    await t.crypto().submit();
    expect(t.attempt().phase).toBe('waiting');
    expect(t.calls.filter((c) => c.method === 'POST').map((c) => (c.body as { trackId: string }).trackId)).toEqual(['track-1', 'track-2']);
  });

  it('619 on creating the payment shows payment_expired and goes back to the choice', async () => {
    const t = setup({
      routes: { 'POST crypto/payments': () => { throw new PasarelaError({ code: '619', category: 'api', status: 400 }); } },
    });
    await t.choose('BTC');
    await t.crypto().submit();
    expect(t.attempt().message).toEqual({ key: 'payment_expired' });
    expect(t.crypto().flow).toMatchObject({ step: CRYPTO_STEPS.choose, error: { codeError: '619' } });
  });
});

describe('crypto store: after the payment exists', () => {
  async function paying(options: Parameters<typeof setup>[0] = {}) {
    const t = setup(options);
    await t.crypto().start();
    await t.choose('USDT', 'TRX');
    await t.crypto().submit();
    return t;
  }

  it('another coin moves the same payment with the PUT, never a second POST; late answers for the old coin are ignored', async () => {
    const t = await paying();
    await t.choose('BTC');
    expect(isChanging(t.crypto())).toBe(true);
    await t.crypto().submit();
    expect(t.count('POST', 'crypto/payments')).toBe(1);
    expect(t.calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', path: 'crypto/payments/OP1', body: { currency: 'BTC', network: 'BTC' }, query: undefined }]);
    expect(t.crypto().quote).toMatchObject({ currency: 'BTC', amountCrypto: 0.0007918 });
    expect(isChanging(t.crypto())).toBe(false);
    t.watcherSays(answerFor('USDT', 'TRX', { paidCrypto: 1 }));
    expect(t.crypto().quote?.currency).toBe('BTC');
  });

  it('going back to the payment\'s coin brings its network back and needs no request', async () => {
    const t = await paying();
    await t.choose('BTC');
    await t.choose('USDT');
    expect(t.crypto().flow).toMatchObject({ currency: 'USDT', network: 'TRX' });
    expect(isChanging(t.crypto())).toBe(false);
    await t.crypto().submit();
    expect(t.count('PUT', 'crypto/payments/OP1')).toBe(0);
  });

  it('an under-payment shows what is still owed, keeps waiting and locks the coin', async () => {
    const t = await paying();
    t.watcherSays(answerFor('USDT', 'TRX', { paidCrypto: 20, underpaid: true }));
    const quote = t.crypto().quote;
    expect(quote && amountOwed(quote)).toBe(19.59);
    expect(t.attempt().phase).toBe('waiting');
    await t.choose('BTC');
    expect(t.crypto().flow.currency).toBe('USDT');
  });

  it('the chain confirming shows the receipt and tells the merchant page APPROVED (SPEC 4 crypto: 1 approved)', async () => {
    const t = await paying();
    t.watcherSays(answerFor('USDT', 'TRX', { txStatus: 1, paidCrypto: 39.59 }));
    expect(t.attempt().phase).toBe('approved');
    expect(t.reports).toEqual([{ result: 'APPROVED', codOper: 'OP1', type: 'CRYPTO' }]);
    expect(t.receipts).toEqual(['OP1']);
    expect(t.crypto().flow.step).toBe(CRYPTO_STEPS.done);
    expect(t.saved()).toBeNull();
  });

  it('after the 10 minutes the new quote replaces the old one and the payer is told', async () => {
    const next = '2026-11-21T12:20:00.000Z';
    const bodies: unknown[] = [];
    const t = await paying({ routes: { 'PUT crypto/payments/OP1': (body) => {
      bodies.push(body);
      return answerFor('USDT', 'TRX', { rateExpiresAt: next, amountCrypto: 39.6 });
    } } });
    expect(t.crypto().requoted).toBe(false);
    await t.crypto().requote();
    expect(t.crypto()).toMatchObject({ requoted: true, quote: { amountCrypto: 39.6, rateExpiresAt: next } });
    // The renewal is the explicit PUT of the payment's own coin and network, never a read.
    expect(bodies).toEqual([{ currency: 'USDT', network: 'TRX' }]);
    expect(t.count('GET', 'crypto/payments/OP1')).toBe(0);
    expect(t.wait).not.toHaveBeenCalled();
  });

  it('a re-quote asked a little early (device clock ahead) asks again until the server quotes anew', async () => {
    const answers = [answerFor('USDT', 'TRX'), answerFor('USDT', 'TRX', { rateExpiresAt: '2026-11-21T12:20:00.000Z' })];
    const t = await paying({ routes: { 'PUT crypto/payments/OP1': () => answers.shift() ?? answerFor('USDT', 'TRX') } });
    await t.crypto().requote();
    expect(t.count('PUT', 'crypto/payments/OP1')).toBe(2);
    expect(t.wait).toHaveBeenCalledTimes(1);
    expect(t.crypto().requoted).toBe(true);
  });

  it('619 on a change drops the payment: payment_expired, back to the choice, the next click makes a new one', async () => {
    const t = await paying({
      routes: { 'PUT crypto/payments/OP1': () => { throw new PasarelaError({ code: '619', category: 'api', status: 400 }); } },
    });
    await t.choose('BTC');
    await t.crypto().submit();
    expect(t.crypto()).toMatchObject({ failure: { key: 'payment_expired' }, quote: null, flow: { step: CRYPTO_STEPS.choose, currency: 'BTC' } });
    expect(t.attempt().phase).toBe('idle');
    await t.crypto().submit();
    expect(t.count('POST', 'crypto/payments')).toBe(2);
  });

  it('a click on the change before the new coin\'s networks arrive waits for them and moves the payment to its only network', async () => {
    const t = await paying();
    const networks = t.crypto().chooseCoin('BTC');
    expect(t.crypto().flow).toMatchObject({ currency: 'BTC', network: null });
    expect(await t.crypto().submit()).toBeNull();
    await networks;
    expect(t.crypto().missing).toBeNull();
    expect(t.calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', path: 'crypto/payments/OP1', body: { currency: 'BTC', network: 'BTC' }, query: undefined }]);
    expect(t.crypto().quote).toMatchObject({ currency: 'BTC', network: 'BTC' });
  });

  it('a double click on the change sends one PUT', async () => {
    const t = await paying();
    await t.choose('BTC');
    await Promise.all([t.crypto().submit(), t.crypto().submit()]);
    expect(t.count('PUT', 'crypto/payments/OP1')).toBe(1);
  });

  it('cancel leaves the payment and keeps the payer\'s choice', async () => {
    const t = await paying();
    t.crypto().cancel();
    // Nothing received: one click, no question, nothing owed.
    expect(t.crypto().confirmingCancel).toBe(false);
    expect(t.count('POST', 'crypto/payments/OP1/cancel')).toBe(0);
    expect(t.attempt().phase).toBe('idle');
    expect(t.crypto()).toMatchObject({ quote: null, flow: { currency: 'USDT', network: 'TRX', step: CRYPTO_STEPS.choose } });
    expect(t.saved()).toBeNull();
  });
});

describe('crypto store: cancelling after an under-payment (issue "Money is never wrong")', () => {
  const REFUND = { coin: 'USDT', network: 'TRX', amount: 20, to: 'sbxtrx_payer_1', status: 'pending' as const, refundedAt: null };
  const cancelledAnswer = () => answerFor('USDT', 'TRX', { paidCrypto: 20, underpaid: true, authStatus: 'CANCELLED', cancelled: true, refund: REFUND });

  async function underpaid(routes: Record<string, Handler> = {}) {
    const t = setup({ routes: { 'POST crypto/payments/OP1/cancel': () => cancelledAnswer(), ...routes } });
    await t.crypto().start();
    await t.choose('USDT', 'TRX');
    await t.crypto().submit();
    t.watcherSays(answerFor('USDT', 'TRX', { paidCrypto: 20, underpaid: true, authStatus: 'UNDERPAID', senderAddress: 'sbxtrx_payer_1' }));
    return t;
  }

  it('asks first; keeping on paying closes the question and changes nothing', async () => {
    const t = await underpaid();
    t.crypto().cancel();
    expect(t.crypto().confirmingCancel).toBe(true);
    expect(t.attempt().phase).toBe('waiting');
    t.crypto().keepPaying();
    expect(t.crypto().confirmingCancel).toBe(false);
    expect(t.attempt().phase).toBe('waiting');
    expect(t.count('POST', 'crypto/payments/OP1/cancel')).toBe(0);
    expect(t.reports).toEqual([]);
  });

  it('confirmed: one cancel call with confirmRefund, the refund screen, the merchant page hears DECLINED with the reason', async () => {
    const t = await underpaid();
    t.crypto().cancel();
    await Promise.all([t.crypto().confirmCancel(), t.crypto().confirmCancel()]);
    expect(t.calls.filter((c) => c.path === 'crypto/payments/OP1/cancel').map((c) => c.body)).toEqual([{ confirmRefund: true }]);
    expect(t.crypto()).toMatchObject({ confirmingCancel: false, cancelling: false, cancelled: { refund: REFUND } });
    expect(t.attempt().phase).toBe('idle');
    expect(t.reports).toEqual([{ result: 'DECLINED', codOper: 'OP1', type: 'CRYPTO', reason: 'crypto_refund_pending' }]);
    expect(t.receipts).toEqual([]);
    expect(t.saved()).toBeNull();
    // The watcher seeing the cancellation late adds nothing.
    t.watcherSays(cancelledAnswer());
    expect(t.reports).toHaveLength(1);
    t.crypto().closeRefund();
    expect(t.crypto().cancelled).toBeNull();
  });

  it('a cancellation the server refuses (paid meanwhile) keeps the payment watched and says why', async () => {
    const t = await underpaid({
      'POST crypto/payments/OP1/cancel': () => { throw new PasarelaError({ code: 'request_already_paid', category: 'api', status: 409 }); },
    });
    t.crypto().cancel();
    await t.crypto().confirmCancel();
    expect(t.crypto()).toMatchObject({ confirmingCancel: false, cancelled: null, failure: { key: 'request_already_paid' } });
    expect(t.attempt().phase).toBe('waiting');
    expect(t.reports).toEqual([]);
  });

  it('cancelled in another tab: the watcher ends the wait, the refund screen shows, the merchant page hears it once', async () => {
    const t = await underpaid();
    t.watcherSays(cancelledAnswer());
    expect(t.crypto().cancelled).toMatchObject({ refund: REFUND });
    expect(t.reports).toEqual([{ result: 'DECLINED', codOper: 'OP1', type: 'CRYPTO', reason: 'crypto_refund_pending' }]);
  });
});

describe('crypto store: a reload while waiting', () => {
  it('follows the same payment and shows its coin and network without paying again', async () => {
    const t = setup({ saved: { codOper: 'OP1', deadline: null } });
    expect(t.attempt()).toMatchObject({ phase: 'waiting', codOper: 'OP1' });
    await t.crypto().start();
    t.watcherSays(answerFor('USDT', 'ETH'));
    expect(t.crypto()).toMatchObject({ networksFor: 'USDT', flow: { currency: 'USDT', network: 'ETH' }, quote: { network: 'ETH' } });
    expect(t.crypto().flow.coins).toHaveLength(4);
    expect(t.count('POST', 'crypto/payments')).toBe(0);
  });
});
