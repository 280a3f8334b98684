import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutClosedError, CheckoutHandle, CheckoutOptions } from './types';
import { fakeWidget, paymentResult, rejection, serveBlankFramePages } from './fakeWidget';
import type { FakeWidget } from './fakeWidget';
import { openCheckout } from './open';

const BASE = 'https://checkout.example.com';
let widget: FakeWidget;
let handle: CheckoutHandle | undefined;

function open(options: Partial<CheckoutOptions> = {}): CheckoutHandle {
  handle = openCheckout({ code: 'LK123', baseUrl: BASE, ...options } as CheckoutOptions, widget.connector, undefined);
  return handle;
}

beforeAll(serveBlankFramePages);

beforeEach(() => {
  widget = fakeWidget();
  document.body.innerHTML = '<button id="opener">Pagar</button><div id="inline"></div>';
  document.body.style.overflow = 'auto';
});

afterEach(() => {
  handle?.close();
  handle = undefined;
  vi.restoreAllMocks();
});

describe('Checkout.open: DOM', () => {
  it('mounts a modal dialog with the widget iframe and locks the page scroll', () => {
    open({ lang: 'en' });
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.getAttribute('aria-modal')).toBe('true');
    expect(dialog?.getAttribute('aria-label')).toBe('Pasarela checkout');
    const iframe = dialog?.querySelector('iframe');
    expect(iframe).toBe(widget.iframe);
    expect(iframe?.getAttribute('title')).toBe('Pasarela checkout');
    expect(iframe?.getAttribute('allow')).toBe('payment; clipboard-write');
    expect(iframe?.getAttribute('referrerpolicy')).toBe('strict-origin');
    expect(iframe?.hasAttribute('sandbox')).toBe(false);
    const src = new URL(iframe?.src ?? '');
    expect(src.origin + src.pathname).toBe(`${BASE}/pf/widget`);
    expect(src.searchParams.get('type')).toBe('lk');
    expect(src.searchParams.get('code')).toBe('LK123');
    expect(src.searchParams.get('lang')).toBe('en');
    expect(src.searchParams.get('parentOrigin')).toBe(location.origin);
    expect(src.searchParams.get('sdkVersion')).toBe('0.0.0-dev');
    expect(document.body.style.overflow).toBe('hidden');
    // the page's dialog: the checkout keeps Tab going round inside its frame
    expect(src.searchParams.get('modal')).toBe('1');
  });

  it('inline, no modal mark: Tab goes on from the checkout to the page', () => {
    open({ container: '#inline' });
    expect(new URL(widget.iframe?.src ?? '').searchParams.has('modal')).toBe(false);
  });

  it('names the dialog and its frame with what the checkout says is paid, once it knows', () => {
    open({ lang: 'es' });
    widget.notify({ type: 'name', name: 'Pago a Tostadores del Casco: $7.25' });
    expect(document.querySelector('[role="dialog"]')?.getAttribute('aria-label')).toBe('Pago a Tostadores del Casco: $7.25');
    expect(widget.iframe?.getAttribute('title')).toBe('Pago a Tostadores del Casco: $7.25');
  });

  it('names an inline frame the same way', () => {
    open({ container: '#inline', lang: 'en' });
    widget.notify({ type: 'name', name: 'Payment to Tostadores del Casco: $7.25' });
    expect(widget.iframe?.getAttribute('title')).toBe('Payment to Tostadores del Casco: $7.25');
  });

  it('locks the connection to the exact widget origin', () => {
    open({ baseUrl: 'http://localhost:4000/' });
    expect(widget.origin).toBe('http://localhost:4000');
  });

  it('mounts inline in the container, follows resize events and leaves the page scroll alone', () => {
    const h = open({ container: '#inline' });
    const heights: number[] = [];
    h.on('resize', ({ height }) => heights.push(height));
    const container = document.getElementById('inline');
    expect(container?.querySelector('iframe')).toBe(widget.iframe);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.body.style.overflow).toBe('auto');
    widget.notify({ type: 'resize', height: 812 });
    expect(widget.iframe?.style.height).toBe('812px');
    expect(heights).toEqual([812]);
  });

  it('throws a TypeError for bad options before creating any iframe', () => {
    expect(() => open({ container: '#nowhere' })).toThrow(TypeError);
    const detached = document.createElement('div');
    expect(() => open({ container: detached })).toThrow(/\[pasarela\] Checkout\.open\(\): container must be an element on the page/);
    expect(detached.children).toHaveLength(0);
    expect(() => open({ appearance: { variables: { colorPrimary: 'url(https://evil.example/x)' } } })).toThrow(TypeError);
    expect(() => openCheckout({} as CheckoutOptions, widget.connector, BASE)).toThrow(/give one target/);
    expect(document.querySelectorAll('iframe, [role="dialog"]')).toHaveLength(0);
    expect(widget.iframe).toBeUndefined();
  });

  it('moves focus into the iframe as it opens, before its checkout loads; at load only where it was lost', () => {
    open();
    expect(document.activeElement).toBe(widget.iframe);
    widget.iframe?.blur();
    expect(document.activeElement).not.toBe(widget.iframe);
    widget.iframe?.dispatchEvent(new Event('load'));
    expect(document.activeElement).toBe(widget.iframe);
  });
});

describe('Checkout.open: close()', () => {
  it('removes the iframe and overlay, ends the connection, restores scroll and focus', () => {
    const opener = document.getElementById('opener') as HTMLButtonElement;
    opener.focus();
    const onClose = vi.fn();
    const h = open({ onClose });
    widget.iframe?.dispatchEvent(new Event('load'));
    expect(document.activeElement).not.toBe(opener);
    h.close();
    expect(document.querySelectorAll('iframe, [role="dialog"]')).toHaveLength(0);
    expect(widget.destroyed).toBe(1);
    expect(document.body.style.overflow).toBe('auto');
    expect(document.activeElement).toBe(opener);
    expect(onClose).toHaveBeenCalledWith({ reason: 'merchant' });
    h.close();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(widget.destroyed).toBe(1);
  });

  it('closes the modal on Escape in the page, and when the widget sends close (Escape inside it)', () => {
    const closes: string[] = [];
    open().on('close', ({ reason }) => closes.push(reason));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(document.querySelector('iframe')).toBeNull();
    open().on('close', ({ reason }) => closes.push(reason));
    widget.notify({ type: 'close' });
    expect(document.querySelector('iframe')).toBeNull();
    expect(closes).toEqual(['payer', 'payer']);
  });

  it('asks the connected widget on Escape in the page (it asks first while a payment is pending), closing if it does not answer', async () => {
    const closes: string[] = [];
    const asked = vi.fn(() => Promise.resolve());
    open().on('close', ({ reason }) => closes.push(reason));
    widget.connect(asked);
    await Promise.resolve();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(document.querySelector('iframe')).not.toBeNull();
    asked.mockImplementation(() => Promise.reject(new Error('gone')));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await vi.waitFor(() => expect(closes).toEqual(['payer']));
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('does not close an inline checkout on Escape', () => {
    open({ container: '#inline' });
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(document.querySelector('#inline iframe')).not.toBeNull();
  });

  it('closes the open checkout when another one opens, rejecting its result', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = open();
    const onFirstClose = vi.fn();
    first.on('close', onFirstClose);
    open({ code: 'SECOND' });
    expect(onFirstClose).toHaveBeenCalledWith({ reason: 'replaced', replacementClosed: expect.any(Promise) });
    expect((await rejection(first.result)).code).toBe('closed');
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(new URL(document.querySelector('iframe')?.src ?? '').searchParams.get('code')).toBe('SECOND');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[pasarela\] /), '');
  });

  it('keeps focus on the Tab path inside the dialog', () => {
    open();
    const opener = document.getElementById('opener') as HTMLButtonElement;
    opener.focus();
    expect(document.activeElement).toBe(widget.iframe);
  });
});

describe('Checkout.open: events and handle.result (PRODUCT.md)', () => {
  it('fires ready through the callback and on()', () => {
    const onReady = vi.fn();
    const listener = vi.fn();
    open({ onReady }).on('ready', listener);
    widget.notify({ type: 'ready', version: '2.219.0' });
    expect(onReady).toHaveBeenCalledWith({ version: '2.219.0' });
    expect(listener).toHaveBeenCalledWith({ version: '2.219.0' });
  });

  it('resolves handle.result with the first success result and keeps it after close', async () => {
    const onResult = vi.fn();
    const h = open({ onResult });
    const approved = paymentResult('success', 'OP-1');
    widget.notify({ type: 'result', result: approved });
    widget.notify({ type: 'result', result: paymentResult('success', 'OP-2') });
    h.close();
    await expect(h.result).resolves.toEqual(approved);
    expect(onResult).toHaveBeenCalledTimes(2);
  });

  it('fires result for a decline, lets the payer retry, then resolves with the success', async () => {
    const results: string[] = [];
    const h = open();
    h.on('result', (r) => results.push(r.status));
    widget.notify({ type: 'result', result: paymentResult('error') });
    widget.notify({ type: 'result', result: paymentResult('success', 'OP-9') });
    await expect(h.result).resolves.toMatchObject({ status: 'success', notification: { Oper: 'OP-9' } });
    expect(results).toEqual(['error', 'success']);
  });

  it('rejects with code "closed" and the last error result when closed after a decline', async () => {
    const h = open();
    const first = paymentResult('error', 'OP-1');
    const last = paymentResult('error', 'OP-2');
    widget.notify({ type: 'result', result: first });
    widget.notify({ type: 'result', result: last });
    widget.notify({ type: 'close' });
    const error = await rejection(h.result);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('closed');
    expect(error.lastResult).toEqual(last);
  });

  it('rejects with code "closed" and no lastResult when closed before any attempt', async () => {
    const h = open();
    h.close();
    const error = await rejection(h.result);
    expect(error.code).toBe('closed');
    expect(error).not.toHaveProperty('lastResult');
  });

  it('forwards widget errors and reports a failed connection as an error event', () => {
    const onError = vi.fn();
    open({ onError });
    widget.notify({ type: 'error', error: { code: 'error_to_load', message: 'No se pudo cargar', category: 'api' } });
    expect(onError).toHaveBeenLastCalledWith({ code: 'error_to_load', message: 'No se pudo cargar', category: 'api' });
    widget.failConnection(new Error('Connection timed out after 30000ms'));
    return vi.waitFor(() =>
      expect(onError).toHaveBeenLastCalledWith({ code: 'connection_failed', message: 'Connection timed out after 30000ms', category: 'network' }),
    );
  });

  it.each([
    ['a string', 'result'],
    ['an unknown type', { type: 'paid', amount: 10 }],
    ['a result without notification', { type: 'result', result: { status: 'success', method: 'card' } }],
    ['a result with an unknown status', { type: 'result', result: { ...paymentResult('success'), status: 'APPROVED' } }],
    ['a negative height', { type: 'resize', height: -1 }],
  ])('ignores %s from the widget, with a warning', (_name, message) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const listener = vi.fn();
    const h = open();
    for (const event of ['ready', 'result', 'close', 'error', 'resize'] as const) h.on(event, listener);
    widget.notify(message);
    expect(listener).not.toHaveBeenCalled();
    expect(document.querySelector('iframe')).not.toBeNull();
    expect(warn).toHaveBeenCalledWith('[pasarela] ignored a malformed message', message);
  });

  it('ignores messages that arrive after close', () => {
    const listener = vi.fn();
    const h = open();
    h.on('result', listener);
    h.close();
    widget.notify({ type: 'result', result: paymentResult('success') });
    expect(listener).not.toHaveBeenCalled();
  });

  it('rejects unknown event names so a typo does not fail silently', () => {
    const h = open();
    expect(() => h.on('sucess' as 'result', () => {})).toThrow(/unknown event "sucess"/);
  });

  it('stops a listener when its unsubscribe function is called', () => {
    const listener = vi.fn();
    const h = open();
    const off = h.on('result', listener);
    off();
    widget.notify({ type: 'result', result: paymentResult('error') });
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('Checkout.open: what a reopen carries', () => {
  /** open() of a fresh copy of the module: modules keep their state between the tests of a file. */
  async function freshPageVisit(): Promise<(code: string) => URLSearchParams> {
    vi.resetModules();
    const { openCheckout: freshOpen } = await import('./open');
    return (code) => {
      handle = freshOpen({ code, baseUrl: BASE } as CheckoutOptions, widget.connector, undefined);
      return new URL(document.querySelector('iframe')?.getAttribute('src') ?? '').searchParams;
    };
  }

  it("SPEC 2's splash is the app's start: the page's first open has no reopen mark, every later one does", async () => {
    const openAndRead = await freshPageVisit();
    expect(openAndRead('LK123').has('reopen')).toBe(false);
    widget.iframe?.dispatchEvent(new Event('load'));
    handle?.close();
    expect(openAndRead('LK999').get('reopen')).toBe('1');
    handle?.close();
    expect(openAndRead('LK777').get('reopen')).toBe('1');
  });

  it('a checkout closed before its page loaded in its frame showed no splash: the next open is still the first (React strict mode opens, closes and opens again at once)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const openAndRead = await freshPageVisit();
    expect(openAndRead('LK123').has('reopen')).toBe(false);
    handle?.close();
    expect(openAndRead('LK123').has('reopen')).toBe(false);
    // replaced before its page loaded: the same
    expect(openAndRead('LK999').has('reopen')).toBe(false);
    widget.iframe?.dispatchEvent(new Event('load'));
    handle?.close();
    expect(openAndRead('LK123').get('reopen')).toBe('1');
  });

  it('a payment left waiting is remembered in the page\'s storage and handed back on the next open of the same target', async () => {
    localStorage.clear();
    open({ code: 'LKWAIT' });
    widget.notify({ type: 'pending', attempt: { method: 'nequi', codOper: 'PPNQ1', deadline: null } });
    await vi.waitFor(() => expect(localStorage.getItem('pasarela.pending.lk.LKWAIT')).not.toBeNull());
    handle?.close();
    open({ code: 'LKWAIT' });
    const src = new URL(document.querySelector('iframe')?.getAttribute('src') ?? '');
    expect(JSON.parse(src.searchParams.get('pending') ?? '')).toEqual({ method: 'nequi', codOper: 'PPNQ1', deadline: null });
    widget.notify({ type: 'pending', attempt: null });
    await vi.waitFor(() => expect(localStorage.getItem('pasarela.pending.lk.LKWAIT')).toBeNull());
  });

  it("hands a checkout opened on another link the payments waiting on the merchant page's other links, with their merchant; going on with one keeps it under its own link", async () => {
    localStorage.clear();
    open({ code: 'LKOLD' });
    widget.notify({ type: 'pending', attempt: { method: 'yappy', codOper: 'PPYP1', deadline: null }, merchant: 7, link: 'LKOLD' });
    await vi.waitFor(() => expect(localStorage.getItem('pasarela.pending.lk.LKOLD')).not.toBeNull());
    handle?.close();
    open({ code: 'LKNEW' });
    const src = new URL(document.querySelector('iframe')?.getAttribute('src') ?? '');
    expect(src.searchParams.has('pending')).toBe(false);
    expect(JSON.parse(src.searchParams.get('waiting') ?? '')).toEqual([{ merchant: 7, link: 'LKOLD', method: 'yappy', codOper: 'PPYP1', deadline: null }]);
    // The checkout of LKNEW went on with it, and it ended there: forgotten under its own link.
    widget.notify({ type: 'pending', attempt: null, merchant: 7, link: 'LKOLD' });
    await vi.waitFor(() => expect(localStorage.getItem('pasarela.pending.lk.LKOLD')).toBeNull());
  });

  it("Clave's return, which knows no link code, forgets its payment where it is kept and no other", async () => {
    localStorage.clear();
    open({ code: 'LKYAP' });
    widget.notify({ type: 'pending', attempt: { method: 'yappy', codOper: 'PPYP1', deadline: null }, merchant: 7, link: 'LKYAP' });
    await vi.waitFor(() => expect(localStorage.getItem('pasarela.pending.lk.LKYAP')).not.toBeNull());
    handle?.close();
    // Opened on LKNEW, the checkout went on with LKOLD's Clave payment: kept under LKOLD.
    open({ code: 'LKNEW' });
    widget.notify({ type: 'pending', attempt: { method: 'clave', codOper: 'PPCL1', deadline: null }, merchant: 7, link: 'LKOLD' });
    await vi.waitFor(() => expect(localStorage.getItem('pasarela.pending.lk.LKOLD')).not.toBeNull());
    // A waiting payment of the open target itself, kept before.
    localStorage.setItem('pasarela.pending.lk.LKNEW', JSON.stringify({ method: 'nequi', codOper: 'PPNQ2', deadline: null, merchant: 7, link: 'LKNEW', at: Date.now() }));
    // Back from the bank: the return names the operation, not the link.
    widget.notify({ type: 'pending', attempt: null, codOper: 'PPCL1' });
    await vi.waitFor(() => expect(localStorage.getItem('pasarela.pending.lk.LKOLD')).toBeNull());
    expect(localStorage.getItem('pasarela.pending.lk.LKNEW')).not.toBeNull();
    expect(localStorage.getItem('pasarela.pending.lk.LKYAP')).not.toBeNull();
  });
});

describe('Checkout.open: appearance (PRODUCT.md "SDK beyond open()")', () => {
  it('hands the appearance to the checkout in its address', () => {
    const appearance = { theme: 'dark' as const, variables: { colorPrimary: '#6b3e26' } };
    open({ appearance });
    const src = new URL(document.querySelector('iframe')?.getAttribute('src') ?? '');
    expect(JSON.parse(src.searchParams.get('appearance') ?? '')).toEqual(appearance);
  });

  it("warns once in the console for each colour the checkout moved for contrast, however often it opens", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const moved = 'appearance.variables.colorPrimary #ffe600 has a contrast of 1.2:1 against the checkout\'s paper, and WCAG 2.2 AA needs 3:1: the checkout draws its brand in #8a7b00 instead';
    open();
    widget.notify({ type: 'contrast', warnings: [moved] });
    widget.notify({ type: 'contrast', warnings: [moved] });
    handle?.close();
    open();
    widget.notify({ type: 'contrast', warnings: [moved, 'another'] });
    expect(warn.mock.calls.map((call) => call[0])).toEqual([`[pasarela] ${moved}`, '[pasarela] another']);
  });

  it('ignores a contrast message whose warnings are not texts', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    open();
    widget.notify({ type: 'contrast', warnings: [{ variable: 'brand' }] });
    expect(warn.mock.calls.map((call) => call[0])).toEqual(['[pasarela] ignored a malformed message']);
  });
});

describe('Checkout.open: the dialog is named in the payer\'s language', () => {
  it.each([
    ['es', 'Pago con Pasarela'],
    ['en', 'Pasarela checkout'],
  ] as const)('lang %s: the dialog and its frame are "%s"', (lang, name) => {
    open({ lang });
    expect(document.querySelector('[role="dialog"]')?.getAttribute('aria-label')).toBe(name);
    expect(document.querySelector('iframe')?.getAttribute('title')).toBe(name);
  });

  it('without lang, the browser\'s first language: Spanish unless it is English', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('es-PA');
    open();
    expect(document.querySelector('[role="dialog"]')?.getAttribute('aria-label')).toBe('Pago con Pasarela');
  });
});
