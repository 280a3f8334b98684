import { describe, expect, it, vi } from 'vitest';
import { AdminError, type AdminApi } from '../api/adminApi';
import type { Transaction } from '../api/schemas';
import { createConsoleStore } from '../store/consoleStore';
import { RefundForm } from './RefundForm';
import { renderInPage } from './renderInPage';

const paid: Transaction = {
  codOper: 'PPCARD9', method: 'card', amount: 25, taxAmount: 1.75, status: 1, authStatus: 'APPROVED', outcome: 'APPROVED', linkCode: 'LK1', merchantId: 1,
  reference: null, subscriptionKey: null, underpaid: false, cryptoDue: null, validationState: null, refundedAmount: 0, paidAmount: 26.75, refunds: [],
  capturableAmount: 0, cardType: 'VISA', displayNum: '4242', createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z',
};

const render = renderInPage();

async function formWith(refund: AdminApi['refund']) {
  const store = createConsoleStore({ refund, listTransactions: vi.fn(async () => [paid]) } as unknown as AdminApi);
  store.setState({ transactions: [paid] });
  const host = await render(<RefundForm store={store} tx={paid} onPress={() => undefined} />);
  const form = host.querySelector('form') as HTMLFormElement;
  const input = form.querySelector('input') as HTMLInputElement;
  const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
  const send = (text: string) => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    button.focus();
    button.click();
  };
  const description = () => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' ');
  return { store, form, input, button, send, description };
}

describe('refund form: the server refusing the amount', () => {
  it('puts the focus on the amount field, the server\'s words its alert and description, and not the notice too', async () => {
    const refund = vi.fn(async () => {
      throw new AdminError('refund_exceeds_remaining', 'El reembolso supera lo que queda por reembolsar: quedan $6.75 por reembolsar', 422);
    });
    const { store, form, input, send, description } = await formWith(refund);
    send('10');
    await vi.waitFor(() => expect(form.querySelector('[role="alert"]')?.textContent).toBe('El reembolso supera lo que queda por reembolsar: quedan $6.75 por reembolsar'));
    expect(refund).toHaveBeenCalledWith('PPCARD9', 10);
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description()).toContain('quedan $6.75 por reembolsar');
    expect(store.getState().notice).toBeNull();
    // What was typed stays, to be fixed.
    expect(input.value).toBe('10');
  });

  it('a refusal that is not about the amount is the notice, and the focus stays on the button', async () => {
    const refund = vi.fn(async () => {
      throw new AdminError('refund_refused', 'La pasarela rechazó el reembolso', 502);
    });
    const { store, form, button, send } = await formWith(refund);
    send('10');
    await vi.waitFor(() => expect(store.getState().notice).toMatchObject({ kind: 'error', message: 'La pasarela rechazó el reembolso' }));
    expect(form.querySelector('[role="alert"]')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
