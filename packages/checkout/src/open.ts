import { isWidgetMessage } from '@pasarela/core';
import type { WidgetMessage } from '@pasarela/core';
import { closedError } from './closedError';
import type { WidgetConnector, WidgetRemote } from './connectWidget';
import { createEmitter } from './emitter';
import { checkoutName } from './checkoutName';
import { createIframe } from './iframe';
import { CALLBACK_EVENTS, resolveOptions } from './options';
import { mountOverlay } from './overlay';
import { checkoutClosed, preloadTakenOver } from './preload';
import type { CheckoutCloseReason, CheckoutEvent, CheckoutHandle, CheckoutOptions, PaymentResult } from './types';
import { SDK_VERSION } from './version';
import { warn } from './warn';
import { widgetUrl } from './widgetUrl';
import { forgetOperation, recallPending, recallWaiting, rememberPending } from './pendingMemory';

const EVENT_NAMES: readonly string[] = [...CALLBACK_EVENTS, 'resize'];

/** Closes the checkout that is open now, if any: one checkout per page at a time. */
let closeCurrent: ((reason: CheckoutCloseReason) => void) | undefined;
/** The contrast moves already warned about on this page: one warning per colour, however often it opens. */
const warnedMoves = new Set<string>();

/** Whether this page visit opened the checkout before: SPEC 2's splash is the app's start, shown once. */
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
  if (closeCurrent) {
    warn('open() closed the checkout that was already open');
    closeCurrent('replaced');
  }

  const events = createEmitter<CheckoutEvent>();
  for (const [event, listener] of resolved.listeners) events.on(event, listener);

  let resolveResult: (result: PaymentResult) => void = () => {};
  let rejectResult: (error: Error) => void = () => {};
  const result = new Promise<PaymentResult>((resolve, reject) => {
    resolveResult = resolve;
    rejectResult = reject;
  });
  // a page that only listens to events must not get an "unhandled rejection" when the payer closes
  result.catch(() => {});
  let lastResult: PaymentResult | undefined;
  let closed = false;

  const opener = document.activeElement;
  const inline = resolved.container;
  // named in the payer's language, as the checkout inside speaks
  const name = checkoutName(resolved.lang);
  const iframe = createIframe(widgetUrl(resolved, location.origin, SDK_VERSION, { pending: recallPending(resolved.type, resolved.code), waiting: recallWaiting(resolved.type, resolved.code), reopen: openedBefore }), !!inline, name);
  openedBefore = true;
  const modal = inline ? undefined : mountOverlay(iframe, name);
  if (inline) inline.appendChild(iframe);
  preloadTakenOver();

  // Escape is the payer's close: once connected the checkout decides (it asks first while a
  // payment is pending); before that, or if it does not answer, the loader closes it.
  let ask: WidgetRemote['requestClose'] | undefined;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key == 'Escape') ask ? ask().catch(() => close('payer')) : close('payer');
  };
  // keep keyboard focus inside the dialog: Tab out of the iframe lands back on it
  const onFocusIn = (event: FocusEvent) => {
    if (modal && !modal.overlay.contains(event.target as Node)) iframe.focus();
  };
  if (modal) {
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn, true);
  }
  // the payer may already be typing in the frame (its form is in the page): focus it only if not
  iframe.addEventListener('load', () => {
    if (!closed && document.activeElement !== iframe) iframe.focus({ preventScroll: !!inline });
  });

  function onMessage(message: WidgetMessage): void {
    switch (message.type) {
      case 'ready':
        return events.emit('ready', { version: message.version });
      case 'result':
        events.emit('result', message.result);
        // resolving twice is a no-op, so only the first success counts
        if (message.result.status === 'success') resolveResult(message.result);
        else lastResult = message.result;
        return;
      case 'close':
        return close('payer');
      case 'error':
        return events.emit('error', message.error);
      case 'resize':
        if (inline) iframe.style.height = `${message.height}px`;
        return events.emit('resize', { height: message.height });
      case 'pending':
        return message.attempt === null && message.codOper ? forgetOperation(message.codOper) : rememberPending(resolved.type, resolved.code, message.attempt, message.merchant, message.link);
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

  function close(reason: CheckoutCloseReason): void {
    if (closed) return;
    closed = true;
    if (closeCurrent === close) closeCurrent = undefined;
    const focusWasInside = !inline || document.activeElement === iframe;
    connection.destroy();
    document.removeEventListener('keydown', onKeyDown, true);
    document.removeEventListener('focusin', onFocusIn, true);
    iframe.remove();
    modal?.unmount();
    checkoutClosed();
    if (focusWasInside && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    rejectResult(closedError(lastResult));
    events.emit('close', { reason });
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
