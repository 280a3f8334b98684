// SPEC 9's constants, units in their names; the rules applying them live in modules named for what they decide.

export const VERSION = '2.219.0';

export const SPLASH_MS = 3000;
export const AMOUNT_LIMIT_CHECK_DELAY_MS = 500;


export const CRYPTO_RATE_FROZEN_MS = 10 * 60 * 1000;
export const YAPPY_PAY_WINDOW_MS = 5 * 60 * 1000;
/** SPEC gives no figure; Nequi's own is a few minutes. */
export const NEQUI_PAY_WINDOW_MS = 2 * 60 * 1000;
export const CASH_PENDING_MS = 24 * 60 * 60 * 1000;
export const DUPLICATE_WINDOW_MS = 5 * 60 * 1000;

export const AMOUNT_DECIMALS = 2;
export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_OFFSET = 0;
export const FULL_USER_SERVICES_LIMIT = 100;

export const PASSWORD_MIN_LENGTH = 8;
export const CVC_LENGTH = 3;
export const CVC_LENGTH_AMEX = 4;
export const DEFAULT_POSTAL_CODE = '0000';
export const DEFAULT_CITY = 'Panama';
export const DEFAULT_ADDRESS = 'Panama';
export const DEFAULT_COUNTRY = 'Panama';
export const DEFAULT_CONCEPT = 'not description';

export const CHANNEL = { checkout: 'CHK', widget: 'PWW', subscription: 'EPR' } as const;

export const PAYMENT_METHOD_IDS = ['card', 'nequi', 'cash', 'clave', 'crypto', 'balance', 'yappy'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

const WIDGET_PAYMENT_TYPES = ['lk', 'slug', 'slugCode', 'subs', 'ps'] as const;
export type WidgetPaymentType = (typeof WIDGET_PAYMENT_TYPES)[number];

export const SANDBOX_CLIENT_KEY = 'pk_sandbox_pasarela_guest';
export const SANDBOX_WIDGET_KEY = 'pk_sandbox_pasarela_widget';

export const TRANSACTION_TYPES = { authCapture: 'AUTH_CAPTURE', auth: 'AUTH', capture: 'CAPTURE' } as const;
export const SERVICE_CODES = { authCapture: 'AUTH_CAP', auth: 'AUTH', capture: 'CAP', subscription: 'REC' } as const;
/** SPEC 9: "The old-version flag is true except for service codes EA and ED." */
export const NEW_VERSION_SERVICE_CODES: readonly string[] = ['EA', 'ED'];

export const THREE_DS_RESULT_TYPE = 'WEB_REDIRECT';
export const FINGERPRINT_INTEGRATION_TYPE = 'FINGER_PRINT';

/** SPEC 9 "Gateway codes: PFW, LK, CLAV variants, CROEM_CLAV, CLAVE." plus SPEC 3's cash gateways. */
export const GATEWAY_CODES = {
  wallet: 'PFW',
  link: 'LK',
  claveCroem: 'CROEM_CLAV',
  clave: 'CLAVE',
  payCash: 'PAYCASH',
  cashPoint: 'PC',
} as const;

export const SUBSCRIPTION_PERIODS = {
  BA: 'bi-annual',
  BM: 'every two months',
  BW: 'every two weeks',
  AN: 'annual',
  MO: 'monthly',
  WE: 'weekly',
  DA: 'daily',
  HA: 'every six months',
  OS: '168 days',
  EF: '84 days',
  TE: '28 days',
  QU: 'quarterly',
} as const;
export type SubscriptionPeriodCode = keyof typeof SUBSCRIPTION_PERIODS;

/**
 * The span between a subscription's charges, as SPEC 9's label names it: a label in months
 * ("monthly", "every two months", "quarterly", "every six months", "annual") is calendar months, on
 * the same day of the month; one in days or weeks is that many days ("28 days" is not "monthly").
 * BA "bi-annual" is twice a year: every six months like HA (docs/spec-decisions.md).
 */
export type SubscriptionSpan = { readonly months: number } | { readonly days: number };
export const SUBSCRIPTION_PERIOD_SPANS: Readonly<Record<SubscriptionPeriodCode, SubscriptionSpan>> = {
  BA: { months: 6 }, BM: { months: 2 }, BW: { days: 14 }, AN: { months: 12 }, MO: { months: 1 }, WE: { days: 7 }, DA: { days: 1 },
  HA: { months: 6 }, OS: { days: 168 }, EF: { days: 84 }, TE: { days: 28 }, QU: { months: 3 },
};

export const RANDOM_LOGIN_PREFIX = 'user-';
export const RANDOM_LOGIN_MAX_EXCLUSIVE = 9_999_999;
export const DEFAULT_HOW_ARRIVE = CHANNEL.widget;
export const SUPPORT_EMAIL = 'soporte@pasarela.test';
