import { beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import { ServicesContext } from '../services/services';
import { startI18n } from '../i18n/i18n';
import { scriptedApi } from '../testing/fakePaymentContext';
import { fakeServices } from '../testing/fakeServices';
import { render, settle } from '../testing/render';
import { LinkShopMessage } from './LinkShopMessage';

beforeAll(() => startI18n('es', catalogs.es));

async function show(type: string, answer: object, expired = false) {
  const { api, calls } = scriptedApi({ 'payment-info/shop': answer });
  const { services } = fakeServices(api);
  const view = await render(
    <ServicesContext.Provider value={services}>
      <LinkShopMessage title={(expired ? catalogs.es.expired_link : catalogs.es.request_already_paid) ?? ''} type={type} code="K1" expired={expired} />
    </ServicesContext.Provider>,
  );
  await settle();
  return { ...view, calls };
}

// Issue 96: "A paid link or subscription page drawn with the checkout's styles and the shop, saying what
// was paid, when, and how much ('Ya pagaste este enlace el 28/11/2026: $7.25'); an active subscription says it is active."
describe('a paid link or subscription opened again', () => {
  it('a paid link names the shop and says when and how much was paid', async () => {
    const view = await show('lk', { name: 'Tostadores del Casco', logo: '', returnUrl: null, paid: { at: '2026-11-28T15:00:00.000Z', amount: 7.25 } });
    expect(view.container.querySelector('h1')?.textContent).toBe(catalogs.es.request_already_paid);
    expect(view.container.textContent).toContain('Tostadores del Casco');
    expect(view.container.textContent).toContain('Ya pagaste este enlace el 28/11/2026: $7.25.');
    await view.unmount();
  });

  it('an active subscription names its shop and says it is active, with what it charges', async () => {
    const view = await show('subs', { name: 'Club del Café', logo: '', returnUrl: null, paid: null, active: { amount: 9.5, period: 'MO' } });
    expect(view.calls.at(-1)?.body).toMatchObject({ type: 'subs', code: 'K1' });
    expect(view.container.textContent).toContain('Tu suscripción a Club del Café está activa: $9.50 cada mes.');
    await view.unmount();
  });

  // Issue 93: a Colombian merchant's link and plan are in pesos, as Colombia writes them.
  it('says what was paid, and what a subscription charges, in the merchant\'s pesos', async () => {
    const paid = await show('lk', { name: 'Tienda Bogotá', logo: '', returnUrl: null, paid: { at: '2026-11-28T15:00:00.000Z', amount: 50_000, currency: 'COP' } });
    expect(paid.container.textContent).toContain('Ya pagaste este enlace el 28/11/2026: $\u00a050.000.');
    await paid.unmount();
    const active = await show('subs', { name: 'Club Bogotá', logo: '', returnUrl: null, paid: null, active: { amount: 50_000, period: 'MO', currency: 'COP' } });
    expect(active.container.textContent).toContain('Tu suscripción a Club Bogotá está activa: $\u00a050.000 cada mes.');
    await active.unmount();
  });
});

describe('an expired link opened', () => {
  it('names its shop and says what to do to pay: ask the shop for a new link', async () => {
    const view = await show('slug', { name: 'Tostadores del Casco', logo: '', returnUrl: null, paid: null }, true);
    expect(view.container.querySelector('h1')?.textContent).toBe(catalogs.es.expired_link);
    expect(view.container.textContent).toContain('Para pagar, pide a Tostadores del Casco un enlace de pago nuevo.');
    await view.unmount();
  });

  it('paid before it expired, it says what was paid, not to ask for a new one', async () => {
    const view = await show('lk', { name: 'Tostadores del Casco', logo: '', returnUrl: null, paid: { at: '2026-11-28T15:00:00.000Z', amount: 7.25 } }, true);
    expect(view.container.textContent).toContain('Ya pagaste este enlace el 28/11/2026: $7.25.');
    expect(view.container.textContent).not.toContain('pide a');
    await view.unmount();
  });
});
