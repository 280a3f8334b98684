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
