import { checkoutEntry, PAYMENT_METHOD_IDS, type PaymentMethodId } from '@pasarela/core';
import type { CheckoutRoute, Route, RouteOf, ScreenRouteName, WalletScreenName } from '../services/routeTypes';
import { decodeSegments, isSlug, RECEIPT_PATH, SEGMENT } from '../services/route';
import { checkoutModule } from '../checkout/checkoutModule';
import type { ScreenModule } from '../services/screen';
import { loadReceipts, loadedReceipts } from '../receipts/loadReceipts';
import type { Services } from '../services/services';

export type { CheckoutType, Route, RouteOf, ScreenRouteName, WalletScreenName } from '../services/routeTypes';

// SPEC 2 routes. The router (App.tsx) reads both tables; it knows no route by name.

const WALLET_SCREENS: readonly WalletScreenName[] = ['login', 'signup', 'recoverypassword', 'home', 'addcard', 'qrsuccess'];
const LOGIN_REQUIRED: readonly WalletScreenName[] = ['home', 'addcard'];
export const WALLET_LOGIN_PATH = '/pf/widget/login';

export function safeNext(next: string | null): string | null {
  return next !== null && next.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : null;
}

/** The checkout `next` opens, in any of its address forms: a payment to go back to (not the wallet's own home). */
function checkoutBack(next: string | null, here: URL): CheckoutRoute | null {
  if (next === null) return null;
  const route = parseRoute(new URL(next, here));
  return route.name === 'checkout' ? route : null;
}

interface AddressRule {
  match(segments: readonly string[], params: URLSearchParams, url: URL): Route | null;
}

function widgetEntry(params: URLSearchParams, method?: PaymentMethodId): Route {
  const entry = checkoutEntry(params);
  return entry ? { name: 'checkout', ...entry, ...(method ? { method } : {}) } : { name: 'notFound' };
}

/** `method=balance`: the method the checkout opens on (the way back from the wallet's signup or recovery, a refusal's form). */
function methodOf(params: URLSearchParams): PaymentMethodId | undefined {
  const method = params.get('method') ?? '';
  return (PAYMENT_METHOD_IDS as readonly string[]).includes(method) ? (method as PaymentMethodId) : undefined;
}

const oper = (params: URLSearchParams) => params.get('Oper')?.trim() ?? params.get('codOper')?.trim() ?? '';
const exactly = (segments: readonly string[], ...want: string[]) =>
  segments.length === want.length && want.every((w, i) => segments[i] === w);

export const ADDRESS_RULES: readonly AddressRule[] = [
  {
    // /pf/widget/{login,signup,recoverypassword,home,addcard,qrsuccess}
    match: (s, p, url) => {
      const screen = WALLET_SCREENS.find((name) => exactly(s, 'pf', 'widget', name));
      const next = safeNext(p.get('next'));
      return screen ? { name: 'wallet', screen, next, back: checkoutBack(next, url) } : null;
    },
  },
  // /pf/widget
  { match: (s, p) => (exactly(s, 'pf', 'widget') ? widgetEntry(p, methodOf(p)) : null) },
  // /pf/widget/clave
  { match: (s, p) => (exactly(s, 'pf', 'widget', 'clave') ? widgetEntry(p, 'clave') : null) },
  // /pf/widget/crypto
  { match: (s, p) => (exactly(s, 'pf', 'widget', 'crypto') ? widgetEntry(p, 'crypto') : null) },
  {
    // The bank sends the payer back after Clave: /pf/widget/returnclave, /pf/widget/returnclavesdk
    match: (s, p) => {
      if (!exactly(s, 'pf', 'widget', 'returnclave') && !exactly(s, 'pf', 'widget', 'returnclavesdk')) return null;
      const codOper = oper(p);
      return SEGMENT.test(codOper) ? { name: 'claveReturn', codOper } : { name: 'notFound' };
    },
  },
  {
    // /pf/responseMessage, /pf/responseMessage/session
    match: (s, p) =>
      exactly(s, 'pf', 'responseMessage') || exactly(s, 'pf', 'responseMessage', 'session')
        ? { name: 'responseMessage', code: p.get('code') ?? '', ...(p.get('link') ? { link: p.get('link') ?? '', linkType: p.get('type') ?? '' } : {}) }
        : null,
  },
  {
    // Drawn by the server with the page, never blank on the way to the receipt: /pf/default-receipt/processing
    match: (s, p) => {
      if (!exactly(s, 'pf', 'default-receipt', 'processing')) return null;
      const codOper = oper(p);
      return SEGMENT.test(codOper) ? { name: 'receipt', codOper } : { name: 'notFound' };
    },
  },
  {
    // /pf/default-receipt/{codOper}
    match: (s) => (s.length === 3 && s[0] === 'pf' && s[1] === 'default-receipt' && SEGMENT.test(s[2] ?? '') ? { name: 'receipt', codOper: s[2] ?? '' } : null),
  },
  {
    // /pf/receipt/campaign
    match: (s, p) => {
      if (!exactly(s, 'pf', 'receipt', 'campaign')) return null;
      const codOper = oper(p);
      return SEGMENT.test(codOper) ? { name: 'campaignReceipt', codOper } : { name: 'notFound' };
    },
  },
  {
    // /pf/validateTx (the operation code arrives in ?code=)
    match: (s, p) => {
      if (!exactly(s, 'pf', 'validateTx')) return null;
      const code = p.get('code')?.trim() ?? '';
      return SEGMENT.test(code) ? { name: 'validateTx', code } : { name: 'notFound' };
    },
  },
  {
    // /pf/emailPayment (the request's token arrives in ?code=)
    match: (s, p) => {
      if (!exactly(s, 'pf', 'emailPayment')) return null;
      const token = p.get('code')?.trim() ?? '';
      return SEGMENT.test(token) ? { name: 'emailPayment', token } : { name: 'notFound' };
    },
  },
  {
    // /pf/tx-result, /pf/returnpage
    match: (s, p) => {
      const name = exactly(s, 'pf', 'tx-result') ? 'txResult' : exactly(s, 'pf', 'returnpage') ? 'returnPage' : null;
      if (!name) return null;
      const codOper = oper(p);
      return SEGMENT.test(codOper) ? { name, codOper } : { name: 'notFound' };
    },
  },
  // /pf/deeplink/market
  { match: (s) => (exactly(s, 'pf', 'deeplink', 'market') ? { name: 'appMarket' } : null) },
  {
    // /stationPayment (the station in ?code= or ?stationId=)
    match: (s, p) => (exactly(s, 'stationPayment') ? widgetEntry(new URLSearchParams({ type: 'ps', code: p.get('code') ?? p.get('stationId') ?? '' })) : null),
  },
  // Without a link code the main page asks the payer for it (SPEC 2's /404 rule is the widget entry's).
  {
    // /
    match: (s, p) => {
      if (s.length !== 0) return null;
      return p.has('code') ? widgetEntry(new URLSearchParams({ type: p.get('type') ?? 'lk', code: p.get('code') ?? '' })) : { name: 'codeEntry' };
    },
  },
  // /{slug}
  { match: (s, p) => (s.length === 1 && isSlug(s[0]) ? { name: 'checkout', type: 'slug', code: s[0], method: methodOf(p) } : null) },
  {
    // /{slug}/receive
    match: (s, p) => {
      if (s.length !== 2 || !isSlug(s[0]) || s[1] !== 'receive') return null;
      const codOper = oper(p);
      return SEGMENT.test(codOper) ? { name: 'receipt', codOper } : { name: 'notFound' };
    },
  },
  {
    // /{slug}/{code}
    match: (s, p) => (s.length === 2 && isSlug(s[0]) && SEGMENT.test(s[1] ?? '') ? { name: 'checkout', type: 'slugCode', code: `${s[0]}/${s[1]}`, method: methodOf(p) } : null),
  },
];

export function parseRoute(url: URL): Route {
  const segments = decodeSegments(url.pathname);
  if (segments === null) return { name: 'notFound' };
  for (const rule of ADDRESS_RULES) {
    const route = rule.match(segments, url.searchParams, url);
    if (route) return route;
  }
  return { name: 'notFound' };
}

export interface ScreenEntry<N extends ScreenRouteName> {
  guard?: (route: RouteOf<N>, services: Services) => string | null;
  /** Rendered by the server when the page's first-screen answers hold all its data. */
  prerender?: boolean;
  load: () => Promise<ScreenModule<RouteOf<N>>>;
  /** Then the screen shows in the render that goes to it, with no loading frame between. */
  loadedNow?: () => ScreenModule<RouteOf<N>> | undefined;
}

type ScreenTable = { [N in ScreenRouteName]: ScreenEntry<N> };

export const SCREENS: ScreenTable = {
  // The first screen of nearly every visit: in the entry chunk.
  checkout: { prerender: true, load: () => Promise.resolve(checkoutModule) },
  // Where a 3DS challenge returns: its first screen is in the page.
  receipt: { prerender: true, load: () => loadReceipts().then((m) => m.receiptModule), loadedNow: () => loadedReceipts()?.receiptModule },
  // Shows the receipt it leads to in place, so both chunks come in one wave.
  claveReturn: {
    prerender: true,
    load: () => Promise.all([import('../methods/clave/returnModule'), loadReceipts()]).then(([m, receipts]) => m.claveReturnModule(receipts)),
  },
  // The message pages (an expired link, a station not found, page not found): reached from a checkout that failed to load.
  responseMessage: { load: () => import('../pages/message/messageModules').then((m) => m.responseMessageModule) },
  campaignReceipt: { load: () => import('../pages/campaignReceipt/module').then((m) => m.campaignReceiptModule) },
  validateTx: { load: () => import('../pages/validateTx/module').then((m) => m.validateTxModule) },
  emailPayment: { load: () => import('../pages/emailPayment/module').then((m) => m.emailPaymentModule) },
  txResult: { load: () => import('../pages/txResult/module').then((m) => m.txResultModule) },
  returnPage: { load: () => import('../pages/txResult/module').then((m) => m.returnPageModule) },
  appMarket: { load: () => import('../pages/appMarket/module').then((m) => m.appMarketModule) },
  codeEntry: { load: () => import('../pages/codeEntry/module').then((m) => m.codeEntryModule) },
  notFound: { load: () => import('../pages/message/messageModules').then((m) => m.notFoundModule) },
  wallet: {
    // SPEC 2 "Login-required routes redirect to /pf/widget/login, carrying the original location."
    guard: (route, services) => {
      if (!LOGIN_REQUIRED.includes(route.screen) || services.session.getState().login) return null;
      const address = services.address();
      const here = address.pathname + address.search;
      return `${WALLET_LOGIN_PATH}?next=${encodeURIComponent(here)}`;
    },
    load: () => import('../wallet/walletModule').then((m) => m.walletModule),
  },
};

export const usesLaterStyles = (route: Route) => route.name !== 'checkout';

export const routeKey = (route: Route) => JSON.stringify(route);

export function screenEntry<N extends ScreenRouteName>(name: N): ScreenEntry<N> {
  return SCREENS[name];
}
