import type { CheckoutType, PaymentMethodId } from '@pasarela/core';

// The routes the router knows (SPEC 2 "Routes (exact match)"), as types only: screens, the services
// and the route table (app/routes.ts) all speak of them, and none of them needs the table itself.

export type { CheckoutType };

export type Route =
  /** `method`: the method to show first (the /pf/widget/clave and /pf/widget/crypto entries). */
  | { name: 'checkout'; type: CheckoutType; code: string; method?: PaymentMethodId }
  | { name: 'receipt'; codOper: string }
  /** Back from the bank's Clave page: the payment's result, then its receipt or the form. */
  | { name: 'claveReturn'; codOper: string }
  /** `link` and `linkType`: the link whose page this is (an expired one), to name its shop. */
  | { name: 'responseMessage'; code: string; link?: string; linkType?: string }
  /** SPEC 2 /pf/validateTx: the operation whose random charge the payer confirms. */
  | { name: 'validateTx'; code: string }
  /** SPEC 2 /pf/receipt/campaign: the donation made with the payment `codOper`. */
  | { name: 'campaignReceipt'; codOper: string }
  /** SPEC 2 /pf/emailPayment: the e-mailed request's token (its link's ?code=). */
  | { name: 'emailPayment'; token: string }
  /** SPEC 2 /pf/tx-result and /pf/returnpage: the operation whose result is shown. */
  | { name: 'txResult'; codOper: string }
  | { name: 'returnPage'; codOper: string }
  /** SPEC 2 /pf/deeplink/market. */
  | { name: 'appMarket' }
  /** SPEC 2 "/" with no payment code: the payer types it (a code in the address opens the checkout). */
  | { name: 'codeEntry' }
  | { name: 'notFound' }
  /** The wallet (SPEC 2 widget routes); `next`: where a login returns to (the guarded address). */
  | { name: 'wallet'; screen: WalletScreenName; next: string | null }
  /** Not a screen: the router replaces the address with `to` and routes again. */
  | { name: 'redirect'; to: string };

export type WalletScreenName = 'login' | 'signup' | 'recoverypassword' | 'home' | 'addcard' | 'qrsuccess';

export type ScreenRouteName = Exclude<Route['name'], 'redirect'>;
export type RouteOf<N extends Route['name']> = Extract<Route, { name: N }>;
