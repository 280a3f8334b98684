import { beforeAll, describe, expect, it } from 'vitest';
import { catalogs, type PendingSubscription } from '@pasarela/core';
import { startI18n } from '../../i18n/i18n';
import { render } from '../../testing/render';
import { PlanSummary } from './PlanSummary';

beforeAll(() => startI18n('es', catalogs.es));

const subscription = (amount: number): PendingSubscription => ({
  idSubscription: 1, subscriptionKey: 'SUB1', status: 0, email: '', nextChargeAt: null,
  plan: { idPlan: 1, idMerchant: 1, name: 'Club del Café', description: '', amount, period: 'MO', chargeNow: true },
});

// Issue 93: "the checkout formats the currency for the payer's language and country ("$ 50.000" es-CO)".
describe('a plan says what it charges in the merchant\'s currency', () => {
  it.each([
    ['COP', 50_000, 'Se cobrará $\u00a050.000 cada mes'],
    ['USD', 19.99, 'Se cobrará $19.99 cada mes'],
  ] as const)('%s', async (currency, amount, text) => {
    const view = await render(<PlanSummary subscription={subscription(amount)} lang="es" currency={currency} />);
    expect(view.container.querySelector('.plan__every')?.textContent).toBe(text);
    await view.unmount();
  });
});

describe('a plan that charges first when due says nothing is charged today, and when the first charge comes', () => {
  it.each([
    ['es', 'Hoy no se cobra nada: tu tarjeta queda guardada y el primer cobro, de $9.99, será el 13 de diciembre de 2026.'],
    ['en', 'Nothing is charged today: your card is kept, and the first charge, of $9.99, comes on December 13, 2026.'],
  ] as const)('%s', async (lang, text) => {
    startI18n(lang, catalogs[lang]);
    const weekly: PendingSubscription = { ...subscription(9.99), plan: { ...subscription(9.99).plan, period: 'WE', chargeNow: false } };
    const view = await render(<PlanSummary subscription={weekly} lang={lang} currency="USD" now={Date.parse('2026-12-06T15:00:00Z')} />);
    expect(view.container.querySelector('.plan__first-charge')?.textContent).toBe(text);
    expect(view.container.querySelector('.plan__every')?.textContent).toMatch(/9\.99/);
    await view.unmount();
    startI18n('es', catalogs.es);
  });

  it('a plan that charges today says no such thing', async () => {
    const view = await render(<PlanSummary subscription={subscription(9.99)} lang="es" currency="USD" />);
    expect(view.container.querySelector('.plan__first-charge')).toBeNull();
    await view.unmount();
  });
});
