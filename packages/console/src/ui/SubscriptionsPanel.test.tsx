import { describe, expect, it, vi } from 'vitest';
import type { AdminApi } from '../api/adminApi';
import type { Subscription } from '../api/schemas';
import { changeLanguage } from '../i18n/i18n';
import { createConsoleStore } from '../store/consoleStore';
import { SubscriptionsPanel } from './SubscriptionsPanel';
import { renderInPage } from './renderInPage';

// docs/sandbox.md "Suscripciones / Subscriptions": a merchant's subscriptions, 20 at a time, and the
// merchant API's cancel (docs/merchant-api.md "Subscriptions") after a confirmation dialog.

const render = renderInPage();

const subscription = (key: string, status: string, email = `${key.toLowerCase()}@example.com`): Subscription => ({
  subscriptionKey: key, plan: { idPlan: 4, name: 'Club del café', amount: 9.5, period: 'MO', currency: 'USD' }, email, status,
  nextChargeAt: status === 'active' ? '2026-12-30T12:00:00.000Z' : null, createdAt: '2026-11-30T12:00:00.000Z', cancelledAt: null,
});
const pageOf = (data: Subscription[], nextCursor: string | null = null) => ({ data, nextCursor });

async function panelWith(over: Partial<AdminApi>) {
  const api = over as AdminApi;
  const store = createConsoleStore(api);
  store.setState({ merchants: [{ id: 3, name: 'Café Boquete', currency: 'USD' }] as never, merchantId: 3 });
  const el = await render(<SubscriptionsPanel store={store} api={api} />);
  return el;
}
const rowOf = (el: HTMLElement, key: string) => el.querySelector<HTMLElement>(`[data-subscription="${key}"]`);
const buttonIn = (root: ParentNode | null | undefined, text: string) => [...(root?.querySelectorAll('button') ?? [])].find((b) => b.textContent === text);
const escape = () => document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));

describe('the Subscriptions tab', () => {
  it('lists the merchant\u2019s subscriptions with their status; only one not cancelled offers Cancel', async () => {
    const el = await panelWith({ subscriptionsOf: vi.fn(async () => pageOf([subscription('SUBA', 'active'), subscription('SUBP', 'pending'), subscription('SUBC', 'cancelled')])) });
    await vi.waitFor(() => expect(rowOf(el, 'SUBA')).not.toBeNull());
    expect(rowOf(el, 'SUBA')?.textContent).toContain('Activa');
    expect(rowOf(el, 'SUBA')?.textContent).toContain('$9.50 · Mensual');
    expect(rowOf(el, 'SUBP')?.textContent).toContain('Pendiente del primer pago');
    expect(rowOf(el, 'SUBC')?.textContent).toContain('Cancelada');
    expect([buttonIn(rowOf(el, 'SUBA'), 'Cancelar la suscripción'), buttonIn(rowOf(el, 'SUBP'), 'Cancelar la suscripción')].every(Boolean)).toBe(true);
    expect(buttonIn(rowOf(el, 'SUBC'), 'Cancelar la suscripción')).toBeUndefined();
  });

  it('asks first: the focus goes into the dialog, Escape cancels nothing and the focus comes back to the row\u2019s button', async () => {
    const cancelSubscription = vi.fn();
    const el = await panelWith({ subscriptionsOf: vi.fn(async () => pageOf([subscription('SUBA', 'active')])), cancelSubscription });
    await vi.waitFor(() => expect(rowOf(el, 'SUBA')).not.toBeNull());
    const cancel = buttonIn(rowOf(el, 'SUBA'), 'Cancelar la suscripción');
    cancel?.focus();
    cancel?.click();
    await vi.waitFor(() => expect(el.querySelector('dialog')?.open).toBe(true));
    const dialog = el.querySelector('dialog');
    expect(dialog?.textContent).toContain('¿Cancelar la suscripción de suba@example.com?');
    expect(dialog?.contains(document.activeElement)).toBe(true);
    escape();
    await vi.waitFor(() => expect(el.querySelector('dialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(cancelSubscription).not.toHaveBeenCalled();
    // "No, keep it" does the same.
    cancel?.click();
    await vi.waitFor(() => expect(el.querySelector('dialog')).not.toBeNull());
    buttonIn(el.querySelector('dialog'), 'No, mantenerla')?.click();
    await vi.waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(cancelSubscription).not.toHaveBeenCalled();
  });

  it('the dialog names the plan as it is named, whatever its name: "Plan Mensual" is never read "Plan Plan Mensual"; in English too', async () => {
    const named = (name: string): Subscription => ({ ...subscription('SUBN', 'active'), plan: { ...subscription('SUBN', 'active').plan, name, amount: 19.99 } });
    for (const [name, lang, expected] of [
      ['Plan Mensual', 'es', 'Su plan: Plan Mensual, $19.99 · Mensual.'],
      ['Club del café', 'es', 'Su plan: Club del café, $19.99 · Mensual.'],
      ['Monthly plan', 'en', 'Their plan: Monthly plan, $19.99 · Monthly.'],
    ] as const) {
      await changeLanguage(lang);
      try {
        const el = await panelWith({ subscriptionsOf: vi.fn(async () => pageOf([named(name)])) });
        await vi.waitFor(() => expect(rowOf(el, 'SUBN')).not.toBeNull());
        buttonIn(rowOf(el, 'SUBN'), lang === 'es' ? 'Cancelar la suscripción' : 'Cancel the subscription')?.click();
        await vi.waitFor(() => expect(el.querySelector('dialog')).not.toBeNull());
        const text = el.querySelector('dialog p')?.textContent ?? '';
        expect(text.startsWith(expected)).toBe(true);
        expect(text).not.toMatch(/\bplan plan\b/i);
        el.remove();
      } finally {
        await changeLanguage('es');
      }
    }
  });

  it('confirmed, cancels it through the admin API once; the row says Cancelada, the status says so, the focus is on the row', async () => {
    const cancelSubscription = vi.fn(async () => ({ ...subscription('SUBA', 'cancelled'), cancelledAt: '2026-12-01T12:00:00.000Z' }));
    const el = await panelWith({ subscriptionsOf: vi.fn(async () => pageOf([subscription('SUBA', 'active')])), cancelSubscription });
    await vi.waitFor(() => expect(rowOf(el, 'SUBA')).not.toBeNull());
    buttonIn(rowOf(el, 'SUBA'), 'Cancelar la suscripción')?.click();
    await vi.waitFor(() => expect(el.querySelector('dialog')).not.toBeNull());
    const yes = buttonIn(el.querySelector('dialog'), 'Sí, cancelarla');
    yes?.click();
    yes?.click();
    await vi.waitFor(() => expect(rowOf(el, 'SUBA')?.querySelector('[data-subscription-status]')?.textContent).toBe('Cancelada'));
    expect(cancelSubscription).toHaveBeenCalledTimes(1);
    expect(cancelSubscription).toHaveBeenCalledWith(3, 'SUBA');
    expect(el.querySelector('dialog')).toBeNull();
    expect(buttonIn(rowOf(el, 'SUBA'), 'Cancelar la suscripción')).toBeUndefined();
    expect(el.querySelector('[role="status"]')?.textContent).toBe('Suscripción de suba@example.com cancelada (SUBA).');
    await vi.waitFor(() => expect(document.activeElement).toBe(rowOf(el, 'SUBA')));
  });

  it('a refusal is said in an alert, and the focus goes back to the row\u2019s button', async () => {
    const el = await panelWith({ subscriptionsOf: vi.fn(async () => pageOf([subscription('SUBA', 'active')])), cancelSubscription: vi.fn(async () => { throw new Error('No such subscription for this merchant'); }) });
    await vi.waitFor(() => expect(rowOf(el, 'SUBA')).not.toBeNull());
    const cancel = buttonIn(rowOf(el, 'SUBA'), 'Cancelar la suscripción');
    cancel?.click();
    await vi.waitFor(() => expect(el.querySelector('dialog')).not.toBeNull());
    buttonIn(el.querySelector('dialog'), 'Sí, cancelarla')?.click();
    await vi.waitFor(() => expect(el.querySelector('[role="alert"]')?.textContent).toContain('No such subscription for this merchant'));
    await vi.waitFor(() => expect(document.activeElement).toBe(cancel));
  });

  it('pages 20 at a time like the disputes: the next page appended and said', async () => {
    const subscriptionsOf = vi.fn(async (_id: number, cursor?: string) => (cursor ? pageOf([subscription('SUB2', 'active')]) : pageOf([subscription('SUB1', 'active')], 'c1')));
    const el = await panelWith({ subscriptionsOf });
    await vi.waitFor(() => expect(rowOf(el, 'SUB1')).not.toBeNull());
    buttonIn(el, 'Ver suscripciones anteriores')?.click();
    await vi.waitFor(() => expect(rowOf(el, 'SUB2')).not.toBeNull());
    expect(subscriptionsOf).toHaveBeenLastCalledWith(3, 'c1');
    expect(el.querySelector('[role="status"]')?.textContent).toBe('Suscripciones, página 2: 1 más');
    expect(buttonIn(el, 'Ver suscripciones anteriores')).toBeUndefined();
    await vi.waitFor(() => expect(document.activeElement).toBe(rowOf(el, 'SUB2')));
  });
});
