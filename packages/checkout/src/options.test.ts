import { afterEach, describe, expect, it } from 'vitest';
import { resolveOptions } from './options';

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
    [{ code: 'A', container: 42 }, /container must be an element or a CSS selector/],
    [{ code: 'A', container: null }, /container must be an element or a CSS selector/],
  ])('%j throws a TypeError matching %s', (options, message) => {
    const call = () => resolveOptions(options, BASE);
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
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

  it('passes the language through', () => {
    expect(resolveOptions({ code: 'A', baseUrl: BASE, lang: 'en' }, undefined).lang).toBe('en');
    expect(resolveOptions({ code: 'A', baseUrl: BASE }, undefined).lang).toBeUndefined();
  });
});
