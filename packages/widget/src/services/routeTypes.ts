import type { CheckoutType, PaymentMethodId } from '@pasarela/core';

// Types only: none of their users needs the table itself.

export type { CheckoutType };

/** A checkout's address, read: what it opens, on which method. */
export interface CheckoutRoute {
  name: 'checkout';
  type: CheckoutType;
  code: string;
  method?: PaymentMethodId;
}

export type Route =
  | CheckoutRoute
  | { name: 'receipt'; codOper: string }
  | { name: 'claveReturn'; codOper: string }
  | { name: 'responseMessage'; code: string; link?: string; linkType?: string }
  | { name: 'validateTx'; code: string }
  | { name: 'campaignReceipt'; codOper: string }
  | { name: 'emailPayment'; token: string }
  | { name: 'txResult'; codOper: string }
  | { name: 'returnPage'; codOper: string }
  | { name: 'appMarket' }
  | { name: 'codeEntry' }
  | { name: 'notFound' }
  /** `back`: the checkout `next` opens (signup or recovery from its Saldo login), the payment to go back to. */
  | { name: 'wallet'; screen: WalletScreenName; next: string | null; back: CheckoutRoute | null }
  | { name: 'redirect'; to: string };

export type WalletScreenName = 'login' | 'signup' | 'recoverypassword' | 'home' | 'addcard' | 'qrsuccess';

export type ScreenRouteName = Exclude<Route['name'], 'redirect'>;
export type RouteOf<N extends Route['name']> = Extract<Route, { name: N }>;
