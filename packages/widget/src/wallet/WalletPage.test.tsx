import { beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import { parseRoute } from '../app/routes';
import { ServicesContext } from '../services/services';
import { startI18n } from '../i18n/i18n';
import { scriptedApi } from '../testing/fakePaymentContext';
import { fakeServices } from '../testing/fakeServices';
import { render, settle, viewPerTest } from '../testing/render';
import { walletModule } from './walletModule';

beforeAll(() => startI18n('es', catalogs.es));

// The wallet's signup or recovery opened from a checkout's Saldo login (its `next`), as the router
// hands it: "Volver al pago" to that checkout, in whichever address form it was opened, under the shop's header.
describe("the wallet's way back to the payment", () => {
  const keep = viewPerTest();
  it.each([
    ['signup', '/pf/widget?type=lk&code=LKABC123&method=balance', { type: 'lk', code: 'LKABC123' }],
    ['recoverypassword', '/pf/widget?type=lk&code=LKABC123&method=balance', { type: 'lk', code: 'LKABC123' }],
    ['signup', '/lkabc123?method=balance', { type: 'slug', code: 'lkabc123' }],
    ['recoverypassword', '/lkabc123?method=balance', { type: 'slug', code: 'lkabc123' }],
    ['signup', '/cafe-panama/X1?method=balance', { type: 'slugCode', code: 'cafe-panama/X1' }],
    ['recoverypassword', '/cafe-panama/X1?method=balance', { type: 'slugCode', code: 'cafe-panama/X1' }],
  ])('%s opened from %s: back to that payment, the shop named', async (screen, next, checkout) => {
    const { api, calls } = scriptedApi({ 'payment-info/shop': { name: 'Tienda Azul', logo: '', returnUrl: '', paid: null } });
    const { services } = fakeServices(api);
    const route = parseRoute(new URL(`/pf/widget/${screen}?next=${encodeURIComponent(next)}`, 'https://checkout.test'));
    if (route.name !== 'wallet') throw new Error(`not a wallet route: ${route.name}`);
    const { View } = walletModule.prepare(route, services);
    const view = keep(await render(<ServicesContext.Provider value={services}><View /></ServicesContext.Provider>));
    await settle();
    const links = [...view.container.querySelectorAll('a')].filter((a) => a.textContent === catalogs.es.back_to_payment);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([next]);
    expect(view.container.querySelector('.header__name')?.textContent).toBe('Tienda Azul');
    expect(calls.filter((c) => c.path === 'payment-info/shop').map((c) => c.body)).toEqual([checkout]);
  });

  it.each([
    ['signup', '/pf/widget/home'],
    ['recoverypassword', '/pf/widget/home'],
    ['signup', null],
  ])("%s opened from the wallet's own pages (next %s): no payment to go back to, no shop asked for", async (screen, next) => {
    const { api, calls } = scriptedApi({});
    const { services } = fakeServices(api);
    const route = parseRoute(new URL(`/pf/widget/${screen}${next ? `?next=${encodeURIComponent(next)}` : ''}`, 'https://checkout.test'));
    if (route.name !== 'wallet') throw new Error(`not a wallet route: ${route.name}`);
    const { View } = walletModule.prepare(route, services);
    const view = keep(await render(<ServicesContext.Provider value={services}><View /></ServicesContext.Provider>));
    await settle();
    expect([...view.container.querySelectorAll('a')].filter((a) => a.textContent === catalogs.es.back_to_payment)).toEqual([]);
    expect(view.container.querySelector('.header__name')).toBeNull();
    expect(calls.filter((c) => c.path === 'payment-info/shop')).toEqual([]);
  });
});
