import { isWidgetMessage } from '@pasarela/core';
import type { PaymentInFlight, WidgetMessage } from '@pasarela/core';
import { closedError } from './closedError';
import type { WidgetConnector, WidgetRemote } from './connectWidget';
import { createEmitter } from './emitter';
import { checkoutName } from './checkoutName';
import { createIframe } from './iframe';
import { CALLBACK_EVENTS, onThePage, resolveOptions } from './options';
import { hideAway, mountOverlay } from './overlay';
import { checkoutClosed, preloadTakenOver } from './preload';
import type { CheckoutCloseReason, CheckoutEvent, CheckoutHandle, CheckoutOptions, CheckoutResult, PaymentResult, UnknownPaymentResult } from './types';
import { SDK_VERSION } from './version';
import { warn } from './warn';
import { widgetUrl } from './widgetUrl';
import { forgetOperation, recallPending, recallWaiting, rememberPending } from './pendingMemory';

const EVENT_NAMES: readonly string[] = [...CALLBACK_EVENTS, 'resize'];

/**
 * How long a closed checkout stays alive out of sight for a payment's first answer: past the
 * checkout's own wait (a 30 s request, then about 15 s of look-ups), the outcome is unknown.
 */
export const CLOSE_WAIT_MS = 60_000;

/** What the page hears when a payment's answer cannot come: what the merchant API finds it by. */
function unknownResult(payment: PaymentInFlight): UnknownPaymentResult {
  return { status: 'unknown', method: payment.method, lookup: { linkCode: payment.link, trackId: payment.trackId } };
}

/** Closes the checkout that is open now, if any: one checkout per page at a time. */
let closeCurrent: ((reason: CheckoutCloseReason, replacementClosed?: Promise<void>) => void) | undefined;
/** The contrast moves already warned about on this page: one warning per colour, however often it opens. */
const warnedMoves = new Set<string>();

/**
 * Whether this page visit showed the checkout before: SPEC 2's splash is the app's start, shown once.
 * One closed before its page loaded in its frame (React's strict mode opens and closes at once) showed nothing.
 */
let openedBefore = false;

/** The connection is injected so tests can play the widget's side. */
export function openCheckout(
  options: CheckoutOptions,
  connector: WidgetConnector,
  defaultBaseUrl: string | undefined,
): CheckoutHandle {
  if (typeof window == 'undefined') {
    throw new Error('[pasarela] Checkout.open() needs a browser: call it client-side');
  }
  const resolved = resolveOptions(options, defaultBaseUrl);
  // Settles once this checkout has closed or, when another replaces it, once that one has: what the
  // checkout it replaces hands its page as `replacementClosed`.
  let ended!: (replacementClosed?: Promise<void>) => void;
  const end = new Promise<void>((resolve) => (ended = resolve));
  if (closeCurrent) {
    warn('open() closed the checkout already open');
    closeCurrent('replaced', end);
  }

  const events = createEmitter<CheckoutEvent>();
  for (const [event, listener] of resolved.listeners) events.on(event, listener);

  let resolveResult!: (result: PaymentResult) => void;
  let rejectResult!: (error: Error) => void;
  const result = new Promise<PaymentResult>((resolve, reject) => {
    resolveResult = resolve;
    rejectResult = reject;
  });
  // a page that only listens to events must not get an "unhandled rejection" when the payer closes
  result.catch(() => {});
  let lastResult: CheckoutResult | undefined;
  let closed = false;
  // Set by a close that waits, out of sight, for the answers of payments on their way.
  let closing: CheckoutEvent['close'] | undefined;
  let giveUp: ReturnType<typeof setTimeout> | undefined;
  const flights = new Map<string, PaymentInFlight>();

  const opener = document.activeElement;
  const inline = resolved.container;
  // named in the payer's language, as the checkout inside speaks
  const name = checkoutName(resolved.lang);
  const iframe = createIframe(widgetUrl(resolved, location.origin, SDK_VERSION, { pending: recallPending(resolved.type, resolved.code), waiting: recallWaiting(resolved.type, resolved.code), reopen: openedBefore, modal: !inline }), !!inline, name);
  const modal = inline ? undefined : mountOverlay(iframe, name);
  if (inline) inline.appendChild(iframe);
  // what leaves the page when the checkout does: the overlay holds the frame
  const mounted = modal ? modal.overlay : iframe;
  preloadTakenOver();

  // Escape is the payer's close: once connected the checkout decides (it asks first while a
  // payment is pending); before that, or if it does not answer, the loader closes it.
  let ask: WidgetRemote['requestClose'] | undefined;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key == 'Escape') ask ? ask().catch(() => close('payer')) : close('payer');
  };
  // keep keyboard focus inside the dialog: Tab out of the iframe lands back on it (listened to with a dialog alone)
  const onFocusIn = (event: FocusEvent) => {
    if (!modal!.overlay.contains(event.target as Node)) iframe.focus();
  };
  if (modal) {
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn, true);
    // Until the checkout's page arrives the frame holds the page's own empty document, which has the
    // focus (below): a key pressed then is heard there. Its listener goes with that document.
    iframe.contentWindow!.addEventListener('keydown', onKeyDown, true);
  }
  // The frame takes the focus as soon as it is in the page, before its checkout loads, so that the
  // checkout's own move of it onto its first field (the card vault's frame, a process apart under site
  // isolation) never crosses one of the loader's: crossed, Chromium kept sending every key to the
  // vault's field while the checkout believed it had the focus. At `load` it is given again only where
  // the engine did not keep it (the payer may already be typing in the frame: then it is not taken).
  iframe.focus({ preventScroll: !!inline });
  iframe.addEventListener('load', () => {
    openedBefore = true;
    if (!closed && document.activeElement !== iframe) iframe.focus({ preventScroll: !!inline });
  });

  function emitResult(payment: CheckoutResult): void {
    events.emit('result', payment);
    // resolving twice is a no-op, so only the first success counts
    if (payment.status === 'success') resolveResult(payment);
    else lastResult = payment;
  }

  function onMessage(message: WidgetMessage): void {
    switch (message.type) {
      case 'ready':
        return events.emit('ready', { version: message.version });
      case 'result':
        // The checkout explains every failure (its failureReason) before it tells the page.
        return emitResult(message.result as PaymentResult);
      case 'paying':
        flights.set(message.payment.trackId, message.payment);
        return;
      case 'answered': {
        const payment = flights.get(message.trackId);
        if (payment && message.lost) emitResult(unknownResult(payment));
        flights.delete(message.trackId);
        if (closing && !flights.size) finish(closing);
        return;
      }
      case 'close':
        return close('payer');
      case 'error':
        return events.emit('error', message.error);
      case 'resize':
        if (inline) iframe.style.height = `${message.height}px`;
        return events.emit('resize', { height: message.height });
      case 'pending':
        return message.attempt === null && message.codOper ? forgetOperation(message.codOper) : rememberPending(resolved.type, resolved.code, message.attempt, message.merchant, message.link);
      case 'name':
        // the shop and the amount, once the checkout knows them
        iframe.title = message.name;
        return modal?.overlay.setAttribute('aria-label', message.name);
      case 'contrast':
        for (const warning of message.warnings) {
          if (!warnedMoves.has(warning)) warn(warning);
          warnedMoves.add(warning);
        }
    }
  }

  const connection = connector(iframe, resolved.origin, {
    notify(message: unknown) {
      if (closed) return;
      if (isWidgetMessage(message)) onMessage(message);
      else warn('ignored a malformed message', message);
    },
  });
  connection.promise.then((remote) => (ask = remote.requestClose), (error: unknown) => {
    if (closed) return;
    events.emit('error', { code: 'connection_failed', message: String((error as Error | null)?.message ?? error), category: 'network' });
  });

  // A close while a payment's first answer is on its way keeps the checkout alive, out of sight,
  // until that answer (its result) or CLOSE_WAIT_MS (an `unknown` result), so the page hears it.
  // It is no open checkout from here on: the page scrolls again and preload() works, and its late
  // end leaves alone the page of a checkout opened meanwhile. `replacementClosed`: a newer open()'s end.
  function close(reason: CheckoutCloseReason, replacementClosed?: Promise<void>): void {
    if (closed || closing) return;
    if (closeCurrent === close) closeCurrent = undefined;
    const event = { reason, replacementClosed } as CheckoutEvent['close'];
    // the page is free at once, even while this one waits out of sight
    ended(replacementClosed);
    const focusWasInside = !inline || document.activeElement === iframe;
    document.removeEventListener('keydown', onKeyDown, true);
    document.removeEventListener('focusin', onFocusIn, true);
    modal?.scrollBack();
    checkoutClosed();
    if (flights.size) {
      closing = event;
      hideAway(mounted);
      giveUp = setTimeout(() => {
        for (const payment of flights.values()) emitResult(unknownResult(payment));
        finish(event);
      }, CLOSE_WAIT_MS);
    }
    // the payer is done with it: focus goes back at once, not when the answer lands
    if (focusWasInside && onThePage(opener)) opener.focus();
    if (!closing) finish(event);
  }

  function finish(event: CheckoutEvent['close']): void {
    if (closed) return;
    closed = true;
    clearTimeout(giveUp);
    connection.destroy();
    mounted.remove();
    rejectResult(closedError(lastResult));
    events.emit('close', event);
  }
  closeCurrent = close;

  return {
    result,
    close: () => close('merchant'),
    on(event, listener) {
      // plain-JS pages get no type check: a misspelt event name would otherwise never fire
      if (!EVENT_NAMES.includes(event)) throw new TypeError(`[pasarela] unknown event "${event}"`);
      return events.on(event, listener);
    },
  };
}
