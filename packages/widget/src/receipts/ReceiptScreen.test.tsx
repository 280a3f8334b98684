import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { catalogs } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { readConfig } from '../kernel/config';
import { ServicesContext, type Services } from '../kernel/services';
import { startI18n } from '../i18n/i18n';
import { render, settle } from '../testing/render';
import { ReceiptScreen } from './ReceiptScreen';
import { createReceiptStore } from './receiptStore';
import { createSessionStore } from '../kernel/session';

/** A cash voucher's receipt as the sandbox answers it (no card, typeMethod CASH, the voucher number as reference). */
const cashReceipt = (status: number) => ({
  date: '2026-11-21T17:30:00Z', name: '', authStatus: status === 2 ? 'PAID' : 'PENDING', cardType: '', type: 'AUTH_CAPTURE',
  displayNum: '', codOper: 'PPCASH1', status, totalPay: 26.75, email: 'ana@example.com', typeMethod: 'CASH',
  reference: '482913004571', merchant: { merchantName: 'Tienda Ñandú', logo: '' },
});

function servicesFor(receipt: unknown): Services {
  const answer = async <S extends v.GenericSchema>(_path: string, schema: S) => v.parse(schema, receipt);
  const api: ApiClient = { get: answer, post: answer, put: answer };
  return {
    config: { ...readConfig(document), splashMs: 0 },
    api,
    lang: 'es',
    bridge: { embedded: false, notify: () => {}, onCloseRequested: () => {} },
    navigate: vi.fn(),
    address: () => new URL(location.href),
    leave: vi.fn(),
    storage: { local: null, session: null },
    session: createSessionStore(null),
    now: () => new Date('2026-11-21T17:30:00Z'),
    serverNow: () => Date.parse('2026-11-21T17:30:00Z'),
    newTrackId: () => 'track-1',
  };
}

async function showReceipt(status: number, receipt: unknown = cashReceipt(status)) {
  const services = servicesFor(receipt);
  const store = createReceiptStore(services.api, 'PPCASH1');
  await store.getState().load();
  const view = await render(
    <ServicesContext.Provider value={services}>
      <ReceiptScreen store={store} />
    </ServicesContext.Provider>,
  );
  await settle();
  return view;
}

describe('ReceiptScreen for a cash voucher (SPEC 4 "Cash and cash-point: 3 declined, 0 and -1 pending, 1 completed, 2 paid")', () => {
  let unmount: (() => unknown) | undefined;
  beforeAll(() => startI18n('es', catalogs.es));
  afterEach(async () => {
    await unmount?.();
    document.body.innerHTML = '';
  });

  it.each([
    [2, catalogs.es.receipt_payment_proof, catalogs.es.status_paid],
    [0, catalogs.es.receipt_payment_instructions, catalogs.es.status_pending],
    [3, catalogs.es.receipt_declined, catalogs.es.status_declined],
  ])('status %s: title %j, badge %j, the voucher number as reference', async (status, title, badge) => {
    const view = await showReceipt(status);
    unmount = view.unmount;
    expect(view.container.querySelector('h1')?.textContent).toBe(title);
    expect(view.container.querySelector('.receipt__badge')?.textContent).toBe(badge);
    expect(view.container.textContent).toContain('482913004571');
    // No card line on a cash receipt.
    expect(view.container.textContent).not.toContain(catalogs.es.receipt_card);
  });
});

describe('ReceiptScreen for a declined Yappy or Nequi and a cancelled crypto payment: declined, never pending or unknown', () => {
  let unmount: (() => unknown) | undefined;
  beforeAll(() => startI18n('es', catalogs.es));
  afterEach(async () => {
    await unmount?.();
    document.body.innerHTML = '';
  });
  const walletReceipt = (typeMethod: string, status: number, authStatus: string, refund: unknown = null) => ({
    date: '2026-11-21T17:30:00Z', name: '', authStatus, cardType: '', type: 'AUTH_CAPTURE', displayNum: '', codOper: 'PPW1', status,
    totalPay: 26.75, email: 'ana@example.com', typeMethod, reference: 'PPW1', merchant: { merchantName: 'Tienda', logo: '' }, refund,
  });

  it.each([
    ['YAPPY', 0, 'DECLINED', catalogs.es.receipt_declined, catalogs.es.status_declined],
    ['NEQUI', 0, 'DECLINED', catalogs.es.receipt_declined, catalogs.es.status_declined],
    ['YAPPY', -1, 'PENDING', catalogs.es.receipt_payment_instructions, catalogs.es.status_pending],
    ['NEQUI', 1, 'APPROVED', catalogs.es.receipt_payment_proof, catalogs.es.status_approved],
  ])('%s status %s (%s): title %j, badge %j', async (method, status, auth, title, badge) => {
    const view = await showReceipt(status, walletReceipt(method, status, auth));
    unmount = view.unmount;
    expect(view.container.querySelector('h1')?.textContent).toBe(title);
    expect(view.container.querySelector('.receipt__badge')?.textContent).toBe(badge);
    expect(view.container.textContent).not.toContain(catalogs.es.status_unknown);
  });

  it('a cancelled crypto payment shows the refund owed and where it goes', async () => {
    const refund = { coin: 'BTC', network: 'BTC', amount: 0.0001, to: 'sbxbtc_payer_1', status: 'pending' };
    const view = await showReceipt(0, walletReceipt('CRYPTO', 0, 'CANCELLED', refund));
    unmount = view.unmount;
    expect(view.container.querySelector('.receipt__badge')?.textContent).toBe(catalogs.es.status_declined);
    expect(view.container.textContent).toContain('0.0001 BTC por devolver a sbxbtc_payer_1');
  });
});
