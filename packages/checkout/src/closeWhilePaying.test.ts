import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutClosedError, CheckoutHandle, CheckoutOptions, CheckoutResult } from './types';
import { fakeWidget, paymentResult, rejection, serveBlankFramePages } from './fakeWidget';
import type { FakeWidget } from './fakeWidget';
import { CLOSE_WAIT_MS, openCheckout } from './open';
import { checkoutClosed, preloadCheckout, preloadTakenOver } from './preload';

// Issue 95: the shop hears every payment. A close while a payment's first answer is on its way keeps
// the checkout alive out of sight until that answer, so `result` fires before `close`.

const BASE = 'https://checkout.example.com';
const PAYMENT = { method: 'card', link: 'LK123', trackId: 'trk-0001-abcd' } as const;
let widget: FakeWidget;
let handle: CheckoutHandle | undefined;
let heard: Array<[string, unknown]>;

function open(options: Partial<CheckoutOptions> = {}): CheckoutHandle {
  handle = openCheckout({ code: 'LK123', baseUrl: BASE, ...options } as CheckoutOptions, widget.connector, undefined);
  const events: Array<[string, unknown]> = (heard = []);
  handle.on('result', (result) => events.push(['result', result]));
  handle.on('close', (event) => events.push(['close', event]));
  return handle;
}

const overlay = () => document.querySelector<HTMLElement>('[role="dialog"]');

beforeAll(serveBlankFramePages);

beforeEach(() => {
  vi.useFakeTimers();
  widget = fakeWidget();
  document.body.innerHTML = '<button id="opener">Pagar</button><div id="inline"></div>';
  document.body.style.overflow = 'auto';
  document.getElementById('opener')?.focus();
});

afterEach(() => {
  handle?.close();
  vi.runAllTimers();
  handle = undefined;
  vi.useRealTimers();
});

describe('closing while a payment answer is on its way', () => {
  it('Escape on the shop page asks the checkout first: nothing closes, the page hears nothing', async () => {
    const asked = vi.fn(() => Promise.resolve());
    open();
    widget.connect(asked);
    await Promise.resolve();
    widget.notify({ type: 'paying', payment: PAYMENT });
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(overlay()?.inert).toBe(false);
    expect(heard).toEqual([]);
  });

  it('insisting keeps the frame alive out of sight; the answer then fires result before close, and handle.result resolves', async () => {
    const h = open();
    const opener = document.getElementById('opener');
    widget.notify({ type: 'paying', payment: PAYMENT });
    // The payer closed anyway (the checkout sends close after its question).
    widget.notify({ type: 'close' });

    const iframe = document.querySelector('iframe');
    expect(iframe).toBe(widget.iframe);
    // inert: out of the tab order and of the accessibility tree
    expect(overlay()?.inert).toBe(true);
    expect(overlay()?.style.left).toBe('-9999px');
    expect(overlay()?.style.position).toBe('fixed');
    // the payer is back on the page at once
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('auto');
    expect(widget.destroyed).toBe(0);
    expect(heard).toEqual([]);
    // Escape on the page no longer reaches a checkout the payer left, nor does a second close.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    widget.notify({ type: 'close' });
    expect(heard).toEqual([]);

    const approved = paymentResult('success', 'PP-CHARGED');
    widget.notify({ type: 'result', result: approved });
    expect(document.querySelector('iframe')).toBe(iframe);
    widget.notify({ type: 'answered', trackId: PAYMENT.trackId, lost: false });
    expect(heard).toEqual([['result', approved], ['close', { reason: 'payer' }]]);
    expect(document.querySelector('iframe')).toBeNull();
    expect(overlay()).toBeNull();
    expect(widget.destroyed).toBe(1);
    await expect(h.result).resolves.toEqual(approved);
  });

  it('a declined answer: result (error), then close; handle.result rejects with it as lastResult', async () => {
    const h = open();
    widget.notify({ type: 'paying', payment: PAYMENT });
    widget.notify({ type: 'close' });
    const declined = paymentResult('error');
    widget.notify({ type: 'result', result: declined });
    widget.notify({ type: 'answered', trackId: PAYMENT.trackId, lost: false });
    expect(heard.map(([name]) => name)).toEqual(['result', 'close']);
    expect((await rejection(h.result)).lastResult).toEqual(declined);
  });

  it(`no answer within ${CLOSE_WAIT_MS} ms: result says the outcome is unknown, with what the merchant API looks it up by, then close`, async () => {
    const h = open();
    widget.notify({ type: 'paying', payment: PAYMENT });
    widget.notify({ type: 'close' });
    vi.advanceTimersByTime(CLOSE_WAIT_MS - 1);
    expect(heard).toEqual([]);
    expect(document.querySelector('iframe')).not.toBeNull();
    vi.advanceTimersByTime(1);
    const unknown: CheckoutResult = { status: 'unknown', method: 'card', lookup: { linkCode: 'LK123', trackId: PAYMENT.trackId } };
    expect(heard).toEqual([['result', unknown], ['close', { reason: 'payer' }]]);
    expect(document.querySelector('iframe')).toBeNull();
    const error = await rejection(h.result);
    expect(error.code).toBe('closed');
    expect(error.lastResult).toEqual(unknown);
    // a late answer is no longer heard
    widget.notify({ type: 'result', result: paymentResult('success') });
    expect(heard).toHaveLength(2);
  });

  it('an answer the checkout lost: the unknown result at once, then close', () => {
    open();
    widget.notify({ type: 'paying', payment: { ...PAYMENT, method: 'balance' } });
    widget.notify({ type: 'close' });
    widget.notify({ type: 'answered', trackId: PAYMENT.trackId, lost: true });
    expect(heard).toEqual([
      ['result', { status: 'unknown', method: 'balance', lookup: { linkCode: 'LK123', trackId: PAYMENT.trackId } }],
      ['close', { reason: 'payer' }],
    ]);
  });

  it('handle.close() waits too (reason merchant); an inline frame is hidden in place', () => {
    const h = open({ container: '#inline' });
    const iframe = widget.iframe;
    widget.notify({ type: 'paying', payment: PAYMENT });
    h.close();
    h.close();
    expect(document.getElementById('inline')?.querySelector('iframe')).toBe(iframe);
    expect(iframe?.inert).toBe(true);
    widget.notify({ type: 'result', result: paymentResult('success') });
    widget.notify({ type: 'answered', trackId: PAYMENT.trackId, lost: false });
    expect(heard.map(([name]) => name)).toEqual(['result', 'close']);
    expect(heard[1]?.[1]).toEqual({ reason: 'merchant' });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('a payment answered before the close does not hold it; a second open does not close the one kept out of sight', () => {
    open();
    widget.notify({ type: 'paying', payment: PAYMENT });
    widget.notify({ type: 'answered', trackId: PAYMENT.trackId, lost: false });
    widget.notify({ type: 'close' });
    expect(heard).toEqual([['close', { reason: 'payer' }]]);
    expect(document.querySelector('iframe')).toBeNull();

    const first = open();
    const firstHeard = heard;
    const firstWidget = widget;
    firstWidget.notify({ type: 'paying', payment: PAYMENT });
    first.close();
    widget = fakeWidget();
    open();
    expect(document.querySelectorAll('iframe')).toHaveLength(2);
    firstWidget.notify({ type: 'answered', trackId: PAYMENT.trackId, lost: true });
    expect(firstHeard.map(([name]) => name)).toEqual(['result', 'close']);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });
});

describe('a checkout kept out of sight closing after another opened (docs/integration.md, "Modal and inline")', () => {
  afterEach(() => {
    // back to a page with no hidden frame and no checkout open, whatever a test left
    preloadTakenOver();
    checkoutClosed();
  });

  it.each([
    ['closed by the payer, then another opened', (first: CheckoutHandle) => (first.close(), open())],
    ['replaced by another open()', () => open()],
  ])('%s: its late close leaves the page still, and preload() adds no frame beside the open one', (_, openSecond) => {
    const first = open();
    const firstWidget = widget;
    firstWidget.notify({ type: 'paying', payment: PAYMENT });
    widget = fakeWidget();
    const second = openSecond(first);
    expect(document.body.style.overflow).toBe('hidden');

    firstWidget.notify({ type: 'answered', trackId: PAYMENT.trackId, lost: true });
    expect([...document.querySelectorAll('iframe')]).toEqual([widget.iframe]);
    expect(document.body.style.overflow).toBe('hidden');
    preloadCheckout(undefined, BASE);
    vi.advanceTimersByTime(50);
    expect([...document.querySelectorAll('iframe')]).toEqual([widget.iframe]);

    second.close();
    expect(document.body.style.overflow).toBe('auto');
  });

  it('the one kept out of sight is no open checkout: scroll comes back at once and preload() may add its frame', () => {
    const h = open();
    widget.notify({ type: 'paying', payment: PAYMENT });
    h.close();
    expect(document.body.style.overflow).toBe('auto');
    preloadCheckout(undefined, BASE);
    vi.advanceTimersByTime(50);
    expect([...document.querySelectorAll('iframe')].map((frame) => frame.getAttribute('src'))).toEqual([widget.iframe?.getAttribute('src'), `${BASE}/widget/preload`]);
    widget.notify({ type: 'answered', trackId: PAYMENT.trackId, lost: true });
    expect(document.body.style.overflow).toBe('auto');
  });
});
