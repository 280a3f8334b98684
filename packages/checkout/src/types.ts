// The loader's public types: both entries (index.ts, pure.ts) export all of this file.
import type { Appearance, AppearanceVariables, FontFamily, Language, ParentNotification, PaymentResult, SerializedError, Theme } from '@pasarela/core';

export type { ParentNotification, PaymentResult };

/** Why an attempt failed (`PaymentResult.reason`, on every `error` result): the catalogue `key` and the payer's `text`. */
export type PaymentFailureReason = NonNullable<PaymentResult['reason']>;

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
 * The checkout's look (PRODUCT.md "SDK beyond open()", docs/appearance.md): `theme` and
 * `variables`, Stripe's names. Checked like every option (a bad value is a TypeError before any
 * iframe); never raw CSS. A colour that would miss WCAG 2.2 AA contrast is moved to the nearest
 * shade that meets it, with one console warning naming the variable and the ratio.
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
  /** A payment attempt finished (approved, pending or declined); fires once per attempt. */
  result: PaymentResult;
  /** The checkout was closed and removed from the page. */
  close: { reason: CheckoutCloseReason };
  /** Something went wrong that the page may want to log (load failure, connection timeout). */
  error: CheckoutError;
  /** The checkout's content height changed, in CSS pixels (inline mounts follow it). */
  resize: { height: number };
}

export type CheckoutEventName = keyof CheckoutEvent;

// Every setting also takes `undefined` (the same as leaving it out, as open() reads it), so that
// apps compiled with exactOptionalPropertyTypes can pass `lang={maybeLanguage}`.
export interface CheckoutSettings {
  /** Language of the checkout; the payer's browser language when omitted. */
  lang?: CheckoutLanguage | undefined;
  /** Mount inline in this element (or the first match of this selector); a modal otherwise. */
  container?: HTMLElement | string | undefined;
  /** Checkout origin; defaults to the origin the loader script was loaded from. */
  baseUrl?: string | undefined;
  /**
   * The checkout's look: `{ theme?: 'light' | 'dark' | 'auto', variables?: { colorPrimary?,
   * colorBackground?, colorText?, colorDanger?, borderRadius?, spacingUnit?, fontFamily? } }`.
   * Overrides the merchant's stored brand colour. A bad value is a TypeError naming the variable.
   * @example { theme: 'auto', variables: { colorPrimary: '#6f4e37', borderRadius: '12px' } }
   */
  appearance?: CheckoutAppearance | undefined;
  /**
   * Called when the checkout is loaded and the payer can use it, with the checkout's own `version`.
   * The same as `handle.on('ready', listener)`.
   */
  onReady?: ((event: CheckoutEvent['ready']) => void) | undefined;
  /**
   * Called for every payment attempt that finishes, approved, pending or declined (the payer may try
   * again after a decline): `status` is `'success'` for APPROVED and PENDING (`notification.Estado`),
   * `'error'` otherwise, with `reason` saying why. A browser's result can be forged: fulfil the order
   * when your server hears it (webhook, or the transaction by `notification.Oper`).
   * The same as `handle.on('result', listener)`.
   */
  onResult?: ((result: PaymentResult) => void) | undefined;
  /**
   * Called once the checkout has closed and left the page, with why: `'merchant'` (`handle.close()`),
   * `'payer'` (the close button or Escape) or `'replaced'` (a newer `open()`).
   * The same as `handle.on('close', listener)`.
   */
  onClose?: ((event: CheckoutEvent['close']) => void) | undefined;
  /**
   * Called when something goes wrong that the page may want to log: the checkout did not load or
   * connect (`code: 'connection_failed'`), or it reports a failure of its own. The payer sees its own
   * message inside the checkout. The same as `handle.on('error', listener)`.
   */
  onError?: ((error: CheckoutError) => void) | undefined;
}

export type CheckoutOptions = CheckoutTarget & CheckoutSettings;

/** Checkout.preload()'s options: the checkout's origin, as open() takes it. */
export type CheckoutPreloadOptions = Pick<CheckoutSettings, 'baseUrl'>;

/** How `handle.result` rejects when the checkout closes before any successful payment. */
export interface CheckoutClosedError extends Error {
  code: 'closed';
  /** The last finished attempt (an error result), when there was one. */
  lastResult?: PaymentResult;
}

export interface CheckoutHandle {
  /** Resolves with the first success result; rejects with a CheckoutClosedError on close before one. */
  readonly result: Promise<PaymentResult>;
  /** Removes the checkout; safe to call more than once. */
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
   * The loader of `/sdk/checkout.js` on a page that loads it with a `<script>` tag (or after
   * `loadCheckout()` of `@pasarela/checkout/pure` resolved): `Checkout.open({ code })`. A page in
   * TypeScript gets this type from the package, `/// <reference types="@pasarela/checkout" />`; a
   * module imports `Checkout` from `@pasarela/checkout` instead.
   */
  // a `var`, as a script's global is: `Checkout`, `window.Checkout` and `globalThis.Checkout`
  var Checkout: CheckoutApi;
}
