import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWidget, serveBlankFramePages } from './fakeWidget';
import { openCheckout } from './open';
import { checkoutClosed, preloadCheckout, preloadTakenOver } from './preload';
import type { CheckoutOptions } from './types';

const BASE = 'https://checkout.example.com';

beforeAll(serveBlankFramePages);

/** The document's readyState, as the page's loading would have it. */
function pageState(state: DocumentReadyState): void {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
}

const frames = () => [...document.querySelectorAll('iframe')];

/** A quiet moment in the page: where the browser has no requestIdleCallback, 50 ms. */
const quietMoment = () => vi.advanceTimersByTime(50);

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<button id="pay">Pagar</button>';
  pageState('complete');
});

afterEach(() => {
  // back to a page with no hidden frame and no checkout open
  preloadTakenOver();
  checkoutClosed();
  delete (document as { readyState?: unknown }).readyState;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Checkout.preload', () => {
  it('adds one hidden frame on the checkout origin, out of sight and out of the tab order', () => {
    preloadCheckout({ baseUrl: `${BASE}/` }, undefined);
    expect(frames()).toEqual([]);
    quietMoment();
    const [frame, ...more] = frames();
    expect(more).toEqual([]);
    expect(frame?.getAttribute('src')).toBe(`${BASE}/widget/preload`);
    // display:none: out of the tab order and of the accessibility tree
    expect(frame?.style.display).toBe('none');
    expect(frame?.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('adds nothing more when called again for the same origin', () => {
    preloadCheckout(undefined, BASE);
    preloadCheckout({ baseUrl: BASE }, undefined);
    quietMoment();
    preloadCheckout({}, BASE);
    quietMoment();
    expect(frames()).toHaveLength(1);
  });

  it('keeps a base path, as open() does', () => {
    preloadCheckout({ baseUrl: 'https://pay.example.com/checkout//' }, undefined);
    quietMoment();
    expect(frames()[0]?.getAttribute('src')).toBe('https://pay.example.com/checkout/widget/preload');
  });

  it("waits for the page's load event, then for a quiet moment, before adding the frame", () => {
    pageState('interactive');
    preloadCheckout(undefined, BASE);
    quietMoment();
    expect(frames()).toEqual([]);
    pageState('complete');
    window.dispatchEvent(new Event('load'));
    expect(frames()).toEqual([]);
    quietMoment();
    expect(frames()).toHaveLength(1);
  });

  it("takes the browser's idle callback where it has one", () => {
    const idle = vi.fn((callback: () => void, _options?: { timeout: number }) => (callback(), 1));
    vi.stubGlobal('requestIdleCallback', idle);
    preloadCheckout(undefined, BASE);
    expect(idle).toHaveBeenCalledOnce();
    expect(idle.mock.calls[0]?.[1]).toEqual({ timeout: 500 });
    expect(frames()).toHaveLength(1);
  });

  it.each([
    [{ baseUrl: 'ftp://checkout.example.com' }, BASE, /Checkout\.preload\(\): baseUrl must be an http\(s\) URL, got "ftp:/],
    [{ baseUrl: 'not a url' }, BASE, /Checkout\.preload\(\): baseUrl must be an http\(s\) URL/],
    [undefined, undefined, /Checkout\.preload\(\): baseUrl is required \(the script origin is unknown\)/],
    ['https://checkout.example.com', BASE, /Checkout\.preload\(\): options must be an object/],
    [null, BASE, /Checkout\.preload\(\): options must be an object/],
  ])('throws a TypeError for bad options %j and adds nothing', (options, fallback, message) => {
    expect(() => preloadCheckout(options, fallback)).toThrow(TypeError);
    expect(() => preloadCheckout(options, fallback)).toThrow(message);
    expect(frames()).toEqual([]);
  });
});

describe('Checkout.preload and open()', () => {
  const open = () => openCheckout({ code: 'LK123', baseUrl: BASE } as CheckoutOptions, fakeWidget().connector, undefined);

  it('open() removes the hidden frame once its own frame is in the page', () => {
    preloadCheckout(undefined, BASE);
    quietMoment();
    expect(frames()).toHaveLength(1);
    const handle = open();
    expect(frames().map((f) => f.title)).toEqual(['Pasarela checkout']);
    handle.close();
    expect(frames()).toEqual([]);
  });

  it('adds no frame while a checkout is open, and again once it has closed', () => {
    const handle = open();
    preloadCheckout(undefined, BASE);
    quietMoment();
    expect(frames()).toHaveLength(1);
    handle.close();
    expect(frames()).toEqual([]);
    preloadCheckout(undefined, BASE);
    quietMoment();
    expect(frames().map((f) => f.getAttribute('src'))).toEqual([`${BASE}/widget/preload`]);
  });

  it('a page that preloads and opens at once gets no hidden frame: open() came before the quiet moment', () => {
    preloadCheckout(undefined, BASE);
    const handle = open();
    quietMoment();
    expect(frames().map((f) => f.title)).toEqual(['Pasarela checkout']);
    handle.close();
  });

  it('a preload still waiting for the load event adds nothing once open() has come first', () => {
    pageState('loading');
    preloadCheckout(undefined, BASE);
    const handle = open();
    pageState('complete');
    window.dispatchEvent(new Event('load'));
    quietMoment();
    expect(frames().map((f) => f.title)).toEqual(['Pasarela checkout']);
    handle.close();
  });
});
