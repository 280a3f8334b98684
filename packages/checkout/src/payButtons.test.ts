import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWidget, paymentResult, serveBlankFramePages } from './fakeWidget';
import type { FakeWidget } from './fakeWidget';
import { openCheckout } from './open';
import { listenForPayButtons } from './payButtons';
import type { CheckoutHandle, CheckoutOptions, PaymentResult } from './types';

const BASE = 'https://checkout.example.com';
let widget: FakeWidget;
let handle: CheckoutHandle | undefined;
/** What the document's click listener calls; each test decides. */
let open: (options: CheckoutOptions) => CheckoutHandle;

const realOpen = (options: CheckoutOptions) => (handle = openCheckout(options, widget.connector, BASE));

beforeAll(() => {
  serveBlankFramePages();
  // once, as the script tag's build does: the listener stays on the document for every test
  listenForPayButtons((options) => open(options));
});

beforeEach(() => {
  widget = fakeWidget();
  open = realOpen;
  document.body.innerHTML = '';
});

afterEach(() => {
  handle?.close();
  handle = undefined;
  vi.restoreAllMocks();
});

function button(attributes: Record<string, string>, text = 'Pagar'): HTMLButtonElement {
  const element = document.createElement('button');
  element.textContent = text;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

function click(element: Element): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  element.dispatchEvent(event);
  return event;
}

const iframeQuery = () => new URL(document.querySelector('iframe')?.src ?? 'about:blank').searchParams;

describe('zero-JS pay buttons (PRODUCT.md "SDK beyond open()")', () => {
  it('opens the checkout from data-pasarela-code and data-pasarela-lang, and takes over the click', () => {
    const event = click(button({ 'data-pasarela-code': 'LK123', 'data-pasarela-lang': 'en' }));
    expect(document.querySelector('[role="dialog"] iframe')).not.toBeNull();
    expect(iframeQuery().get('type')).toBe('lk');
    expect(iframeQuery().get('code')).toBe('LK123');
    expect(iframeQuery().get('lang')).toBe('en');
    expect(event.defaultPrevented).toBe(true);
  });

  it.each([
    [{ 'data-pasarela-slug': 'tienda-panama' }, 'slug', 'tienda-panama'],
    [{ 'data-pasarela-slug': 'tienda-panama', 'data-pasarela-code': 'ABC' }, 'slugCode', 'tienda-panama/ABC'],
    [{ 'data-pasarela-subscription-key': 'SUB-9' }, 'subs', 'SUB-9'],
    [{ 'data-pasarela-station-id': '42' }, 'ps', '42'],
  ])('maps %o to type %s', (attributes, type, code) => {
    click(button(attributes));
    expect(iframeQuery().get('type')).toBe(type);
    expect(iframeQuery().get('code')).toBe(code);
    expect(iframeQuery().has('lang')).toBe(false);
  });

  it('works for elements added after the loader, and for clicks on a child of the button', () => {
    const late = button({ 'data-pasarela-code': 'LATE' });
    const icon = document.createElement('span');
    late.append(icon);
    click(icon);
    expect(iframeQuery().get('code')).toBe('LATE');
  });

  it('dispatches every result on the element as a bubbling pasarela:result CustomEvent', () => {
    const element = button({ 'data-pasarela-code': 'LK123' });
    const onElement: PaymentResult[] = [];
    const onDocument: EventTarget[] = [];
    element.addEventListener('pasarela:result', (event) => onElement.push((event as CustomEvent<PaymentResult>).detail));
    document.addEventListener('pasarela:result', (event) => onDocument.push(event.target as EventTarget), { once: true });
    click(element);
    const declined = paymentResult('error', 'OP-1');
    const approved = paymentResult('success', 'OP-2');
    widget.notify({ type: 'result', result: declined });
    widget.notify({ type: 'result', result: approved });
    expect(onElement).toEqual([declined, approved]);
    expect(onDocument).toEqual([element]);
  });

  it.each([
    [{ 'data-pasarela-code': 'LK1', 'data-pasarela-lang': 'fr' }, /data-pasarela-lang must be es or en, got "fr"/],
    [{ 'data-pasarela-code': '' }, /data-pasarela-code must be a non-empty string/],
    [{ 'data-pasarela-code': 'A', 'data-pasarela-station-id': 'B' }, /got data-pasarela-code and data-pasarela-station-id/],
    [{ 'data-pasarela-subscription-key': ' ' }, /data-pasarela-subscription-key must be a non-empty string/],
    [{ 'data-pasarela-code': 'A', 'data-pasarela-appearance': '{"theme":"dim"}' }, /data-pasarela-appearance\.theme must be one of light, dark, auto, got "dim"/],
    [{ 'data-pasarela-code': 'A', 'data-pasarela-appearance': "{theme:'dark'}" }, /data-pasarela-appearance must be an object, got "\{theme:'dark'\}"/],
    [{ 'data-pasarela-code': 'A', 'data-pasarela-appearance': '{"variables":{"colorText":"red"}}' }, /data-pasarela-appearance\.variables\.colorText must be a colour/],
  ])('warns naming the attribute and opens nothing for %o', (attributes, message) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const element = button(attributes);
    click(element);
    expect(document.querySelector('iframe')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[pasarela\] /), element);
    expect(warn.mock.calls[0]?.[0]).toMatch(message);
  });

  it('leaves a bad button alone without touching the checkout that is already open', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    click(button({ 'data-pasarela-code': 'GOOD' }));
    click(button({ 'data-pasarela-code': 'BAD', 'data-pasarela-lang': 'xx' }));
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(iframeQuery().get('code')).toBe('GOOD');
  });

  it('ignores other clicks, elements with only data-pasarela-lang, and clicks the page already handled', () => {
    open = vi.fn(realOpen);
    const other = click(button({}));
    const langOnly = click(button({ 'data-pasarela-lang': 'en' }));
    const vetoed = button({ 'data-pasarela-code': 'LK123' });
    vetoed.addEventListener('click', (event) => event.preventDefault());
    click(vetoed);
    expect(open).not.toHaveBeenCalled();
    expect(other.defaultPrevented).toBe(false);
    expect(langOnly.defaultPrevented).toBe(false);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('takes the appearance from data-pasarela-appearance, as JSON', () => {
    const appearance = { theme: 'dark', variables: { colorPrimary: '#6b3e26', fontFamily: 'lora' } };
    click(button({ 'data-pasarela-code': 'LK1', 'data-pasarela-appearance': JSON.stringify(appearance) }));
    expect(JSON.parse(iframeQuery().get('appearance') ?? '')).toEqual(appearance);
  });

  it('passes the attributes and nothing else to open()', () => {
    const calls: CheckoutOptions[] = [];
    open = (options) => {
      calls.push(options);
      return realOpen(options);
    };
    click(button({ 'data-pasarela-station-id': '7', 'data-pasarela-base-url': 'https://evil.example', 'data-pasarela-container': 'body' }));
    expect(calls).toHaveLength(1);
    expect(Object.entries(calls[0] ?? {}).filter(([, value]) => value !== undefined).map(([key]) => key).sort()).toEqual([
      'onResult',
      'stationId',
    ]);
    expect(widget.origin).toBe(BASE);
  });
});
