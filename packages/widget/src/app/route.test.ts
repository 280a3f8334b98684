import { describe, expect, it } from 'vitest';
import { withStickyParams } from '../services/route';
import { parseRoute } from './routes';

const at = (path: string) => parseRoute(new URL(path, 'https://checkout.test'));

describe('parseRoute (SPEC 2 routes, exact match)', () => {
  it.each([
    ['/pf/widget?type=lk&code=ABC123', { name: 'checkout', type: 'lk', code: 'ABC123' }],
    ['/pf/widget?type=slug&code=cafe-panama', { name: 'checkout', type: 'slug', code: 'cafe-panama' }],
    ['/pf/widget?type=slug&slug=cafe-panama', { name: 'checkout', type: 'slug', code: 'cafe-panama' }],
    ['/pf/widget?type=slugCode&code=cafe%2FX1', { name: 'checkout', type: 'slugCode', code: 'cafe/X1' }],
    ['/pf/widget?type=slugCode&slug=cafe&code=X1', { name: 'checkout', type: 'slugCode', code: 'cafe/X1' }],
    ['/cafe-panama', { name: 'checkout', type: 'slug', code: 'cafe-panama' }],
    ['/cafe-panama/X1', { name: 'checkout', type: 'slugCode', code: 'cafe-panama/X1' }],
    ['/?code=ABC', { name: 'checkout', type: 'lk', code: 'ABC' }],
    // "/ Main checkout page" without a code: the payer enters it (docs/spec-decisions.md).
    ['/', { name: 'codeEntry' }],
    ['/?lang=en', { name: 'codeEntry' }],
    ['/pf/default-receipt/OP123', { name: 'receipt', codOper: 'OP123' }],
    ['/cafe/receive?Oper=OP9', { name: 'receipt', codOper: 'OP9' }],
    // SPEC 2 "reads Oper and redirects to the receipt": the receipt shows at once, drawn with the page
    ['/pf/default-receipt/processing?Oper=OP123', { name: 'receipt', codOper: 'OP123' }],
    ['/pf/responseMessage?code=3000', { name: 'responseMessage', code: '3000' }],
    ['/pf/responseMessage/session?code=619', { name: 'responseMessage', code: '619' }],
    // The method entries open the checkout with that method chosen.
    ['/pf/widget/crypto?type=lk&code=ABC', { name: 'checkout', type: 'lk', code: 'ABC', method: 'crypto' }],
    ['/pf/widget/clave?type=slug&slug=cafe', { name: 'checkout', type: 'slug', code: 'cafe', method: 'clave' }],
    // The way back from the wallet's signup or recovery opened on the checkout's Saldo login: on Saldo again.
    ['/pf/widget?type=lk&code=ABC&method=balance', { name: 'checkout', type: 'lk', code: 'ABC', method: 'balance' }],
    ['/pf/widget?type=lk&code=ABC&method=paypal', { name: 'checkout', type: 'lk', code: 'ABC' }],
    ['/cafe-panama?method=balance', { name: 'checkout', type: 'slug', code: 'cafe-panama', method: 'balance' }],
    ['/cafe-panama/X1?method=balance', { name: 'checkout', type: 'slugCode', code: 'cafe-panama/X1', method: 'balance' }],
    // SPEC 2 "Widget payment types: ... subs (subscription), ps (payment station)".
    ['/pf/widget?type=ps&code=EST-001', { name: 'checkout', type: 'ps', code: 'EST-001' }],
    ['/pf/widget?type=subs&code=SUBDEMO0001', { name: 'checkout', type: 'subs', code: 'SUBDEMO0001' }],
    ['/stationPayment?code=EST-001', { name: 'checkout', type: 'ps', code: 'EST-001' }],
    ['/stationPayment?stationId=EST-001', { name: 'checkout', type: 'ps', code: 'EST-001' }],
    ['/stationPayment', { name: 'notFound' }],
    ['/pf/validateTx?code=PP0123456789AB', { name: 'validateTx', code: 'PP0123456789AB' }],
    ['/pf/validateTx', { name: 'notFound' }],
    ['/pf/receipt/campaign?Oper=OP5', { name: 'campaignReceipt', codOper: 'OP5' }],
    ['/pf/receipt/campaign', { name: 'notFound' }],
    ['/SUBDEMO0001/receive?Oper=OP7', { name: 'receipt', codOper: 'OP7' }],
    ['/pf/emailPayment?code=EP0123456789abcdef0123', { name: 'emailPayment', token: 'EP0123456789abcdef0123' }],
    ['/pf/emailPayment', { name: 'notFound' }],
    ['/pf/tx-result?Oper=OP8', { name: 'txResult', codOper: 'OP8' }],
    ['/pf/tx-result', { name: 'notFound' }],
    ['/pf/returnpage?Oper=OP8', { name: 'returnPage', codOper: 'OP8' }],
    ['/pf/returnpage', { name: 'notFound' }],
    ['/pf/deeplink/market', { name: 'appMarket' }],
    ['/pf/deeplink', { name: 'notFound' }],
  ])('%s', (path, route) => {
    expect(at(path)).toEqual(route);
  });

  it.each([
    // "A missing payment code or type in the widget goes to /404."
    '/pf/widget',
    '/pf/widget?type=lk',
    '/pf/widget?code=ABC',
    '/pf/widget?type=nope&code=ABC',
    '/pf/widget/crypto',
    '/pf/widget/clave?type=lk',
    '/pf/widget/crypto/extra?type=lk&code=ABC',
    '/pf/widget?type=slugCode&code=onlyslug',
    // "With no Oper it records a receive_not_found error and goes to /404."
    '/pf/default-receipt/processing',
    // "Any other path redirects to /404."
    '/404',
    '/pf/unknown',
    '/a/b/c',
    '/api/v1',
    '/%E0%A4%A',
    '/bad<slug>',
  ])('%s is not found', (path) => {
    expect(at(path)).toEqual({ name: 'notFound' });
  });
});

// The wallet's signup or recovery opened from a checkout's Saldo login: `next` is that checkout, in
// whichever address form it was opened, and the screen is handed it to lead back and name its shop.
describe('the checkout a wallet screen goes back to', () => {
  const wallet = (screen: string, next: string) => at(`/pf/widget/${screen}?next=${encodeURIComponent(next)}`);
  it.each([
    ['/pf/widget?type=lk&code=LKABC123&method=balance', { type: 'lk', code: 'LKABC123', method: 'balance' }],
    ['/lkabc123?method=balance', { type: 'slug', code: 'lkabc123', method: 'balance' }],
    ['/cafe-panama/X1?method=balance', { type: 'slugCode', code: 'cafe-panama/X1', method: 'balance' }],
    ['/pf/widget?type=slug&slug=cafe&method=balance&lang=en', { type: 'slug', code: 'cafe', method: 'balance' }],
    ['/?code=LKABC123', { type: 'lk', code: 'LKABC123' }],
  ])('%s', (next, checkout) => {
    expect(wallet('signup', next)).toEqual({ name: 'wallet', screen: 'signup', next, back: { name: 'checkout', ...checkout } });
    expect(wallet('recoverypassword', next)).toEqual({ name: 'wallet', screen: 'recoverypassword', next, back: { name: 'checkout', ...checkout } });
  });

  it.each(['/pf/widget/home', '/pf/widget/login?next=%2Flkabc123', '/pf/default-receipt/OP1', '/pf/widget?type=lk', '/404'])('%s: no payment to go back to', (next) => {
    expect(wallet('signup', next)).toEqual({ name: 'wallet', screen: 'signup', next, back: null });
  });

  it('no next, or one that leaves the site: neither a next nor a way back', () => {
    expect(at('/pf/widget/signup')).toEqual({ name: 'wallet', screen: 'signup', next: null, back: null });
    expect(wallet('recoverypassword', '//evil.test/lkabc123')).toEqual({ name: 'wallet', screen: 'recoverypassword', next: null, back: null });
  });
});

describe('withStickyParams', () => {
  it('keeps parentOrigin and lang, drops the rest', () => {
    const current = new URL('https://checkout.test/pf/widget?type=lk&code=A&lang=en&parentOrigin=https%3A%2F%2Fshop.test');
    expect(withStickyParams('/pf/default-receipt/OP1', current)).toBe(
      '/pf/default-receipt/OP1?parentOrigin=https%3A%2F%2Fshop.test&lang=en',
    );
  });
  it("keeps the shop's modal dialog too, so a return from the bank still keeps Tab inside", () => {
    const current = new URL('https://checkout.test/pf/widget?type=lk&code=A&lang=es&parentOrigin=https%3A%2F%2Fshop.test&modal=1');
    expect(withStickyParams('/pf/default-receipt/OP1?challenge=1', current)).toBe(
      '/pf/default-receipt/OP1?challenge=1&parentOrigin=https%3A%2F%2Fshop.test&lang=es&modal=1',
    );
  });
});

describe('Clave return routes (SPEC 2 widget routes)', () => {
  it.each([
    ['/pf/widget/returnclave?Oper=PP0123456789AB', { name: 'claveReturn', codOper: 'PP0123456789AB' }],
    ['/pf/widget/returnclavesdk?Oper=PP0123456789AB&parentOrigin=https%3A%2F%2Fshop.test&lang=en', { name: 'claveReturn', codOper: 'PP0123456789AB' }],
  ])('%s', (path, route) => {
    expect(at(path)).toEqual(route);
  });

  it.each([
    '/pf/widget/returnclave',
    '/pf/widget/returnclavesdk',
    '/pf/widget/returnclave?Oper=',
    '/pf/widget/returnclave?Oper=%2F%2Fevil.test',
    '/pf/widget/returnclave/extra?Oper=OP1',
  ])('%s is not found', (path) => {
    expect(at(path)).toEqual({ name: 'notFound' });
  });
});
