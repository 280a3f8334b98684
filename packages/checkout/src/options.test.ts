import { afterEach, describe, expect, it } from 'vitest';
import { resolveOptions } from './options';
import type { CheckoutSettings } from './types';

const BASE = 'https://checkout.example.com';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('resolveOptions: PRODUCT.md "options: exactly one target"', () => {
  it.each([
    [{ code: 'LK123' }, 'lk', 'LK123'],
    [{ slug: 'tienda-panama' }, 'slug', 'tienda-panama'],
    [{ slug: 'tienda-panama', code: 'ABC' }, 'slugCode', 'tienda-panama/ABC'],
    [{ code: 'ABC', slug: 'tienda-panama' }, 'slugCode', 'tienda-panama/ABC'],
    [{ subscriptionKey: 'SUB-9' }, 'subs', 'SUB-9'],
    [{ stationId: '42' }, 'ps', '42'],
  ])('%j opens type %s with code %s', (target, type, code) => {
    const resolved = resolveOptions({ ...target, baseUrl: BASE }, undefined);
    expect(resolved).toMatchObject({ type, code, baseUrl: BASE, origin: BASE, container: undefined });
  });

  it.each([
    [undefined, /options must be an object/],
    [null, /options must be an object/],
    ['LK123', /options must be an object/],
    [{}, /give one target: code, slug, subscriptionKey or stationId/],
    [{ lang: 'es' }, /give one target/],
    [{ code: 'A', subscriptionKey: 'B' }, /only one target, got code and subscriptionKey/],
    [{ slug: 'a', stationId: 'B' }, /only one target, got slug and stationId/],
    [{ code: 'A', slug: 'b', stationId: 'C' }, /only one target, got code and slug and stationId/],
    [{ code: '' }, /code must be a non-empty string/],
    [{ code: '   ' }, /code must be a non-empty string/],
    [{ stationId: 42 }, /stationId must be a non-empty string/],
    [{ code: 'A', lang: 'fr' }, /lang must be es or en, got "fr"/],
    [{ code: 'A', lang: 'ES' }, /lang must be es or en/],
    [{ code: 'A', onResult: 'done' }, /onResult must be a function/],
    [{ code: 'A', onClose: {} }, /onClose must be a function/],
    [{ code: 'A', baseUrl: 'checkout.example.com' }, /baseUrl must be an http\(s\) URL, got "checkout.example.com"/],
    [{ code: 'A', baseUrl: 'javascript:alert(1)' }, /baseUrl must be an http\(s\) URL/],
    [{ code: 'A', baseUrl: 'ftp://checkout.example.com' }, /baseUrl must be an http\(s\) URL/],
    [{ code: 'A', container: '#missing' }, /no element matches container "#missing"/],
    [{ code: 'A', container: '##' }, /no element matches container "##"/],
    [{ code: 'A', container: 42 }, /container must be an element on the page or a CSS selector/],
    [{ code: 'A', container: null }, /container must be an element on the page or a CSS selector/],
    // a React ref to a node not mounted yet, or one removed: its frame would never connect
    [{ code: 'A', container: document.createElement('div') }, /container must be an element on the page or a CSS selector/],
    // PRODUCT.md "SDK beyond open()": appearance values are validated like every other option, never raw CSS
    [{ code: 'A', appearance: 'dark' }, /appearance must be an object, got "dark"/],
    [{ code: 'A', appearance: { theme: 'dim' } }, /appearance\.theme must be one of light, dark, auto, got "dim"/],
    [{ code: 'A', appearance: { variables: { colorPrimary: 'red' } } }, /appearance\.variables\.colorPrimary must be a colour in hex \(#0a5cc2\), rgb\(\) or hsl\(\), got "red"/],
    [{ code: 'A', appearance: { variables: { colorBackground: '#fff; background: url(x)' } } }, /appearance\.variables\.colorBackground must be a colour/],
    [{ code: 'A', appearance: { variables: { borderRadius: '40px' } } }, /appearance\.variables\.borderRadius must be a length from 0px to 24px, in px or rem, got "40px"/],
    [{ code: 'A', appearance: { variables: { fontFamily: 'https://fonts.example/x.woff2' } } }, /appearance\.variables\.fontFamily must be one of system, humanist, rounded, serif, inter, lora/],
    [{ code: 'A', appearance: { variables: { colorBorder: '#000' } } }, /appearance\.variables has no colorBorder: it takes colorPrimary, /],
    // a misspelt or invented option would otherwise do nothing, silently
    [{ code: 'A', amout: 5 }, /^\[pasarela\] Checkout\.open\(\): options has no amout: it takes code, slug, subscriptionKey, stationId, lang, container, baseUrl, appearance, onReady, onResult, onClose, onError$/],
    [{ code: 'A', language: 'en' }, /options has no language: it takes /],
    [{ code: 'A', onSuccess: () => {} }, /options has no onSuccess: it takes /],
    [{ code: 'A', amount: undefined }, /options has no amount: it takes /],
  ])('%j throws a TypeError matching %s', (options, message) => {
    const call = () => resolveOptions(options, BASE);
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
  });

  it('carries a good appearance to the checkout as JSON, and nothing when none is given', () => {
    const appearance = { theme: 'auto', variables: { colorPrimary: '#6b3e26', borderRadius: '0.75rem', fontFamily: 'lora' } };
    expect(JSON.parse(resolveOptions({ code: 'A', appearance }, BASE).appearance ?? '')).toEqual(appearance);
    expect(resolveOptions({ code: 'A' }, BASE).appearance).toBeUndefined();
  });

  it('takes the default base URL (the script origin) when none is given', () => {
    expect(resolveOptions({ code: 'A' }, BASE)).toMatchObject({ baseUrl: BASE, origin: BASE });
  });

  it('asks for a baseUrl when the script origin is unknown (a file: URL has origin "null")', () => {
    expect(() => resolveOptions({ code: 'A' }, 'null')).toThrow(/baseUrl is required/);
    expect(() => resolveOptions({ code: 'A' }, undefined)).toThrow(/baseUrl is required/);
  });

  it('keeps a path prefix, drops the trailing slash and locks the exact origin', () => {
    const resolved = resolveOptions({ code: 'A', baseUrl: 'http://localhost:4000/pay/' }, undefined);
    expect(resolved.baseUrl).toBe('http://localhost:4000/pay');
    expect(resolved.origin).toBe('http://localhost:4000');
  });

  it('accepts a container element or a selector that matches one', () => {
    const element = document.createElement('section');
    element.id = 'pay-here';
    document.body.append(element);
    expect(resolveOptions({ code: 'A', baseUrl: BASE, container: element }, undefined).container).toBe(element);
    expect(resolveOptions({ code: 'A', baseUrl: BASE, container: '#pay-here' }, undefined).container).toBe(element);
  });

  it('takes every option CheckoutOptions names', () => {
    document.body.innerHTML = '<div id="pay-here"></div>';
    const callbacks = { onReady() {}, onResult() {}, onClose() {}, onError() {} };
    const everything = { slug: 'tienda', code: 'A', lang: 'en', container: '#pay-here', baseUrl: BASE, appearance: { theme: 'dark' }, ...callbacks } satisfies Required<CheckoutSettings> & { slug: string; code: string };
    expect(resolveOptions(everything, undefined)).toMatchObject({ type: 'slugCode', lang: 'en', listeners: expect.any(Array) });
    expect(resolveOptions({ subscriptionKey: 'S' }, BASE).type).toBe('subs');
    expect(resolveOptions({ stationId: '42' }, BASE).type).toBe('ps');
  });

  it('passes the language through', () => {
    expect(resolveOptions({ code: 'A', baseUrl: BASE, lang: 'en' }, undefined).lang).toBe('en');
    expect(resolveOptions({ code: 'A', baseUrl: BASE }, undefined).lang).toBeUndefined();
  });
});
