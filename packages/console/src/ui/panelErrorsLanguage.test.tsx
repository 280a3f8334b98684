import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminError, type AdminApi } from '../api/adminApi';
import { changeLanguage } from '../i18n/i18n';
import type { Transaction } from '../api/schemas';
import { createConsoleStore } from '../store/consoleStore';
import { App } from './App';
import { BooksPanel } from './BooksPanel';
import { RefundForm } from './RefundForm';
import { MerchantForm } from './create/MerchantForm';
import { SubscriptionsPanel } from './SubscriptionsPanel';
import { renderInPage } from './renderInPage';

// A panel's error is worded when shown: a switch of language after it rewords it with the rest of the console.

const render = renderInPage();
afterEach(() => changeLanguage('es'));

/** The node drawn again on a switch of language, as the console's App draws its panels. */
async function drawnSwitching(node: () => ReactNode) {
  let show: (lang: 'es' | 'en') => void = () => {};
  function Switching() {
    const [lang, setLang] = useState<'es' | 'en'>('es');
    show = setLang;
    return <div lang={lang}>{node()}</div>;
  }
  const el = await render(<Switching />);
  const switchTo = async (lang: 'es' | 'en') => {
    await changeLanguage(lang);
    show(lang);
  };
  return { el, switchTo };
}

const notFound = async () => {
  throw new AdminError('merchant_not_found', 'No encontramos el comercio', 404, 'es');
};

function storeOf(api: AdminApi) {
  const store = createConsoleStore(api);
  store.setState({ merchants: [{ id: 3, name: 'Café Boquete', currency: 'USD' }] as never, merchantId: 3 });
  return store;
}

describe('a panel\'s error after a switch of language', () => {
  it('Books: said in the language switched to', async () => {
    const api = { balanceOf: vi.fn(notFound), payoutsOf: vi.fn(notFound), disputesOf: vi.fn(notFound) } as unknown as AdminApi;
    const store = storeOf(api);
    const { el, switchTo } = await drawnSwitching(() => <BooksPanel store={store} api={api} />);
    const alertText = () => el.querySelector('[role="alert"]')?.textContent;
    await vi.waitFor(() => expect(alertText()).toBe('Error: No encontramos el comercio'));
    await switchTo('en');
    await vi.waitFor(() => expect(alertText()).toBe('Error: We could not find the merchant'));
  });

  it('Subscriptions: said in the language switched to', async () => {
    const api = { subscriptionsOf: vi.fn(notFound) } as unknown as AdminApi;
    const store = storeOf(api);
    const { el, switchTo } = await drawnSwitching(() => <SubscriptionsPanel store={store} api={api} />);
    const alertText = () => el.querySelector('[role="alert"]')?.textContent;
    await vi.waitFor(() => expect(alertText()).toBe('Error: No encontramos el comercio'));
    await switchTo('en');
    await vi.waitFor(() => expect(alertText()).toBe('Error: We could not find the merchant'));
  });

  it('a refund\'s amount refused by the server: said in the language switched to', async () => {
    const paid: Transaction = {
      codOper: 'PPCARD9', method: 'card', amount: 25, taxAmount: 1.75, status: 1, authStatus: 'APPROVED', outcome: 'APPROVED', linkCode: 'LK1', merchantId: 1,
      reference: null, subscriptionKey: null, underpaid: false, cryptoDue: null, validationState: null, refundedAmount: 0, paidAmount: 26.75, refunds: [],
      capturableAmount: 0, cardType: 'VISA', displayNum: '4242', createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z',
    };
    const refund = vi.fn(async () => {
      throw new AdminError('refund_exceeds_remaining', 'El reembolso supera lo que queda por reembolsar', 422, 'es');
    });
    const store = createConsoleStore({ refund, listTransactions: vi.fn(async () => [paid]) } as unknown as AdminApi);
    store.setState({ transactions: [paid] });
    const { el, switchTo } = await drawnSwitching(() => <RefundForm store={store} tx={paid} onPress={() => undefined} />);
    const input = el.querySelector('input') as HTMLInputElement;
    input.value = '20';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    (el.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    const alertText = () => el.querySelector('[role="alert"]')?.textContent;
    await vi.waitFor(() => expect(alertText()).toBe('El reembolso supera lo que queda por reembolsar'));
    await switchTo('en');
    await vi.waitFor(() => expect(alertText()).toBe('The refund is more than what remains to refund'));
  });

  it('a new merchant\'s first link not made: why, and its amount, said in the language switched to', async () => {
    const createMerchant = vi.fn(async () => ({ idMerchant: 7, secretKey: 'sk_test_seven', webhookSecret: 'whsec_seven', name: 'Lim' }));
    const createLink = vi.fn(async () => {
      throw new AdminError('amount_exceeds_limit_allowed', 'El monto supera el límite', 422, 'es');
    });
    const api = { createMerchant, createLink, listMerchants: vi.fn(async () => []), listLinks: vi.fn(async () => []) } as unknown as AdminApi;
    const store = createConsoleStore(api);
    const { el, switchTo } = await drawnSwitching(() => <MerchantForm store={store} lang="es" />);
    const name = el.querySelector('input[name="name"]') as HTMLInputElement;
    name.value = 'Lim';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    const country = el.querySelector('select[name="country"]') as HTMLSelectElement;
    country.value = 'CO';
    country.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 0));
    el.querySelector('form')?.requestSubmit();
    await vi.waitFor(() => expect(el.textContent).toContain('sk_test_seven'));
    const said = () => el.querySelector('.result .error')?.textContent?.replace(/\s/g, ' ');
    expect(said()).toBe('Su primer enlace de $ 40.000 no se creó: El monto supera el límite. Crea uno en el formulario de enlaces.');
    await switchTo('en');
    await vi.waitFor(() => expect(said()).toBe('Its first COP 40,000 link was not made: The amount exceeds the merchant\'s allowed limit. Make one in the link form.'));
  });

  it('the notice of a failed call: said in the language switched to', async () => {
    const listTransactions = vi.fn(async () => {
      throw new AdminError('connection_error', 'Failed to fetch', 0, 'es');
    });
    const api = { listTransactions } as unknown as AdminApi;
    const store = createConsoleStore(api);
    const el = await render(<App store={store} api={api} initialLang="es" saveLang={() => undefined} />);
    await store.getState().refreshTransactions();
    const noticeText = () => el.querySelector('.notice p')?.textContent;
    // The browser's words for a failed fetch are in its own language: the catalogue's are said instead.
    await vi.waitFor(() => expect(noticeText()).toBe('Error: Error de conexión. Revisa tu internet e intenta de nuevo'));
    [...el.querySelectorAll('button')].find((b) => b.textContent === 'English')?.click();
    await vi.waitFor(() => expect(noticeText()).toBe('Error: Connection error. Check your internet and try again'));
  });

  it('Books: the payout run\'s status, said in the language switched to', async () => {
    const api = {
      balanceOf: vi.fn(async () => ({ currency: 'USD' as const, available: 0, pending: 0 })), payoutsOf: vi.fn(async () => ({ data: [], nextCursor: null })),
      disputesOf: vi.fn(async () => ({ data: [], nextCursor: null })), runPayouts: vi.fn(async () => []),
    } as unknown as AdminApi;
    const store = storeOf(api);
    const { el, switchTo } = await drawnSwitching(() => <BooksPanel store={store} api={api} />);
    await vi.waitFor(() => expect(el.querySelector('[data-balance="available"]')).not.toBeNull());
    [...el.querySelectorAll('button')].find((b) => b.textContent === 'Pagar ahora (sandbox)')?.click();
    const status = () => el.querySelector('p[role="status"]')?.textContent;
    await vi.waitFor(() => expect(status()).toBe('No había saldo disponible que pagar.'));
    await switchTo('en');
    await vi.waitFor(() => expect(status()).toBe('There was no available balance to pay out.'));
  });
  it.each([
    ['an answer the console cannot read', new AdminError('bad_answer', 'Unexpected answer from merchants/3/balance', 200), 'Error: El sandbox respondió algo que la consola no sabe leer', 'Error: The sandbox answered something the console cannot read'],
    ['an HTTP failure with no words of the server (a proxy\'s 502)', new AdminError('http_502', 'HTTP 502', 502, 'es'), 'Error: El sandbox respondió HTTP 502 sin decir por qué', 'Error: The sandbox answered HTTP 502 without saying why'],
  ])('%s: said in the console\'s words, in the language on screen', async (_, failure, spanish, english) => {
    const fails = async () => {
      throw failure;
    };
    const api = { balanceOf: vi.fn(fails), payoutsOf: vi.fn(fails), disputesOf: vi.fn(fails) } as unknown as AdminApi;
    const { el, switchTo } = await drawnSwitching(() => <BooksPanel store={storeOf(api)} api={api} />);
    const alertText = () => el.querySelector('[role="alert"]')?.textContent;
    await vi.waitFor(() => expect(alertText()).toBe(spanish));
    await switchTo('en');
    await vi.waitFor(() => expect(alertText()).toBe(english));
  });
});
