import { describe, expect, it } from 'vitest';
import { appMarketOf, appMarketsFor } from './appMarket';

// SPEC 2 "/pf/deeplink/market | App-store deep link page".
describe('appMarketOf: the store of the device the payer holds', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)', 'ios'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1', 'ios'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36', 'android'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/120', null],
    ['', null],
  ] as const)('%s -> %s', (ua, market) => {
    expect(appMarketOf(ua)).toBe(market);
  });

  it('offers the device\'s own store first, both stores always', () => {
    expect(appMarketsFor('Android 14')).toEqual(['android', 'ios']);
    expect(appMarketsFor('iPhone')).toEqual(['ios', 'android']);
    expect(appMarketsFor('X11')).toEqual(['ios', 'android']);
  });
});
