import { beforeAll, describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { catalogs } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { ServicesContext, type Services } from '../services/services';
import { createSessionStore } from '../services/session';
import { startI18n } from '../i18n/i18n';
import { standaloneServices } from '../testing/fakeServices';
import { render, settle, viewPerTest } from '../testing/render';
import { act } from 'preact/test-utils';
import { LOADING_NOTE_AFTER_MS } from '../ui/Loading';
import type { AccountState } from './accountStore';
import type { WalletTransaction } from './api';
import { HomeScreen } from './HomeScreen';

function services(): Services {
  const api: ApiClient = { get: () => new Promise(() => {}), post: () => new Promise(() => {}), put: () => new Promise(() => {}) };
  const session = createSessionStore(null);
  session.getState().set({ session: { sessionId: 's1', token: 'tok', user: { idUsr: 7 } }, expiresAt: null });
  return standaloneServices(api, { session });
}

const payment = (method: string, status: number, authStatus: string | null, refundedAmount = 0): WalletTransaction => ({
  codOper: `PP-${method}-${status}`, method, amount: 10, taxAmount: 0, status, authStatus, createdAt: '2026-11-21T17:00:00Z', cardType: null, merchantName: null, displayNum: null, refundedAmount, currency: 'USD',
});

async function showHome(transactions: WalletTransaction[], state: Partial<AccountState> = {}) {
  const store = createStore<AccountState>()(() => ({
    status: 'ready',
    account: { profile: { photo: '', name: 'Ana', lastname: 'Díaz', phone: '', email: 'ana@example.com', address1: '', country: '', login: 'ana' }, balance: 0, cards: [], transactions },
    ...state,
    error: null,
    busyCard: null,
    load: async () => {},
    makeDefault: async () => {},
    remove: async () => {},
    ...state,
  }));
  const view = await render(
    <ServicesContext.Provider value={services()}>
      <HomeScreen store={store} />
    </ServicesContext.Provider>,
  );
  await settle();
  return view;
}

describe('the wallet\'s recent payments show each payment\'s status as every surface does (core\'s paymentDisplayStatus)', () => {
  const keep = viewPerTest();
  beforeAll(() => startI18n('es', catalogs.es));

  it.each([
    ['nequi', 0, 'DECLINED', 'Rechazado', 'a Nequi push the payer refused: Nequi lists no declined code, its auth status ended it'],
    ['yappy', 0, 'EXPIRED', 'Rechazado', 'a Yappy request nobody answered in its 5 minutes'],
    ['yappy', -1, 'PENDING', 'Pendiente', 'a Yappy request still waiting'],
    ['card', 0, 'DECLINED', 'Rechazado', 'card 0 declined'],
    ['card', 2, 'APPROVED', 'Capturado', 'card 2 captured'],
  ])('%s status %s (%s) reads %s: %s', async (method, status, authStatus, shown) => {
    keep(await showHome([payment(method, status, authStatus)]));
    expect(document.querySelector('.wallet-list__item')?.textContent).toContain(shown);
  });
});

describe('the wallet home while its account loads (issue 96: loading is never an error)', () => {
  const keep = viewPerTest();
  beforeAll(() => startI18n('es', catalogs.es));

  it('says "Cargando..." in a role=status under the wallet\'s title, with no alert and no error text', async () => {
    keep(await showHome([], { status: 'loading', account: null }));
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, LOADING_NOTE_AFTER_MS + 20)));
    expect(document.querySelector('[role="status"]')?.textContent).toBe(catalogs.es.loading);
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(document.body.textContent).not.toContain(catalogs.es.error_to_load);
    expect(document.querySelector('h1')?.textContent).toBe(catalogs.es.wallet_home_title);
  });

  it('shows the failure, with a retry, only once the load failed, still under the wallet\'s title', async () => {
    keep(await showHome([], { status: 'failed', account: null, error: 'connection_error' }));
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(catalogs.es.connection_error);
    expect(document.querySelector('h1')?.textContent).toBe(catalogs.es.wallet_home_title);
    expect(document.activeElement?.textContent).toBe(catalogs.es.retry_button);
  });
});

describe('the wallet\'s recent payments name the shop and the card (issue 96)', () => {
  const keep = viewPerTest();
  beforeAll(() => startI18n('es', catalogs.es));

  it('a card payment reads its shop and "Visa terminada en 4242", never a run of asterisks', async () => {
    keep(await showHome([{ ...payment('card', 1, 'APPROVED'), merchantName: 'Tostadores del Casco', cardType: 'VISA', displayNum: '**** 4242' }]));
    const row = document.querySelector('.wallet-list__item');
    expect(row?.textContent).toContain('Tostadores del Casco');
    expect(row?.querySelector('[aria-hidden="true"]')?.textContent).toBe('Visa •••• 4242');
    expect(row?.querySelector('.visually-hidden')?.textContent).toBe('Visa terminada en 4242');
    expect(row?.textContent).not.toMatch(/\*/);
  });
});

describe('the recent payments add up to the balance', () => {
  it('a payment the shop refunded in part says what came back', async () => {
    const view = await showHome([payment('balance', 1, 'APPROVED', 2), payment('card', 1, 'APPROVED')]);
    const items = [...view.container.querySelectorAll('.wallet-list__item')].map((li) => li.textContent ?? '');
    expect(items[0]).toContain('Te devolvieron $2.00');
    expect(items[1]).not.toContain('Te devolvieron');
  });
  it('a Colombian shop\'s payment is written in pesos, never as dollars', async () => {
    const view = await showHome([{ ...payment('card', 1, 'APPROVED', 10_000), amount: 40_000, currency: 'COP' }]);
    const item = view.container.querySelector('.wallet-list__item')?.textContent ?? '';
    expect(item).toMatch(/\$\s40\.000 ·/);
    expect(item).toMatch(/Te devolvieron \$\s10\.000/);
    expect(item).not.toContain('40,000.00');
  });
});
