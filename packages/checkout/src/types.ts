// The loader's public types: both entries (index.ts, pure.ts) export all of this file.
import type { Appearance, AppearanceVariables, FontFamily, Language, ParentNotification, PaymentMethodId, PaymentResult as WidgetPaymentResult, SerializedError, Theme } from '@pasarela/core';

export type { ParentNotification };

/** Why an attempt failed (`PaymentResult.reason`, on every `error` result): the catalogue `key` and the payer's `text`. */
export type PaymentFailureReason = NonNullable<WidgetPaymentResult['reason']>;

interface FinishedPayment {
  method: PaymentMethodId;
  notification: ParentNotification;
}

/** SPEC 4: APPROVED or PENDING. */
interface SucceededPayment extends FinishedPayment {
  status: 'success';
  reason?: undefined;
}

/** Anything else: the checkout names every failure's reason before it tells the page. */
interface FailedPayment extends FinishedPayment {
  status: 'error';
  reason: PaymentFailureReason;
}

/** A finished attempt as the page hears it: `status === 'error'` narrows to one with its `reason`. */
export type PaymentResult = SucceededPayment | FailedPayment;

/**
 * What your server asks the merchant API for when a payment's outcome never reached the page:
 * `GET /api/v1/merchant/transactions?linkCode={linkCode}&trackId={trackId}` (docs/events.md).
 */
export interface PaymentLookup {
  /** The payment link's code. */
  linkCode: string;
  /** The attempt's idempotency key: the merchant API finds that one payment by it. */
  trackId: string;
}

/**
 * The payer closed the checkout while a payment's first answer was on its way, and no answer came
 * (lost, or none within the wait): the payment may have been charged. Look it up on your server.
 */
export interface UnknownPaymentResult {
  status: 'unknown';
  method: PaymentMethodId;
  lookup: PaymentLookup;
  /** None: the outcome is not known (so `result.reason?.text` reads on any result). */
  reason?: undefined;
}

/** What the `result` event carries: a finished attempt, or one whose outcome the page could not hear. */
export type CheckoutResult = PaymentResult | UnknownPaymentResult;


/** What to open: exactly one target (a slug may come with a code). */
export type CheckoutTarget =
  /** A payment link (type lk). */
  | { code: string; slug?: never; subscriptionKey?: never; stationId?: never }
  /** A payment-link slug page, or with `code` a slug and code page. */
  | { slug: string; code?: string | undefined; subscriptionKey?: never; stationId?: never }
  /** A subscription plan. */
  | { subscriptionKey: string; code?: never; slug?: never; stationId?: never }
  /** A payment station. */
  | { stationId: string; code?: never; slug?: never; subscriptionKey?: never };

export type CheckoutLanguage = Language;

/**
 * The checkout's look (docs/appearance.md): `theme` and `variables`, never raw CSS. A colour missing
 * WCAG 2.2 AA contrast moves to the nearest shade that meets it, with one console warning.
 */
export type CheckoutAppearance = Appearance;
/** `appearance.variables`: colours (`#rgb`, `#rrggbb`, `rgb()`, `hsl()`), lengths (`px`, `rem`) and a font. */
export type CheckoutAppearanceVariables = AppearanceVariables;
/** `appearance.theme`: `'light'`, `'dark'` or `'auto'` (follows the payer's `prefers-color-scheme`). */
export type CheckoutTheme = Theme;
/** `appearance.variables.fontFamily`: one of the families the checkout has, never a URL. */
export type CheckoutFontFamily = FontFamily;

/** Why the checkout closed: `handle.close()`, the payer (close button or Escape), or a newer open(). */
export type CheckoutCloseReason = 'merchant' | 'payer' | 'replaced';

/** A failure the checkout reports to the page; the payer sees its own message inside the checkout. */
export type CheckoutError = SerializedError;

export interface CheckoutEvent {
  /** The checkout is loaded and interactive; `version` is the widget's version. */
  ready: { version: string };
  /**
   * A payment attempt finished (approved, pending or declined); fires once per attempt. A close while
   * a payment's answer is on its way waits for it, so this fires before `close`; `status: 'unknown'`
   * when no answer could come.
   */
  result: CheckoutResult;
  /** The checkout was closed and removed from the page (after the answer of a payment under way). */
  close:
    | { reason: 'merchant' | 'payer'; replacementClosed?: undefined }
    | {
        reason: 'replaced';
        /**
         * Resolves once the checkout that replaced this one has closed (when that one was replaced in
         * turn, the last of them): the page is free to open this one again, as `<CheckoutFrame>` does.
         */
        replacementClosed: Promise<void>;
      };
  /** Something went wrong that the page may want to log (load failure, connection timeout). */
  error: CheckoutError;
  /** The checkout's content height changed, in CSS pixels (inline mounts follow it). */
  resize: { height: number };
}

export type CheckoutEventName = keyof CheckoutEvent;

// `| undefined` on every setting lets exactOptionalPropertyTypes apps pass `lang={maybeLanguage}`.
export interface CheckoutSettings {
  /** Language of the checkout; the payer's browser language when omitted. */
  lang?: CheckoutLanguage | undefined;
  /** Mount inline in this element (or the first match of this selector); a modal otherwise. */
  container?: HTMLElement | string | undefined;
  /** Checkout origin; defaults to the origin the loader script was loaded from. */
  baseUrl?: string | undefined;
  /**
   * The checkout's look; overrides the merchant's stored brand colour.
   * @example { theme: 'auto', variables: { colorPrimary: '#6f4e37', borderRadius: '12px' } }
   */
  appearance?: CheckoutAppearance | undefined;
  /** The checkout is loaded and usable; the same as `handle.on('ready', listener)`. */
  onReady?: ((event: CheckoutEvent['ready']) => void) | undefined;
  /**
   * Every finished attempt: `status` `'success'` for APPROVED and PENDING, `'error'` with `reason`
   * otherwise, `'unknown'` with `lookup` when the checkout closed before the answer could come. A browser's result can be forged: fulfil the order when your server hears it (webhook,
   * or the transaction by `notification.Oper`). The same as `handle.on('result', listener)`.
   */
  onResult?: ((result: CheckoutResult) => void) | undefined;
  /** The checkout closed and left the page; the same as `handle.on('close', listener)`. */
  onClose?: ((event: CheckoutEvent['close']) => void) | undefined;
  /** A failure worth logging, such as `code: 'connection_failed'`; the same as `handle.on('error', listener)`. */
  onError?: ((error: CheckoutError) => void) | undefined;
}

export type CheckoutOptions = CheckoutTarget & CheckoutSettings;

/** Checkout.preload()'s options: the checkout's origin, as open() takes it. */
export type CheckoutPreloadOptions = Pick<CheckoutSettings, 'baseUrl'>;

/** How `handle.result` rejects when the checkout closes before any successful payment. */
export interface CheckoutClosedError extends Error {
  code: 'closed';
  /** The last attempt the page heard of (an error or `unknown` result), when there was one. */
  lastResult?: CheckoutResult;
}

export interface CheckoutHandle {
  /** Resolves with the first success result; rejects with a CheckoutClosedError on close before one. */
  readonly result: Promise<PaymentResult>;
  /** Removes the checkout (kept out of sight until a payment's answer on its way lands); safe to call more than once. */
  close(): void;
  /** Listens to an event; returns a function that stops listening. */
  on<E extends CheckoutEventName>(event: E, listener: (payload: CheckoutEvent[E]) => void): () => void;
}

/** The loader's API: the global `Checkout` of /sdk/checkout.js, and the `Checkout` export. */
export interface CheckoutApi {
  /** Opens the checkout (modal, or inline in `options.container`). */
  open: (options: CheckoutOptions) => CheckoutHandle;
  /** Gets the checkout ready ahead of open(): a hidden frame on its origin, once the page has loaded and is idle. */
  preload: (options?: CheckoutPreloadOptions) => void;
  readonly version: string;
}

declare global {
  /**
   * The loader of a `<script src=".../sdk/checkout.js">` (or after `loadCheckout()` resolved); typed
   * by `/// <reference types="@pasarela/checkout" />`. Modules import `Checkout` instead.
   */
  // a `var`, so `window.Checkout` and `globalThis.Checkout` are typed too
  var Checkout: CheckoutApi;

  // So `addEventListener('pasarela:result', (event) => event.detail ...)` needs no cast.
  interface HTMLElementEventMap {
    /** A pay button's (`data-pasarela-*`) finished attempt, dispatched on it; it bubbles. */
    'pasarela:result': CustomEvent<CheckoutResult>;
  }
  interface DocumentEventMap {
    /** Every pay button's (`data-pasarela-*`) finished attempt, bubbled from the button (`event.target`). */
    'pasarela:result': CustomEvent<CheckoutResult>;
  }
}
