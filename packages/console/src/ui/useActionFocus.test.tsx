import { describe, expect, it, vi } from 'vitest';
import type { AdminApi, TransactionFilters } from '../api/adminApi';
import type { Transaction } from '../api/schemas';
import { changeLanguage } from '../i18n/i18n';
import { createConsoleStore } from '../store/consoleStore';
import { App } from './App';
import { renderInPage } from './renderInPage';

const pending = (codOper: string, method: 'cash' | 'clave'): Transaction => ({
  codOper, method, amount: 20, taxAmount: 0, status: -1, authStatus: 'PENDING', outcome: 'PENDING', linkCode: 'LK1', merchantId: 1,
  reference: method === 'cash' ? `48291300457${codOper.length}` : null, subscriptionKey: null, underpaid: false, cryptoDue: null, validationState: null,
  refundedAmount: 0, paidAmount: 20, refunds: [], capturableAmount: 0, cardType: null, displayNum: null,
  createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z',
});
const approved = (tx: Transaction): Transaction => ({ ...tx, status: 1, authStatus: 'APPROVED', outcome: 'APPROVED' });
const paidCard = (codOper: string, changes: Partial<Transaction> = {}): Transaction => ({
  ...approved(pending(codOper, 'clave')), method: 'card', reference: null, cardType: 'VISA', displayNum: '4242', ...changes,
});

const render = renderInPage();

/**
 * The console on its Transactions tab (by default filtered to pending payments) over a fake admin
 * API whose server settles Clave and cash payments, refunds and voids, and answers the list as filtered.
 */
async function consoleWith(payments: Transaction[], outcome: TransactionFilters['outcome'] = 'PENDING') {
  let stored = payments;
  const listTransactions = vi.fn(async (filters: Partial<TransactionFilters>) => stored.filter((tx) => !filters.outcome || tx.outcome === filters.outcome));
  const settle = (codOper: string) => {
    stored = stored.map((tx) => (tx.codOper === codOper ? approved(tx) : tx));
    return {};
  };
  const change = (codOper: string, changes: (tx: Transaction) => Partial<Transaction>) => {
    stored = stored.map((tx) => (tx.codOper === codOper ? { ...tx, ...changes(tx) } : tx));
  };
  // A refund is made at once (all that remains when no amount is given); a void releases the hold.
  const refund = vi.fn(async (codOper: string, amount?: number) => {
    change(codOper, (tx) => {
      const given = amount ?? tx.paidAmount - tx.refundedAmount;
      return { refundedAmount: tx.refundedAmount + given, refunds: [...tx.refunds, { id: `rf_${tx.refunds.length}`, amount: given, status: 'succeeded', createdAt: tx.updatedAt }] };
    });
    return { status: 'succeeded' };
  });
  const voidPayment = vi.fn(async (codOper: string) => change(codOper, () => ({ capturableAmount: 0, status: 0, authStatus: 'CANCELLED', outcome: 'DECLINED' })));
  const api = {
    listTransactions, refund, voidPayment,
    settleClave: vi.fn(async (codOper: string) => settle(codOper)),
    payCash: vi.fn(async (reference: string) => settle(stored.find((tx) => tx.reference === reference)?.codOper ?? '')),
  };
  const store = createConsoleStore(api as unknown as AdminApi);
  store.setState({ tab: 'watch' });
  await store.getState().setFilters({ outcome });
  const host = await render(<App store={store} api={api as unknown as AdminApi} initialLang="es" saveLang={() => undefined} />);
  const press = (codOper: string, name: string) => {
    const button = [...host.querySelectorAll<HTMLButtonElement>(`[data-codoper="${codOper}"] .actions button`)].find((b) => b.textContent === name);
    button?.focus();
    button?.click();
  };
  const row = (codOper: string) => host.querySelector<HTMLElement>(`[data-codoper="${codOper}"]`);
  // Named by the payment and its state, as a screen reader reads it on taking the focus.
  const nameOf = (element: Element | null) => (element?.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' ');
  return { host, store, press, row, nameOf, api, notice: () => host.querySelector('.notice[aria-live="polite"]')?.textContent };
}

describe('a payment settled from the keyboard leaves the list the filter shows', () => {
  it('the focus goes to the payment in its place, then to the heading when none is left; the notice says the status it took', async () => {
    const { host, press, notice, nameOf } = await consoleWith([pending('PPCLAVE1', 'clave'), pending('PPCASH1', 'cash')]);
    const heading = host.querySelector<HTMLElement>('h2');
    press('PPCLAVE1', 'Clave: aprobar');
    await vi.waitFor(() => expect(host.querySelector('[data-codoper="PPCLAVE1"]')).toBeNull());
    const cash = host.querySelector<HTMLElement>('[data-codoper="PPCASH1"]');
    await vi.waitFor(() => expect(document.activeElement).toBe(cash));
    expect(nameOf(cash)).toBe('PPCASH1 Pendiente');
    await vi.waitFor(() => expect(notice()).toBe('Hecho: Clave: aprobar (PPCLAVE1). Estado: Aprobada; ya no aparece con estos filtros'));

    press('PPCASH1', 'Efectivo: voucher pagado');
    await vi.waitFor(() => expect(host.querySelector('[data-codoper]')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading?.textContent).toBe('Transacciones');
    expect(heading?.tabIndex).toBe(-1);
    await vi.waitFor(() => expect(notice()).toBe('Hecho: Efectivo: voucher pagado (PPCASH1). Estado: Aprobada; ya no aparece con estos filtros'));
  });

  it('says it in English too', async () => {
    await changeLanguage('en');
    try {
      const { host, press, notice } = await consoleWith([pending('PPCLAVE2', 'clave')]);
      press('PPCLAVE2', 'Clave: approve');
      await vi.waitFor(() => expect(notice()).toBe('Done: Clave: approve (PPCLAVE2). Status: Approved; no longer shown with these filters'));
      expect(document.activeElement).toBe(host.querySelector('h2'));
    } finally {
      await changeLanguage('es');
    }
  });

  it('a payment still listed keeps the notice as it was, with no outcome', async () => {
    const { host, store, press, notice } = await consoleWith([pending('PPCLAVE3', 'clave')]);
    await store.getState().setFilters({ outcome: '' });
    press('PPCLAVE3', 'Clave: aprobar');
    await vi.waitFor(() => expect(notice()).toBe('Hecho: Clave: aprobar (PPCLAVE3)'));
    expect(document.activeElement).toBe(host.querySelector('[data-codoper="PPCLAVE3"]'));
  });
});

describe('a payment refunded from the keyboard of all that remains loses its refund form', () => {
  it('by its button: the focus goes to the payment, named with the status it keeps, and the notice says the refund once', async () => {
    const { host, row, nameOf, notice, api } = await consoleWith([paidCard('PPCARD1'), paidCard('PPCARD2')], '');
    const form = row('PPCARD1')?.querySelector('form');
    const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
    button?.focus();
    button?.click();
    await vi.waitFor(() => expect(row('PPCARD1')?.querySelector('form')).toBeNull());
    expect(api.refund).toHaveBeenCalledWith('PPCARD1', undefined);
    await vi.waitFor(() => expect(document.activeElement).toBe(row('PPCARD1')));
    expect(nameOf(document.activeElement)).toBe('PPCARD1 Aprobada');
    await vi.waitFor(() => expect(notice()).toBe('Hecho: Reembolsar (PPCARD1)'));
    // Nothing else says it: the row's text is its facts, no alert of its own.
    expect(host.querySelectorAll('[role="alert"]')).toHaveLength(0);
  });

  it('by Enter in its amount field: the same', async () => {
    const { row, notice } = await consoleWith([paidCard('PPCARD3', { refundedAmount: 5, refunds: [{ id: 'rf_a', amount: 5, status: 'succeeded', createdAt: '2026-11-22T10:00:00.000Z' }] })], '');
    const form = row('PPCARD3')?.querySelector('form');
    const input = form?.querySelector('input');
    input?.focus();
    form?.requestSubmit();
    await vi.waitFor(() => expect(document.activeElement).toBe(row('PPCARD3')));
    await vi.waitFor(() => expect(notice()).toBe('Hecho: Reembolsar (PPCARD3)'));
  });

  it('a part refunded keeps the form, and the focus on its button', async () => {
    const { row, notice } = await consoleWith([paidCard('PPCARD4')], '');
    const form = row('PPCARD4')?.querySelector('form');
    const input = form?.querySelector('input') as HTMLInputElement;
    input.value = '5';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
    button?.focus();
    button?.click();
    await vi.waitFor(() => expect(notice()).toBe('Hecho: Reembolsar (PPCARD4)'));
    expect(document.activeElement).toBe(button);
  });
});

describe('a second identical action is said again', () => {
  it('two parts of one payment refunded one after the other: the notice is a new paragraph each time, so its same words are heard again', async () => {
    const { host, store, notice } = await consoleWith([paidCard('PPCARD5')], '');
    const paragraph = () => host.querySelector('.notice[aria-live="polite"] p');
    const tx = () => store.getState().transactions[0]!;
    await store.getState().settle(tx(), 'refund', 5);
    await vi.waitFor(() => expect(notice()).toBe('Hecho: Reembolsar (PPCARD5)'));
    const first = paragraph();
    await store.getState().settle(tx(), 'refund', 5);
    await vi.waitFor(() => expect(paragraph()).not.toBe(first));
    expect(notice()).toBe('Hecho: Reembolsar (PPCARD5)');
    // And all that remains after a part: the same words once more, a new paragraph again.
    const second = paragraph();
    await store.getState().settle(tx(), 'refund');
    await vi.waitFor(() => expect(paragraph()).not.toBe(second));
    expect(notice()).toBe('Hecho: Reembolsar (PPCARD5)');
  });
});

describe('the count of payments listed', () => {
  /** What the live regions and statuses of the page hold, as a screen reader would hear them change. */
  const liveTexts = (host: HTMLElement) => [...host.querySelectorAll('[aria-live], [role="status"], [role="alert"]')].map((region) => region.textContent ?? '');

  it('is heard when a filter is changed, not after an action, which the notice alone says', async () => {
    const { host, press, notice } = await consoleWith([pending('PPCLAVE9', 'clave'), pending('PPCASH9', 'cash')], '');
    expect(host.querySelector('.count')?.textContent).toBe('2 transacciones');
    press('PPCLAVE9', 'Clave: aprobar');
    await vi.waitFor(() => expect(notice()).toBe('Hecho: Clave: aprobar (PPCLAVE9)'));
    expect(liveTexts(host).filter((text) => text.includes('transacci'))).toEqual([]);

    const outcome = host.querySelector<HTMLSelectElement>('select[name="outcome"]')!;
    const pick = (value: string) => {
      outcome.value = value;
      outcome.dispatchEvent(new Event('change', { bubbles: true }));
    };
    pick('PENDING');
    await vi.waitFor(() => expect(liveTexts(host)).toContain('Con estos filtros: 1 transacción'));
    const said = host.querySelector('.count-said span');
    // Another filter with as many payments: said again, a new paragraph.
    pick('APPROVED');
    await vi.waitFor(() => expect(host.querySelector('.count-said span')).not.toBe(said));
    expect(liveTexts(host)).toContain('Con estos filtros: 1 transacción');
  });
});

describe('a held payment voided from the keyboard loses its buttons', () => {
  it('the focus goes to the payment, named with the status it took', async () => {
    const { row, nameOf, press, notice } = await consoleWith([paidCard('PPHOLD1', { capturableAmount: 20, paidAmount: 0 })], '');
    press('PPHOLD1', 'Anular');
    await vi.waitFor(() => expect(row('PPHOLD1')?.querySelector('.actions')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(row('PPHOLD1')));
    expect(nameOf(document.activeElement)).toBe('PPHOLD1 Rechazada');
    await vi.waitFor(() => expect(notice()).toBe('Hecho: Anular (PPHOLD1)'));
  });
});
