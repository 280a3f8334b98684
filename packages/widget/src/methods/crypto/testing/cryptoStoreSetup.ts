import { vi } from 'vitest';
import * as v from 'valibot';
import { PasarelaError } from '@pasarela/core';
import { testSecurity } from '../../../testing/fakePaymentContext';
import type { ApiClient } from '../../../api/client';
import type { SavedAttempt } from '../../../payments/attemptStore';
import type { AttemptOutcome, LinkFields } from '../../../payments/paymentContext';
import type { WatchOptions } from '../../../payments/watchPayment';
import type { CryptoAnswer } from '../api';
import type { CryptoPaymentDeps } from '../cryptoScreenState';
import { createCryptoStore } from '../store';

export const CRYPTO_STEPS = { choose: 1, pay: 2, done: 3 } as const;

export const COINS = [
  { label: 'Tether (USDT)', value: 'USDT' },
  { label: 'Bitcoin (BTC)', value: 'BTC' },
  { label: 'XRP (XRP)', value: 'XRP' },
  { label: 'Binance USD (BUSD)', value: 'BUSD' },
];
export const NETWORKS: Record<string, Array<{ name: string; network: string }>> = {
  USDT: [{ name: 'Tron (TRC20)', network: 'TRX' }, { name: 'Ethereum (ERC20)', network: 'ETH' }],
  BTC: [{ name: 'Bitcoin', network: 'BTC' }],
};
export const LATER = '2026-11-21T12:10:00.000Z';

export function answerFor(currency: string, network: string, extra: Partial<CryptoAnswer> = {}): CryptoAnswer {
  const rate = currency === 'BTC' ? 50_000 : 1;
  return {
    id: 'OP1', codOper: 'OP1', status: 'SUCCESS', txStatus: 0, currency, network, address: `sbx${network.toLowerCase()}_abc`,
    amountUSD: 39.59, amountCrypto: Number((39.59 / rate).toFixed(8)), rate, rateExpiresAt: LATER, paidCrypto: 0, underpaid: false,
    cryptoNetwork: NETWORKS[currency] ?? [], authStatus: 'PENDING', senderAddress: null, cancelled: false, refund: null, paidBy: null, ...extra,
  };
}

export type Handler = (body: unknown, query?: Record<string, string | number>) => unknown;

export function setup(options: { saved?: SavedAttempt; routes?: Record<string, Handler> } = {}) {
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
  const watcherSays = (answer: CryptoAnswer) => watchers.at(-1)?.onAnswer(answer);
  const choose = async (currency: string, network?: string) => {
    await crypto().chooseCoin(currency);
    if (network) crypto().chooseNetwork(network);
  };
  return { ...stores, crypto, attempt, calls, count, watchers, watcherSays, reports, receipts, choose, wait, saved: () => saved };
}

export async function paying(options: Parameters<typeof setup>[0] = {}) {
  const t = setup(options);
  await t.crypto().start();
  await t.choose('USDT', 'TRX');
  await t.crypto().submit();
  return t;
}
