// SPEC 9: business constants and limits, with units in their names.

export const VERSION = '2.219.0';

export const SPLASH_MS = 3000;
export const AMOUNT_LIMIT_CHECK_DELAY_MS = 500;

export const VALIDATION_CHARGE_MIN_DOLLARS = 1;
export const VALIDATION_CHARGE_MAX_DOLLARS = 3;

export const CRYPTO_RATE_FROZEN_MS = 10 * 60 * 1000;
export const YAPPY_PAY_WINDOW_MS = 5 * 60 * 1000;
export const CASH_PENDING_MS = 24 * 60 * 60 * 1000;
export const DUPLICATE_WINDOW_MS = 5 * 60 * 1000;

export const AMOUNT_DECIMALS = 2;
export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_OFFSET = 0;
export const FULL_USER_SERVICES_LIMIT = 100;

export const PASSWORD_MIN_LENGTH = 8;
export const CVC_LENGTH = 3;
export const CVC_LENGTH_AMEX = 4;
export const EXPIRY_FORMAT = 'MM/YY';
export const DEFAULT_POSTAL_CODE = '0000';
export const DEFAULT_CITY = 'Panama';
export const DEFAULT_ADDRESS = 'Panama';
export const DEFAULT_COUNTRY = 'Panama';
export const DEFAULT_CONCEPT = 'not description';

/** SPEC 9 "Channel codes". */
export const CHANNEL = { checkout: 'CHK', widget: 'PWW', subscription: 'EPR' } as const;
export type ChannelCode = (typeof CHANNEL)[keyof typeof CHANNEL];

/** SPEC 9 "Payment method ids". */
export const PAYMENT_METHOD_IDS = ['card', 'nequi', 'cash', 'clave', 'crypto', 'balance', 'yappy'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** SPEC 2 "Widget payment types". */
export const WIDGET_PAYMENT_TYPES = ['lk', 'slug', 'slugCode', 'subs', 'ps'] as const;
export type WidgetPaymentType = (typeof WIDGET_PAYMENT_TYPES)[number];

/** SPEC 9: "Link expiry time zone: Panama." */
export const PANAMA_TIME_ZONE = 'America/Panama';
