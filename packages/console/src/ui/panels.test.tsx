import { describe, expect, it, vi } from 'vitest';
import type { AdminApi } from '../api/adminApi';
import type { Dispute, Transaction } from '../api/schemas';
import { changeLanguage } from '../i18n/i18n';
import { createConsoleStore } from '../store/consoleStore';
import { MailboxPanel } from './MailboxPanel';
import { TransactionsPanel } from './TransactionsPanel';
import { BrandForm } from './create/BrandForm';
import { CampaignForm } from './create/CampaignForm';
import { LinkForm } from './create/LinkForm';
import { MerchantForm } from './create/MerchantForm';
import { StationForm } from './create/StationForm';
import { PlanForm } from './create/PlanForm';
import { UserForm } from './create/UserForm';
import { BooksPanel } from './BooksPanel';
import { renderInPage } from './renderInPage';

const HOSTILE = '<img src=x onerror="window.hacked=1"><b>negrita</b>';

const pendingNequi: Transaction = {
  codOper: 'PPNEQUI1', method: 'nequi', amount: 20, taxAmount: 1.4, status: -1, authStatus: 'PENDING', outcome: 'PENDING', linkCode: HOSTILE, merchantId: 1,
  reference: null, subscriptionKey: null, underpaid: false, cryptoDue: null, validationState: null, refundedAmount: 0, paidAmount: 21.4, refunds: [], capturableAmount: 0, cardType: null, displayNum: null,
  createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z',
};

function apiWith(over: Partial<AdminApi>): AdminApi {
  return over as AdminApi;
}

const render = renderInPage();

/** A refund form driven as an operator does: a value typed into its amount, then its button. */
function refundFormOf(form: HTMLFormElement) {
  const input = form.querySelector('input') as HTMLInputElement;
  return {
    type(text: string) {
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    send: () => (form.querySelector('button[type="submit"]') as HTMLButtonElement).click(),
  };
}

/** One page of the admin API's lists (docs/merchant-api.md): nextCursor null on the last. */
const pageOf = <T,>(data: T[], nextCursor: string | null = null) => ({ data, nextCursor });

describe('console panels', () => {
  it('Books: the merchant\'s balance and payouts; the payout run and the CSV of a payout call the admin API', async () => {
    const payout = { id: 'po_1', amount: 87.48, currency: 'USD' as const, status: 'paid', arrivalDate: '2026-11-27', createdAt: '2026-11-26T21:13:02.175Z' };
    const runPayouts = vi.fn(async () => [payout]);
    const balanceCsv = vi.fn(async () => 'id,type,amount,fee,net,currency,created\r\n');
    const api = apiWith({ balanceOf: vi.fn(async () => ({ currency: 'USD' as const, available: -29.16, pending: 116.64 })), payoutsOf: vi.fn(async () => pageOf([payout])), disputesOf: vi.fn(async () => pageOf([])), runPayouts, balanceCsv });
    const store = createConsoleStore(api);
    store.setState({ merchants: [{ id: 3, name: 'Café Boquete' }] as never, merchantId: 3 });
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
    const el = await render(<BooksPanel store={store} api={api} />);
    await vi.waitFor(() => expect(el.querySelector('[data-balance="available"]')?.textContent).toBe('-$29.16'));
    expect(el.querySelector('[data-balance="pending"]')?.textContent).toBe('$116.64');
    expect(el.querySelector('[data-payout="po_1"]')?.textContent).toContain('Pagado');
    const button = (text: string) => [...el.querySelectorAll('button')].find((b) => b.textContent === text);
    // The arrival day as the console writes dates, not as the API sends it.
    expect(el.querySelector('[data-payout="po_1"]')?.textContent).toContain('27 nov 2026');
    expect(el.querySelector('[data-payout="po_1"]')?.textContent).not.toContain('2026-11-27');
    // A double click runs once, and the run says what it did; the focus stays on the button.
    const run = button('Pagar ahora (sandbox)');
    run?.focus();
    run?.click();
    run?.click();
    await vi.waitFor(() => expect(el.querySelector('p[role="status"]')?.textContent).toBe('Pagos hechos: 1.'));
    expect(runPayouts).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(run);
    runPayouts.mockResolvedValueOnce([]);
    run?.click();
    await vi.waitFor(() => expect(el.querySelector('p[role="status"]')?.textContent).toBe('No había saldo disponible que pagar.'));
    button('CSV de po_1')?.click();
    await vi.waitFor(() => expect(balanceCsv).toHaveBeenCalledWith(3, 'po_1'));
  });

  it('Books: 20 payouts and disputes at a time, the earlier ones a button away, until the last page', async () => {
    const payoutOf = (n: number) => ({ id: `po_${n}`, amount: n, currency: 'USD' as const, status: 'paid', arrivalDate: '2026-11-27', createdAt: '2026-11-26T21:13:02.175Z' });
    const disputeOf = (n: number): Dispute => ({ id: `dp_${n}`, codOper: `PP${n}`, amount: n, stage: 'chargeback', takenAmount: n, currency: 'USD', reason: 'fraudulent', status: 'won', evidenceDueBy: null, evidence: 'Entregado', createdAt: '2026-11-26T15:04:05.000Z' });
    const numbers = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
    const payoutsOf = vi.fn(async (_m: number, cursor?: string) => (cursor === 'po-next' ? pageOf(numbers(21, 3).map(payoutOf)) : pageOf(numbers(1, 20).map(payoutOf), 'po-next')));
    const disputesOf = vi.fn(async (_m: number, cursor?: string) => (cursor === 'dp-next' ? pageOf([disputeOf(21)]) : pageOf(numbers(1, 20).map(disputeOf), 'dp-next')));
    const api = apiWith({ balanceOf: vi.fn(async () => ({ currency: 'USD' as const, available: 0, pending: 0 })), payoutsOf, disputesOf });
    const store = createConsoleStore(api);
    store.setState({ merchants: [{ id: 3, name: 'Café Boquete' }] as never, merchantId: 3 });
    const el = await render(<BooksPanel store={store} api={api} />);
    await vi.waitFor(() => expect(el.querySelectorAll('[data-payout]')).toHaveLength(20));
    expect(el.querySelectorAll('[data-dispute]')).toHaveLength(20);
    const button = (text: string) => [...el.querySelectorAll('button')].find((b) => b.textContent === text);
    button('Ver pagos a la cuenta anteriores')?.click();
    await vi.waitFor(() => expect(el.querySelectorAll('[data-payout]')).toHaveLength(23));
    expect(payoutsOf).toHaveBeenLastCalledWith(3, 'po-next');
    expect(button('Ver pagos a la cuenta anteriores')).toBeUndefined();
    // The button pressed went with the last page: the first payout loaded has the focus, never the page's body.
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('data-payout')).toBe('po_21'));
    button('Ver disputas anteriores')?.click();
    await vi.waitFor(() => expect(el.querySelector('[data-dispute="dp_21"]')).not.toBeNull());
    expect(el.querySelectorAll('[data-dispute]')).toHaveLength(21);
    expect(button('Ver disputas anteriores')).toBeUndefined();
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('data-dispute')).toBe('dp_21'));
  });

  it('Books: paging the disputes keeps the focus on the button while pages remain, says the page, and a dispute answered on page 2 keeps its row and the focus', async () => {
    let open = true;
    const disputeOf = (n: number): Dispute => ({ id: `dp_${n}`, codOper: `PP${n}`, amount: n, stage: 'chargeback', takenAmount: n, currency: 'USD', reason: 'fraudulent', status: n === 25 && open ? 'needs_response' : 'won', evidenceDueBy: null, evidence: null, createdAt: '2026-11-26T15:04:05.000Z' });
    const numbers = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
    const disputesOf = vi.fn(async (_m: number, cursor?: string) => {
      if (cursor === 'p3') return pageOf(numbers(41, 2).map(disputeOf));
      if (cursor === 'p2') return pageOf(numbers(21, 20).map(disputeOf), 'p3');
      return pageOf(numbers(1, 20).map(disputeOf), 'p2');
    });
    const acceptDispute = vi.fn(async () => {
      open = false;
      return disputeOf(25);
    });
    const api = apiWith({ balanceOf: vi.fn(async () => ({ currency: 'USD' as const, available: 0, pending: 0 })), payoutsOf: vi.fn(async () => pageOf([])), disputesOf, acceptDispute });
    const store = createConsoleStore(api);
    store.setState({ merchants: [{ id: 3, name: 'Café Boquete' }] as never, merchantId: 3 });
    const el = await render(<BooksPanel store={store} api={api} />);
    await vi.waitFor(() => expect(el.querySelectorAll('[data-dispute]')).toHaveLength(20));
    const more = () => [...el.querySelectorAll('button')].find((b) => b.textContent === 'Ver disputas anteriores');
    const status = () => el.querySelector('[role="status"]')?.textContent;
    more()?.focus();
    more()?.click();
    await vi.waitFor(() => expect(el.querySelectorAll('[data-dispute]')).toHaveLength(40));
    // More pages to come: the focus stays on the button pressed, and the page that came is said.
    await vi.waitFor(() => expect(status()).toBe('Disputas, página 2: 20 más'));
    expect(document.activeElement).toBe(more());
    // Answered on page 2: the list read again keeps its pages, and the focus is on the dispute's row.
    const accept = [...el.querySelectorAll<HTMLButtonElement>('[data-dispute="dp_25"] button')].find((b) => b.textContent === 'Aceptar la disputa');
    accept?.focus();
    accept?.click();
    await vi.waitFor(() => expect(acceptDispute).toHaveBeenCalledWith(3, 'dp_25'));
    await vi.waitFor(() => expect(el.querySelector('[data-dispute="dp_25"] form')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('data-dispute')).toBe('dp_25'));
    expect(el.querySelectorAll('[data-dispute]')).toHaveLength(40);
    // The last page: its button goes, the focus goes to its first row.
    more()?.focus();
    more()?.click();
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('data-dispute')).toBe('dp_41'));
    expect(status()).toBe('Disputas, página 3: 2 más');
    expect(more()).toBeUndefined();
  });

  it('Books: a merchant picked while the first one\'s books load shows its own, whatever answer comes last', async () => {
    const payoutOf = (id: string) => ({ id, amount: 1, status: 'paid', arrivalDate: '2026-11-27', createdAt: '2026-11-26T21:13:02.175Z' });
    let answerFirst: (() => void) | undefined;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    const api = apiWith({
      balanceOf: vi.fn(async () => ({ currency: 'USD' as const, available: 0, pending: 0 })),
      // The first merchant's payouts answer only after the second merchant's.
      payoutsOf: vi.fn(async (id: number) => pageOf(id === 1 ? (await firstAnswered, [payoutOf('po_first')]) : [payoutOf('po_second')])),
      disputesOf: vi.fn(async () => pageOf([])),
    });
    const store = createConsoleStore(api);
    store.setState({ merchants: [{ id: 1, name: 'Uno' }, { id: 2, name: 'Dos' }] as never, merchantId: 1 });
    const el = await render(<BooksPanel store={store} api={api} />);
    store.setState({ merchantId: 2 });
    await vi.waitFor(() => expect(el.querySelector('[data-payout="po_second"]')).not.toBeNull());
    answerFirst?.();
    await new Promise((r) => setTimeout(r, 20));
    expect(el.querySelector('[data-payout="po_first"]')).toBeNull();
    expect(el.querySelector('[data-payout="po_second"]')).not.toBeNull();
  });

  it('Books: Refresh reads the merchants too, and the picker offers one created since the page loaded', async () => {
    const listMerchants = vi.fn(async () => [{ id: 1, name: 'Uno', webhookUrl: null }, { id: 9, name: 'Librería del Mes', webhookUrl: null }]);
    const api = apiWith({
      balanceOf: vi.fn(async () => ({ currency: 'USD' as const, available: 0, pending: 0 })), payoutsOf: vi.fn(async () => pageOf([])), disputesOf: vi.fn(async () => pageOf([])),
      listMerchants, listLinks: vi.fn(async () => []),
    });
    const store = createConsoleStore(api);
    store.setState({ merchants: [{ id: 1, name: 'Uno' }] as never, merchantId: 1 });
    const el = await render(<BooksPanel store={store} api={api} />);
    const options = () => [...el.querySelectorAll<HTMLOptionElement>('select[name="merchantId"] option')].map((o) => o.textContent);
    expect(options()).toEqual(['#1 Uno']);
    [...el.querySelectorAll('button')].find((b) => b.textContent === 'Actualizar')?.click();
    await vi.waitFor(() => expect(options()).toEqual(['#1 Uno', '#9 Librería del Mes']));
    expect(listMerchants).toHaveBeenCalledOnce();
  });
  it('Books: the disputes with status, amount and deadline; one needing a response is answered with evidence (not empty) or accepted', async () => {
    // A chargeback on a payment refunded in part took only the rest; an inquiry takes nothing.
    const open: Dispute = { id: 'dp_1', codOper: 'PP1', amount: 40, stage: 'chargeback', takenAmount: 30, reason: 'fraudulent', status: 'needs_response', evidenceDueBy: '2026-12-03T15:04:05.000Z', evidence: null, createdAt: '2026-11-26T15:04:05.000Z' };
    const won: Dispute = { ...open, id: 'dp_2', codOper: 'PP2', stage: 'inquiry', takenAmount: 0, status: 'won', evidence: 'Entregado' };
    let disputes = [open, won];
    const answerDispute = vi.fn(async (_m: number, _id: string, evidence: string) => {
      const answered = { ...open, status: 'under_review', evidence };
      disputes = [answered, won];
      return answered;
    });
    const acceptDispute = vi.fn(async () => open);
    const api = apiWith({ balanceOf: vi.fn(async () => ({ currency: 'USD' as const, available: 0, pending: 0 })), payoutsOf: vi.fn(async () => pageOf([])), disputesOf: vi.fn(async () => pageOf(disputes)), answerDispute, acceptDispute });
    const store = createConsoleStore(api);
    store.setState({ merchants: [{ id: 3, name: 'Café Boquete' }] as never, merchantId: 3 });
    const el = await render(<BooksPanel store={store} api={api} />);
    await vi.waitFor(() => expect(el.querySelector('[data-dispute="dp_1"]')?.textContent).toContain('Requiere respuesta'));
    expect(el.querySelector('[data-dispute="dp_1"]')?.textContent).toContain('$40.00');
    const facts = (id: string) => [...el.querySelectorAll(`[data-dispute="${id}"] .facts > div`)].map((row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`);
    expect(facts('dp_1')).toEqual(expect.arrayContaining(['Tipo: Contracargo', 'Tomado del saldo: $30.00']));
    expect(facts('dp_2')).toEqual(expect.arrayContaining(['Tipo: Consulta del banco: no toma dinero mientras no pase a contracargo', 'Tomado del saldo: $0.00']));
    expect(el.querySelector('[data-dispute="dp_1"]')?.textContent).toContain('Fraude: el titular no reconoce el cargo');
    // A decided dispute shows no deadline.
    expect(el.querySelector('[data-dispute="dp_2"] time')).toBeNull();
    expect(el.querySelector('[data-dispute="dp_1"] time')?.getAttribute('datetime')).toBe(open.evidenceDueBy);
    expect(el.querySelector('[data-dispute="dp_2"]')?.textContent).toContain('Ganada');
    expect(el.querySelectorAll('form.dispute-answer')).toHaveLength(1);
    const form = el.querySelector<HTMLFormElement>('form.dispute-answer');
    expect(form?.getAttribute('aria-label')).toBe('Disputa dp_1 del pago PP1');
    const field = form?.querySelector('textarea');
    expect(el.querySelector(`label[for="${field?.id}"]`)?.textContent).toBe('Pruebas (pedido, entrega, mensajes del cliente)');
    form?.requestSubmit();
    await vi.waitFor(() => expect(form?.querySelector('[role="alert"]')?.textContent).toBe('Escribe las pruebas antes de enviarlas'));
    expect(answerDispute).not.toHaveBeenCalled();
    const accept = [...(form?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Aceptar la disputa');
    // A double click sends one answer.
    accept?.click();
    accept?.click();
    await vi.waitFor(() => expect(acceptDispute).toHaveBeenCalledWith(3, 'dp_1'));
    await vi.waitFor(() => expect(accept?.getAttribute('aria-disabled')).toBe('false'));
    expect(acceptDispute).toHaveBeenCalledTimes(1);
    if (field) field.value = 'Pedido entregado el 20/11';
    field?.dispatchEvent(new Event('input', { bubbles: true }));
    form?.requestSubmit();
    await vi.waitFor(() => expect(answerDispute).toHaveBeenCalledWith(3, 'dp_1', 'Pedido entregado el 20/11'));
    await vi.waitFor(() => expect(el.querySelector('[data-dispute="dp_1"]')?.textContent).toContain('En revisión'));
    expect(el.querySelector('form.dispute-answer')).toBeNull();
    // Its form gone, the focus is on the dispute, and the answer is said.
    await vi.waitFor(() => expect(document.activeElement).toBe(el.querySelector('[data-dispute="dp_1"]')));
    expect(el.querySelector('p[role="status"]')?.textContent).toBe('Pruebas enviadas: la disputa está en revisión.');
  });

  it('render server text as text, never as markup', async () => {
    const store = createConsoleStore(apiWith({}));
    store.setState({ mail: [{ id: 1, to: 'ana@example.com', subject: HOSTILE, body: `Tu código es 123456 ${HOSTILE}`, kind: 'registration_code', date: '2026-11-22T10:00:00.000Z' }] });
    const el = await render(<MailboxPanel store={store} />);
    expect(el.querySelector('img')).toBeNull();
    expect(el.querySelector('b')).toBeNull();
    expect(el.textContent).toContain(HOSTILE);
    expect(el.querySelector('.code')?.textContent).toBe('123456');
    expect(el.querySelector('button.copy')?.textContent).toBe('Copiar código 123456');
  });
  it('a pending Nequi payment carries its settle buttons, which call the admin API', async () => {
    const settleNequi = vi.fn(async () => ({}));
    const store = createConsoleStore(apiWith({ settleNequi, listTransactions: vi.fn(async () => [pendingNequi]) }));
    store.setState({ transactions: [pendingNequi] });
    const el = await render(<TransactionsPanel store={store} />);
    const group = el.querySelector('[role="group"]');
    expect(group?.getAttribute('aria-label')).toBe('Acciones de PPNEQUI1');
    const buttons = [...(group?.querySelectorAll('button') ?? [])];
    expect(buttons.map((b) => b.textContent)).toEqual(['Nequi: aprobar', 'Nequi: rechazar', 'Anular']);
    buttons[0]?.click();
    await vi.waitFor(() => expect(settleNequi).toHaveBeenCalledWith('PPNEQUI1', 'approve'));
    expect(el.querySelector('img')).toBeNull();
    expect(el.querySelector('a')?.getAttribute('href')).toBe('/pf/default-receipt/PPNEQUI1');
    // Its time in the console's language, the month in words (the browser's numeric default read 11/22 in Spanish).
    expect(el.querySelector('time')?.textContent).toMatch(/^22 nov 2026,/);
  });

  it('a settle button pressed from the keyboard leaves the focus on its payment, not the page\'s body, once the buttons are gone', async () => {
    const approved: Transaction = { ...pendingNequi, status: 1, authStatus: 'APPROVED', outcome: 'APPROVED' };
    const listTransactions = vi.fn(async () => [pendingNequi]);
    const settleNequi = vi.fn(async () => {
      listTransactions.mockResolvedValue([approved]);
      return {};
    });
    const store = createConsoleStore(apiWith({ settleNequi, listTransactions }));
    store.setState({ transactions: [pendingNequi] });
    const el = await render(<TransactionsPanel store={store} />);
    const item = el.querySelector<HTMLElement>('[data-codoper="PPNEQUI1"]');
    const approve = [...el.querySelectorAll<HTMLButtonElement>('[data-codoper="PPNEQUI1"] .actions button')].find((b) => b.textContent === 'Nequi: aprobar');
    approve?.focus();
    approve?.click();
    await vi.waitFor(() => expect(el.querySelector('[data-codoper="PPNEQUI1"] .actions')).toBeNull());
    expect(item?.querySelector('.badge')?.textContent).toBe('Aprobada');
    // The payment itself, whose new state is read there.
    await vi.waitFor(() => expect(document.activeElement).toBe(item));
    expect(item?.tabIndex).toBe(-1);
  });

  it('a crypto payment paid beyond its quote says what the payer overpaid and where it went, in Spanish and English, as text', async () => {
    const overpaid: Transaction = {
      ...pendingNequi, codOper: 'PPCRYPTO1', method: 'crypto', amount: 40, taxAmount: 0, status: 1, authStatus: 'APPROVED', outcome: 'APPROVED', paidAmount: 40, cryptoDue: 40,
      overpayment: { amount: 10, coin: 'USDT', network: 'TRX', to: HOSTILE, status: 'refunded' },
    };
    const store = createConsoleStore(apiWith({ listTransactions: vi.fn(async () => [overpaid]) }));
    store.setState({ transactions: [overpaid] });
    const el = await render(<TransactionsPanel store={store} />);
    expect(el.querySelector('.overpaid')?.textContent).toBe(`Pagó de más: 10 USDT, devuelto al pagador (${HOSTILE})`);
    expect(el.querySelector('.overpaid b')).toBeNull();
    store.setState({ transactions: [{ ...overpaid, overpayment: { amount: 0.0000082, coin: 'BTC', network: 'BTC', to: 'sbxbtc_payer_1', status: 'pending' } }] });
    await changeLanguage('en');
    const english = await render(<TransactionsPanel store={store} />);
    expect(english.querySelector('.overpaid')?.textContent).toBe('Overpaid: 0.0000082 BTC, to be returned to the payer (sbxbtc_payer_1)');
    await changeLanguage('es');
  });

  it('shows each refund with its state, a pending one marked, and counts it out of what remains as the server does', async () => {
    const held: Transaction = {
      ...pendingNequi, codOper: 'PPCARD2', method: 'card', status: 1, authStatus: 'APPROVED', outcome: 'APPROVED', refundedAmount: 5,
      refunds: [
        { id: 're_a', amount: 5, status: 'succeeded', createdAt: '2026-11-22T10:01:00.000Z' },
        { id: 're_b', amount: 10, status: 'pending', createdAt: '2026-11-22T10:02:00.000Z' },
        { id: 're_c', amount: 3, status: 'failed', createdAt: '2026-11-22T10:03:00.000Z' },
      ],
    };
    const store = createConsoleStore(apiWith({ listTransactions: vi.fn(async () => [held]) }));
    store.setState({ transactions: [held] });
    const el = await render(<TransactionsPanel store={store} />);
    const items = [...el.querySelectorAll('ul[aria-label="Reembolsos de PPCARD2"] li')].map((li) => [...li.querySelectorAll('span')].map((s) => s.textContent));
    expect(items).toEqual([['$5.00', 'hecho'], ['$10.00', 'pendiente'], ['$3.00', 'fallido']]);
    const form = el.querySelector('form[aria-label="Reembolso de PPCARD2"]') as HTMLFormElement;
    // Paid $21.40; $5 made and $10 pending hold $15: $6.40 remains, as the server would answer.
    expect(form.querySelector('.hint')?.textContent).toBe('Déjalo vacío para reembolsar lo que queda: $6.40. $10.00 en reembolsos pendientes: la pasarela aún no responde, y esa parte no se puede volver a reembolsar hasta que lo haga');
    await changeLanguage('en');
    const english = await render(<TransactionsPanel store={store} />);
    expect(english.querySelector('ul[aria-label="Refunds of PPCARD2"] li:nth-child(2)')?.textContent).toContain('pending');
    await changeLanguage('es');
  });

  it('an approved payment carries a refund form (empty: what remains; a part; checked first), a pending one a void button', async () => {
    const refund = vi.fn(async () => ({ id: 're_1', codOper: 'PPCARD1', status: 'succeeded' as const }));
    const voidPayment = vi.fn(async () => ({}));
    const approved: Transaction = { ...pendingNequi, codOper: 'PPCARD1', method: 'card', status: 1, authStatus: 'APPROVED', outcome: 'APPROVED', refundedAmount: 5, refunds: [{ id: 're_1', amount: 5, status: 'succeeded', createdAt: '2026-11-22T10:01:00.000Z' }] };
    const store = createConsoleStore(apiWith({ refund, voidPayment, listTransactions: vi.fn(async () => [approved, pendingNequi]) }));
    store.setState({ transactions: [approved, pendingNequi] });
    const el = await render(<TransactionsPanel store={store} />);
    expect(el.querySelector('[data-codoper="PPCARD1"] .tx-meta')?.textContent).toContain('Reembolsado: $5.00');
    const form = el.querySelector('form[aria-label="Reembolso de PPCARD1"]') as HTMLFormElement;
    const input = form.querySelector('input') as HTMLInputElement;
    expect(form.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Importe a reembolsar (USD)');
    expect(form.textContent).toContain('Déjalo vacío para reembolsar lo que queda: $16.40');
    const { type, send } = refundFormOf(form);

    type('16.41');
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    button.focus();
    send();
    await vi.waitFor(() => expect(form.querySelector('[role="alert"]')?.textContent).toBe('Solo quedan $16.40 por reembolsar: el importe no puede ser mayor'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // Refused for its amount: the focus is on the field to fix.
    expect(document.activeElement).toBe(input);
    type('1.005');
    send();
    await vi.waitFor(() => expect(form.querySelector('[role="alert"]')?.textContent).toContain('hasta dos decimales'));
    expect(refund).not.toHaveBeenCalled();

    type('10,50');
    send();
    await vi.waitFor(() => expect(refund).toHaveBeenCalledWith('PPCARD1', 10.5));
    expect(form.querySelector('[role="alert"]')).toBeNull();
    await vi.waitFor(() => expect(input.value).toBe(''));
    // Sent once the first refund's call is over (the button says it is busy while it runs, keeping the focus).
    await vi.waitFor(() => expect(form.querySelector('button[type="submit"]')?.getAttribute('aria-disabled')).toBe('false'));
    // Refused by the gateway, not for its amount: the focus stays on the button.
    refund.mockRejectedValueOnce(new Error('La pasarela no responde'));
    button.focus();
    send();
    await vi.waitFor(() => expect(refund).toHaveBeenLastCalledWith('PPCARD1', undefined));
    await vi.waitFor(() => expect(store.getState().notice).toMatchObject({ kind: 'error', message: 'La pasarela no responde' }));
    expect(document.activeElement).toBe(button);

    const voidButton = [...el.querySelectorAll('[data-codoper="PPNEQUI1"] button')].find((b) => b.textContent === 'Anular') as HTMLButtonElement;
    voidButton.click();
    await vi.waitFor(() => expect(voidPayment).toHaveBeenCalledWith('PPNEQUI1'));
  });
  // Issue 93 "COP in whole pesos": a Colombian shop's refund is asked, hinted and checked in pesos, never in dollars.
  it('a payment in pesos is refunded in whole pesos: its label, what remains and the errors say pesos, and "20.000" is twenty thousand', async () => {
    const refund = vi.fn(async () => ({ id: 're_2', codOper: 'PPCOP1', status: 'succeeded' as const }));
    const pesos: Transaction = { ...pendingNequi, codOper: 'PPCOP1', currency: 'COP', amount: 50_000, taxAmount: 0, paidAmount: 50_000, status: 1, authStatus: 'APPROVED', outcome: 'APPROVED', refundedAmount: 5_000, refunds: [{ id: 're_1', amount: 5_000, status: 'succeeded', createdAt: '2026-11-22T10:01:00.000Z' }] };
    const store = createConsoleStore(apiWith({ refund, listTransactions: vi.fn(async () => [pesos]) }));
    store.setState({ transactions: [pesos] });
    const el = await render(<TransactionsPanel store={store} />);
    const form = el.querySelector('form[aria-label="Reembolso de PPCOP1"]') as HTMLFormElement;
    const input = form.querySelector('input') as HTMLInputElement;
    expect(form.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Importe a reembolsar (COP)');
    const hint = form.querySelector('.hint')?.textContent ?? '';
    expect(hint.replace(/\s/g, ' ')).toBe('Déjalo vacío para reembolsar lo que queda: $ 45.000');
    expect(el.querySelector('[data-codoper="PPCOP1"] .tx-meta')?.textContent?.replace(/\s/g, ' ')).toContain('Reembolsado: $ 5.000');
    const { type, send } = refundFormOf(form);
    type('20.000,50');
    send();
    await vi.waitFor(() => expect(form.querySelector('[role="alert"]')?.textContent).toBe('Los pesos no llevan centavos: escribe un importe en pesos enteros'));
    type('veinte mil');
    send();
    await vi.waitFor(() => expect(form.querySelector('[role="alert"]')?.textContent).toBe('Escribe un importe en pesos enteros (por ejemplo 25.000)'));
    type('46.000');
    send();
    await vi.waitFor(() => expect(form.querySelector('[role="alert"]')?.textContent?.replace(/\s/g, ' ')).toBe('Solo quedan $ 45.000 por reembolsar: el importe no puede ser mayor'));
    expect(refund).not.toHaveBeenCalled();
    type('20.000');
    send();
    await vi.waitFor(() => expect(refund).toHaveBeenCalledWith('PPCOP1', 20_000));
    await changeLanguage('en');
    const english = await render(<TransactionsPanel store={store} />);
    const englishForm = english.querySelector('form[aria-label="Refund of PPCOP1"]') as HTMLFormElement;
    expect(englishForm.querySelector('label')?.textContent).toBe('Amount to refund (COP)');
    expect(englishForm.querySelector('.hint')?.textContent?.replace(/\s/g, ' ')).toContain('COP 45,000');
    await changeLanguage('es');
  });

  it('a manual-capture payment held carries capture and void buttons and no refund form; capture takes the whole hold', async () => {
    const held: Transaction = { ...pendingNequi, codOper: 'PPHOLD1', method: 'card', status: 1, authStatus: 'APPROVED', outcome: 'APPROVED', linkCode: null, paidAmount: 0, capturableAmount: 21.4 };
    const capture = vi.fn(async () => ({}));
    const store = createConsoleStore(apiWith({ capture, listTransactions: vi.fn(async () => [held]) }));
    store.setState({ transactions: [held] });
    const el = await render(<TransactionsPanel store={store} />);
    const buttons = [...el.querySelectorAll('[data-codoper="PPHOLD1"] .actions button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Cargo aleatorio: crear y revelar', 'Capturar la retención', 'Anular']);
    expect(el.querySelector('form[aria-label="Reembolso de PPHOLD1"]')).toBeNull();
    // The badge says it in the console's language; SPEC's authStatus is named as the API carries it.
    expect(el.querySelector('[data-codoper="PPHOLD1"] .badge')?.textContent).toBe('Aprobada');
    expect([...el.querySelectorAll('[data-codoper="PPHOLD1"] .tx-meta > span')].map((s) => s.textContent)).toContain('authStatus: APPROVED');
    ([...el.querySelectorAll('[data-codoper="PPHOLD1"] button')].find((b) => b.textContent === 'Capturar la retención') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(capture).toHaveBeenCalledWith('PPHOLD1'));
  });

  it('a hold captured in part reads what was captured of what was asked; one still open reads what it holds', async () => {
    const captured: Transaction = { ...pendingNequi, codOper: 'PPCAPT1', method: 'card', amount: 50, taxAmount: 0.5, status: 1, authStatus: 'APPROVED', outcome: 'APPROVED', linkCode: null, paidAmount: 30.25, capturableAmount: 0 };
    const held: Transaction = { ...captured, codOper: 'PPHOLD2', paidAmount: 0, capturableAmount: 50.5 };
    const whole: Transaction = { ...captured, codOper: 'PPWHOLE', amount: 10.1, taxAmount: 0.2, paidAmount: 10.3 };
    const store = createConsoleStore(apiWith({ listTransactions: vi.fn(async () => [captured, held, whole]) }));
    store.setState({ transactions: [captured, held, whole] });
    const el = await render(<TransactionsPanel store={store} />);
    const meta = (codOper: string) => [...el.querySelectorAll(`[data-codoper="${codOper}"] .tx-meta > span`)].map((span) => span.textContent);
    expect(meta('PPCAPT1')).toContain('$30.25 de $50.50 pedidos');
    expect(meta('PPHOLD2')).toEqual(expect.arrayContaining(['$50.50', 'Retenido: $50.50']));
    expect(meta('PPWHOLE')).toContain('$10.30');
  });

  it('Books: a payout the bank sent back says no arrival; a paid one says when it arrived, or when it will', async () => {
    const paid = { id: 'po_paid', amount: 10, currency: 'USD' as const, status: 'paid', arrivalDate: '2026-11-27', createdAt: '2026-11-26T21:13:02.175Z' };
    const failed = { ...paid, id: 'po_back', status: 'failed', arrivalDate: '2026-12-07' };
    // Paid today, arriving in two days: not arrived yet.
    const coming = { ...paid, id: 'po_coming', arrivalDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) };
    const api = apiWith({ balanceOf: vi.fn(async () => ({ currency: 'USD' as const, available: 0, pending: 0 })), payoutsOf: vi.fn(async () => pageOf([coming, failed, paid])), disputesOf: vi.fn(async () => pageOf([])) });
    const store = createConsoleStore(api);
    store.setState({ merchants: [{ id: 3, name: 'Café Boquete' }] as never, merchantId: 3 });
    const el = await render(<BooksPanel store={store} api={api} />);
    await vi.waitFor(() => expect(el.querySelector('[data-payout="po_back"]')?.textContent).toContain('Devuelto por el banco'));
    expect(el.querySelector('[data-payout="po_back"]')?.textContent).not.toContain('7 dic 2026');
    expect(el.querySelector('[data-payout="po_back"]')?.textContent).not.toContain('Llega');
    expect(el.querySelector('[data-payout="po_paid"]')?.textContent).toContain('Llegó el 27 nov 2026');
    expect(el.querySelector('[data-payout="po_coming"]')?.textContent).toContain('Llega el');
    expect(el.querySelector('[data-payout="po_coming"]')?.textContent).not.toContain('Llegó');
  });

  // Its arrival day is the merchant's calendar day (core arrivalDateOf, in America/Panama or America/Bogota):
  // at 8 p.m. in Panama, 1 a.m. the next day in UTC, a payout arriving tomorrow has not arrived.
  it("Books: a payout arrives on the merchant's own day, not on the UTC one", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T01:00:00.000Z'));
    try {
      const tomorrow = { id: 'po_tomorrow', amount: 10, currency: 'USD' as const, status: 'paid', arrivalDate: '2026-12-02', createdAt: '2026-12-01T20:00:00.000Z' };
      const today = { ...tomorrow, id: 'po_today', arrivalDate: '2026-12-01' };
      const api = apiWith({ balanceOf: vi.fn(async () => ({ currency: 'USD' as const, available: 0, pending: 0 })), payoutsOf: vi.fn(async () => pageOf([tomorrow, today])), disputesOf: vi.fn(async () => pageOf([])) });
      const store = createConsoleStore(api);
      store.setState({ merchants: [{ id: 3, name: 'Café Boquete' }] as never, merchantId: 3 });
      const el = await render(<BooksPanel store={store} api={api} />);
      await vi.waitFor(() => expect(el.querySelector('[data-payout="po_tomorrow"]')).not.toBeNull());
      expect(el.querySelector('[data-payout="po_tomorrow"]')?.textContent).toContain('Llega el 2 dic 2026');
      expect(el.querySelector('[data-payout="po_today"]')?.textContent).toContain('Llegó el 1 dic 2026');
    } finally {
      vi.useRealTimers();
    }
  });

  // Issue 93 "COP in whole pesos": a link of a Colombian merchant is priced in pesos as Colombia writes them.
  it('the link form prices in the picked merchant\'s currency: pesos labelled COP, "75.000" sent as seventy-five thousand, centavos refused before sending', async () => {
    const createLink = vi.fn(async () => ({ code: 'LKCOP', slug: 'lkcop', url: 'http://localhost/lkcop' }));
    const api = apiWith({ createLink, listMerchants: vi.fn(async () => []), listLinks: vi.fn(async () => []) });
    const store = createConsoleStore(api);
    store.setState({ merchants: [{ id: 1, name: 'Tienda Panamá', webhookUrl: null, currency: 'USD' }, { id: 4, name: 'Tienda Bogotá', webhookUrl: null, currency: 'COP' }], merchantId: 1 });
    const el = await render(<LinkForm store={store} lang="es" />);
    const field = (label: string) => el.querySelector<HTMLInputElement>(`#${CSS.escape([...el.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor ?? 'none')}`);
    expect(field('Monto (USD)')?.value).toBe('12.50');
    store.getState().setMerchant(4);
    // Drawn again on a loaded machine later than the next task.
    await vi.waitFor(() => expect(field('Monto (USD)')).toBeNull());
    expect([field('Monto (COP)')?.value, field('Impuesto (COP)')?.value]).toEqual(['50.000', '0']);
    // A Colombian merchant is offered only what pesos pay with.
    expect([...el.querySelectorAll('fieldset input[type="checkbox"]')].map((box) => (box as HTMLInputElement).name)).toEqual(['cardTypes-VISA', 'cardTypes-MC', 'cardTypes-AMEX', 'cardTypes-NEQUI']);
    const type = (label: string, value: string) => {
      const input = field(label)!;
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    type('Descripción', 'Camiseta');
    type('Monto (COP)', '75.000,50');
    await new Promise((r) => setTimeout(r, 0));
    el.querySelector('form')?.requestSubmit();
    await vi.waitFor(() => expect(el.textContent).toContain('Los pesos no llevan centavos: escribe un importe en pesos enteros'));
    expect(createLink).not.toHaveBeenCalled();
    type('Monto (COP)', '75.000');
    await new Promise((r) => setTimeout(r, 0));
    el.querySelector('form')?.requestSubmit();
    await vi.waitFor(() => expect(createLink).toHaveBeenCalledWith(expect.objectContaining({ amount: 75_000, taxAmount: 0, description: 'Camiseta', merchantId: 4 })));
  });

  it('the link form refuses dollars with a thousands separator ("1,500" was sent as 1.50) and whole-minute expiries out of range, and a failed submit clears the link made before', async () => {
    const createLink = vi.fn(async () => ({ code: 'LKUSD1', slug: 'lkusd1', url: 'http://localhost/lkusd1' }));
    const api = apiWith({ createLink, listMerchants: vi.fn(async () => []), listLinks: vi.fn(async () => []) });
    const store = createConsoleStore(api);
    store.setState({ merchants: [{ id: 1, name: 'Tienda Panamá', webhookUrl: null, currency: 'USD' }], merchantId: 1 });
    const el = await render(<LinkForm store={store} lang="es" />);
    const field = (label: string) => el.querySelector<HTMLInputElement>(`#${CSS.escape([...el.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor ?? 'none')}`);
    const type = (label: string, value: string) => {
      const input = field(label)!;
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    const submit = async () => {
      await new Promise((r) => setTimeout(r, 0));
      el.querySelector('form')?.requestSubmit();
    };
    type('Descripción', 'Mil quinientos');
    type('Monto (USD)', '1500.50');
    await submit();
    await vi.waitFor(() => expect(el.textContent).toContain('LKUSD1'));
    expect(createLink).toHaveBeenLastCalledWith(expect.objectContaining({ amount: 1500.5 }));
    for (const typed of ['1,500', '1.500', '15,5,0', '12.345']) {
      type('Monto (USD)', typed);
      await submit();
      await vi.waitFor(() => expect(el.querySelector('[role="alert"]')?.textContent).toBe('Error: Escribe un importe en dólares sin separador de miles, con hasta dos decimales (por ejemplo 1500.50)'));
      // The link made before is not left beside the error.
      expect(el.textContent).not.toContain('LKUSD1');
    }
    expect(createLink).toHaveBeenCalledTimes(1);
    type('Monto (USD)', '12,50');
    type('Vence en (minutos, vacío = nunca)', '99999999');
    await submit();
    await vi.waitFor(() => expect(el.querySelector('[role="alert"]')?.textContent).toContain('Escribe minutos enteros, hasta 525600'));
    type('Vence en (minutos, vacío = nunca)', '-5');
    await submit();
    await vi.waitFor(() => expect(createLink).toHaveBeenLastCalledWith(expect.objectContaining({ amount: 12.5, expiresInSeconds: -300 })));
  });

  it('what is created is announced by its title alone: the URL, the embed code and a merchant\'s keys are there to read, not said; the focus stays on the Create button', async () => {
    const createLink = vi.fn(async () => ({ code: 'LKSAID', slug: 'lksaid', url: 'http://localhost/lksaid' }));
    const createMerchant = vi.fn(async () => ({ idMerchant: 8, secretKey: 'sk_test_eight', webhookSecret: 'whsec_eight', name: 'Ocho' }));
    const api = apiWith({ createLink, createMerchant, listMerchants: vi.fn(async () => []), listLinks: vi.fn(async () => []) });
    const store = createConsoleStore(api);
    store.setState({ merchants: [{ id: 1, name: 'Tienda Panamá', webhookUrl: null, currency: 'USD' }], merchantId: 1 });
    /** The text of each live region: what a screen reader says as it changes. */
    const said = (el: HTMLElement) => [...el.querySelectorAll('[role="status"], [role="alert"], [aria-live]:not([aria-live="off"])')].map((r) => r.textContent).filter(Boolean);
    const submitFrom = async (el: HTMLElement, label: string, value: string) => {
      const input = el.querySelector<HTMLInputElement>(`#${CSS.escape([...el.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))?.htmlFor ?? 'none')}`)!;
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      const button = el.querySelector<HTMLButtonElement>('button[type="submit"]')!;
      button.focus();
      button.click();
      return button;
    };

    const link = await render(<LinkForm store={store} lang="es" />);
    const linkButton = await submitFrom(link, 'Descripción', 'Camiseta');
    await vi.waitFor(() => expect(link.querySelector('.result')).not.toBeNull());
    expect(said(link)).toEqual(['Enlace LKSAID creado']);
    expect(link.querySelector('.result')?.textContent).toContain('<script');
    expect(document.activeElement).toBe(linkButton);

    const merchant = await render(<MerchantForm store={store} lang="es" />);
    const merchantButton = await submitFrom(merchant, 'Nombre', 'Ocho');
    await vi.waitFor(() => expect(merchant.querySelector('.result a')).not.toBeNull());
    expect(said(merchant)).toEqual(['Comercio #8 creado. Los enlaces nuevos lo usan.']);
    expect(merchant.querySelector('.result')?.textContent).toContain('sk_test_eight');
    expect(document.activeElement).toBe(merchantButton);
  });

  it('a negative amount is refused saying the amount must be above 0, or not below it where 0 is taken (a tax, a station\'s open amount, a limit, a balance), in dollars and pesos, before sending', async () => {
    const createLink = vi.fn(async () => ({ code: 'LKNEG', slug: 'lkneg', url: 'http://localhost/lkneg' }));
    const createStation = vi.fn(async () => ({ stationId: 'caja-neg' }));
    const createPlan = vi.fn(async () => ({ idPlan: 3 }));
    const createUser = vi.fn(async () => ({ login: 'neg' }));
    const createMerchant = vi.fn(async () => ({ idMerchant: 9, secretKey: 'sk', webhookSecret: 'whsec', name: 'Neg' }));
    const api = apiWith({ createLink, createStation, createPlan, createUser, createMerchant, subscribe: vi.fn(async () => ({ subscriptionKey: 'SUBNEG', url: 'http://localhost/subneg' })), listMerchants: vi.fn(async () => []), listLinks: vi.fn(async () => []) });
    const store = createConsoleStore(api);
    store.setState({ merchants: [{ id: 1, name: 'Tienda Panamá', webhookUrl: null, currency: 'USD' }, { id: 4, name: 'Tienda Bogotá', webhookUrl: null, currency: 'COP' }], merchantId: 1 });
    const refusalOf = async (el: HTMLElement, typed: Record<string, string>) => {
      for (const [label, value] of Object.entries(typed)) {
        const input = el.querySelector<HTMLInputElement>(`#${CSS.escape([...el.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))?.htmlFor ?? 'none')}`)!;
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
      await new Promise((r) => setTimeout(r, 0));
      el.querySelector('form')?.requestSubmit();
      // The error of the submit before is cleared as this one starts, then this one's is drawn.
      await new Promise((r) => setTimeout(r, 0));
      await vi.waitFor(() => expect(el.querySelector('[role="alert"]')).not.toBeNull());
      return el.querySelector('[role="alert"]')?.textContent;
    };
    const ABOVE_ZERO = 'Error: El importe debe ser mayor que 0';
    const NOT_NEGATIVE = 'Error: El importe no puede ser negativo';

    const link = await render(<LinkForm store={store} lang="es" />);
    expect(await refusalOf(link, { 'Descripción': 'Menos', 'Monto': '-5' })).toBe(ABOVE_ZERO);
    expect(await refusalOf(link, { 'Monto': '0' })).toBe(ABOVE_ZERO);
    expect(await refusalOf(link, { 'Monto': '5', 'Impuesto': '-0.50' })).toBe(NOT_NEGATIVE);
    store.getState().setMerchant(4);
    await vi.waitFor(() => expect(link.textContent).toContain('Monto (COP)'));
    expect(await refusalOf(link, { 'Monto': '-5.000' })).toBe(ABOVE_ZERO);
    expect(createLink).not.toHaveBeenCalled();

    const plan = await render(<PlanForm store={store} api={api} lang="es" />);
    expect(await refusalOf(plan, { 'Nombre del plan': 'Mensual', 'Monto': '-15.000' })).toBe(ABOVE_ZERO);
    const station = await render(<StationForm store={store} api={api} lang="es" />);
    expect(await refusalOf(station, { 'Id de la estación': 'caja-neg', 'Descripción': 'Caja', 'Monto': '-20.000' })).toBe(NOT_NEGATIVE);
    store.getState().setMerchant(1);
    const stationUsd = await render(<StationForm store={store} api={api} lang="es" />);
    expect(await refusalOf(stationUsd, { 'Id de la estación': 'caja-neg', 'Descripción': 'Caja', 'Monto': '-7.50' })).toBe(NOT_NEGATIVE);
    const merchant = await render(<MerchantForm store={store} lang="es" />);
    expect(await refusalOf(merchant, { 'Nombre': 'Neg', 'Límite': '-100' })).toBe(NOT_NEGATIVE);
    const user = await render(<UserForm api={api} />);
    expect(await refusalOf(user, { 'Correo': 'neg@example.com', 'Saldo': '-5' })).toBe(NOT_NEGATIVE);
    expect([createPlan, createStation, createMerchant, createUser].map((call) => call.mock.calls.length)).toEqual([0, 0, 0, 0]);
  });

  it('a new merchant whose limit refuses its first link still shows its keys, this once, with why the link was not made; a Colombian one\'s link is labelled in pesos', async () => {
    const createMerchant = vi.fn(async () => ({ idMerchant: 7, secretKey: 'sk_test_seven', webhookSecret: 'whsec_seven', name: 'Lim' }));
    const createLink = vi.fn(async () => { throw new Error('El importe supera el límite del comercio'); });
    const api = apiWith({ createMerchant, createLink, listMerchants: vi.fn(async () => []), listLinks: vi.fn(async () => []) });
    const store = createConsoleStore(api);
    const el = await render(<MerchantForm store={store} lang="es" />);
    const field = (label: string) => el.querySelector<HTMLInputElement>(`#${CSS.escape([...el.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))?.htmlFor ?? 'none')}`);
    const name = field('Nombre')!;
    name.value = 'Lim';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    const limit = field('Límite')!;
    limit.value = '5';
    limit.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 0));
    el.querySelector('form')?.requestSubmit();
    await vi.waitFor(() => expect(el.textContent).toContain('sk_test_seven'));
    expect(createMerchant).toHaveBeenCalledWith(expect.objectContaining({ txLimit: 5 }));
    expect(el.textContent).toContain('whsec_seven');
    expect(el.textContent).toContain('Su primer enlace de $10.00 no se creó: El importe supera el límite del comercio');
  });

  it('what was typed as dollars is never sent as pesos: picking a Colombian merchant offers pesos, picking back gives the dollars typed', async () => {
    const createStation = vi.fn(async () => ({ stationId: 'caja-1' }));
    const api = apiWith({ createStation, listMerchants: vi.fn(async () => []) });
    const store = createConsoleStore(api);
    store.setState({ merchants: [{ id: 1, name: 'Tienda Panamá', webhookUrl: null, currency: 'USD' }, { id: 4, name: 'Tienda Bogotá', webhookUrl: null, currency: 'COP' }], merchantId: 1 });
    const el = await render(<StationForm store={store} api={api} lang="es" />);
    const field = (label: string) => el.querySelector<HTMLInputElement>(`#${CSS.escape([...el.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor ?? 'none')}`);
    const type = (label: string, value: string) => {
      const input = field(label)!;
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    const tick = () => new Promise((r) => setTimeout(r, 0));
    type('Monto (USD)', '25');
    await tick();
    store.getState().setMerchant(4);
    await tick();
    expect(field('Monto (COP)')?.value).toBe('20.000');
    type('Id de la estación', 'caja-1');
    type('Descripción', 'Caja');
    await tick();
    el.querySelector('form')?.requestSubmit();
    await vi.waitFor(() => expect(createStation).toHaveBeenCalledWith({ stationId: 'caja-1', description: 'Caja', amount: 20_000, merchantId: 4 }));
    store.getState().setMerchant(1);
    await tick();
    expect(field('Monto (USD)')?.value).toBe('25');
  });

  it('the campaign form sends the title and text typed in Spanish and in English, blank ones left out; its link reads as the campaign', async () => {
    const createCampaign = vi.fn(async () => ({ idBridge: 7, offeredBridgeId: 7 }));
    const createLink = vi.fn(async () => ({ code: 'LKBECAS', slug: 'lkbecas', url: 'http://localhost/lkbecas' }));
    const api = apiWith({ createCampaign, createLink, listMerchants: vi.fn(async () => []), listLinks: vi.fn(async () => []) });
    const store = createConsoleStore(api);
    store.setState({ merchantId: 3 });
    const el = await render(<CampaignForm store={store} api={api} lang="es" />);
    const type = (label: string, value: string) => {
      const field = el.querySelector<HTMLInputElement>(`#${CSS.escape([...el.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor ?? 'none')}`);
      if (!field) throw new Error(`no field labelled ${label}`);
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    };
    type('Título', 'Becas');
    type('Texto (opcional)', 'Para útiles');
    type('Título en español (opcional)', '  ');
    type('Título en inglés (opcional)', 'Scholarships');
    type('Texto en español (opcional)', 'Útiles para la escuela');
    type('Texto en inglés (opcional)', 'School supplies');
    // The submit handler of the render that took the typing.
    await new Promise((r) => setTimeout(r, 0));
    el.querySelector('form')?.requestSubmit();
    await vi.waitFor(() => expect(el.textContent).toContain('Campaña #7 creada: se ofrece en cada pago del comercio'));
    expect(createCampaign).toHaveBeenCalledWith({ title: 'Becas', description: 'Para útiles', titles: { en: 'Scholarships' }, descriptions: { es: 'Útiles para la escuela', en: 'School supplies' }, merchantId: 3 });
    expect(createLink).toHaveBeenCalledWith(expect.objectContaining({ description: 'Becas', descriptions: { en: 'Scholarships' }, merchantId: 3 }));
  });
  it.each([
    [1, 'Campaña #7 creada. Los pagadores ven la campaña #1 mientras siga activa'],
    [null, 'Campaña #7 creada, inactiva ahora (por su estado o sus fechas): este enlace no ofrece ninguna campaña.'],
  ])('the campaign form says which campaign payers are offered when it is not the new one (offered %s)', async (offeredBridgeId, said) => {
    const createCampaign = vi.fn(async () => ({ idBridge: 7, offeredBridgeId }));
    const createLink = vi.fn(async () => ({ code: 'LKBECAS', slug: 'lkbecas', url: 'http://localhost/lkbecas' }));
    const api = apiWith({ createCampaign, createLink, listMerchants: vi.fn(async () => []), listLinks: vi.fn(async () => []) });
    const el = await render(<CampaignForm store={createConsoleStore(api)} api={api} lang="es" />);
    const title = el.querySelector<HTMLInputElement>('input[name="title"]');
    if (!title) throw new Error('no title field');
    title.value = 'Becas';
    title.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 0));
    el.querySelector('form')?.requestSubmit();
    await vi.waitFor(() => expect(el.textContent).toContain(said));
    expect(el.textContent).not.toContain('se ofrece en cada pago del comercio');
  });
  it("the brand form takes no typing until the merchant's stored brand is in, which would overwrite it", async () => {
    let answer: (brand: { colorPrimary: string | null; displayName: string | null; logoUrl: string | null }) => void = () => {};
    const brandOf = vi.fn(() => new Promise<{ colorPrimary: string | null; displayName: string | null; logoUrl: string | null }>((resolve) => (answer = resolve)));
    const store = createConsoleStore(apiWith({ brandOf } as Partial<AdminApi>));
    store.setState({ merchantId: 1, merchants: [{ id: 1, name: 'Tienda Demo Panamá' }] } as never);
    const el = await render(<BrandForm store={store} api={apiWith({ brandOf } as Partial<AdminApi>)} />);
    const name = el.querySelector<HTMLInputElement>('input[name="displayName"]');
    const save = el.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect([name?.disabled, el.querySelector<HTMLInputElement>('input[name="colorPrimary"]')?.disabled, el.querySelector<HTMLInputElement>('input[name="logo"]')?.disabled, save?.disabled]).toEqual([true, true, true, true]);
    await vi.waitFor(() => expect(brandOf).toHaveBeenCalledWith(1));
    answer({ colorPrimary: '#6b3e26', displayName: 'Tostadores del Casco', logoUrl: null });
    await vi.waitFor(() => expect(name?.disabled).toBe(false));
    expect(name?.value).toBe('Tostadores del Casco');
    expect(save?.disabled).toBe(false);
  });
});
