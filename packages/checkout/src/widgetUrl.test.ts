import { describe, expect, it } from 'vitest';
import type { WidgetPaymentType } from '@pasarela/core';
import { widgetUrl } from './widgetUrl';

const BASE = 'https://checkout.example.com';

describe('widgetUrl', () => {
  it.each<[WidgetPaymentType, string]>([
    ['lk', 'LK123'],
    ['slug', 'tienda-panama'],
    ['slugCode', 'tienda-panama/ABC'],
    ['subs', 'SUB-9'],
    ['ps', '42'],
  ])('type %s carries code %s, the parent origin and the SDK version', (type, code) => {
    const url = new URL(widgetUrl({ type, code, lang: 'en', baseUrl: BASE }, 'https://shop.example', '1.2.3'));
    expect(url.origin + url.pathname).toBe(`${BASE}/pf/widget`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      type,
      code,
      lang: 'en',
      parentOrigin: 'https://shop.example',
      sdkVersion: '1.2.3',
    });
  });

  it('leaves lang out when the page did not choose one, so the widget follows the browser', () => {
    const url = new URL(widgetUrl({ type: 'lk', code: 'A', lang: undefined, baseUrl: BASE }, 'https://shop.example', '1'));
    expect(url.searchParams.has('lang')).toBe(false);
  });

  it('keeps a base path and escapes codes', () => {
    const href = widgetUrl({ type: 'lk', code: 'a&b=c', lang: undefined, baseUrl: `${BASE}/pay` }, 'https://shop.example', '1');
    const url = new URL(href);
    expect(url.pathname).toBe('/pay/pf/widget');
    expect(url.searchParams.get('code')).toBe('a&b=c');
  });
});
