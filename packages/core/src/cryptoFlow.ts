import type { Coin, CryptoPayment, CryptoProduct } from './crypto';

/** 1 choose coin and network, 2 pay (QR shown, rate frozen), 3 confirmed. */
const CRYPTO_STEPS = { choose: 1, pay: 2, done: 3 } as const;
export type CryptoActionName = 'initialize' | 'fetchCoins' | 'updatePayment' | 'processPayment';

export interface CryptoState {
  step: number;
  loading: boolean;
  error: { codeError: string; message: string } | null;
  product: CryptoProduct | null;
  coins: Coin[];
  networks: Array<{ name: string; network: string }>;
  network: string | null;
  currency: string | null;
  payment: CryptoPayment | null;
  tx: unknown;
  rateFrozenAt: number | null;
}

export type CryptoAction =
  | { type: 'start'; action: CryptoActionName }
  | { type: 'failure'; action: CryptoActionName; codeError: string; message: string }
  | { type: 'initializeSuccess'; product: CryptoProduct; payment: CryptoPayment }
  | { type: 'fetchCoinsSuccess'; coins: Coin[]; networks?: Array<{ name: string; network: string }> }
  | { type: 'select'; currency?: string | null; network?: string | null }
  | { type: 'updatePaymentSuccess'; payment: CryptoPayment; at: number }
  | { type: 'processPaymentSuccess'; tx: unknown }
  | { type: 'paymentExpired' }
  | { type: 'reset' };

export const initialCryptoState: CryptoState = {
  step: CRYPTO_STEPS.choose, loading: false, error: null, product: null, coins: [], networks: [], network: null, currency: null,
  payment: null, tx: null, rateFrozenAt: null,
};

export function cryptoReducer(state: CryptoState, action: CryptoAction): CryptoState {
  switch (action.type) {
    case 'start':
      return { ...state, loading: true, error: null };
    case 'failure':
      return { ...state, loading: false, error: { codeError: action.codeError, message: action.message } };
    case 'initializeSuccess':
      return { ...state, loading: false, product: action.product, payment: action.payment, networks: action.payment.cryptoNetwork ?? [] };
    case 'fetchCoinsSuccess':
      return { ...state, loading: false, coins: action.coins, networks: action.networks ?? state.networks };
    case 'select': {
      const currency = action.currency === undefined ? state.currency : action.currency;
      // A new coin clears the network chosen for the old one.
      const network = action.network !== undefined ? action.network : currency !== state.currency ? null : state.network;
      return { ...state, currency, network };
    }
    case 'updatePaymentSuccess':
      return { ...state, loading: false, payment: action.payment, step: CRYPTO_STEPS.pay, rateFrozenAt: action.at };
    case 'processPaymentSuccess':
      return { ...state, loading: false, tx: action.tx, step: CRYPTO_STEPS.done };
    case 'paymentExpired':
      return { ...state, step: CRYPTO_STEPS.choose, loading: false, rateFrozenAt: null, error: { codeError: '619', message: 'payment_expired' } };
    case 'reset':
      return initialCryptoState;
  }
}
