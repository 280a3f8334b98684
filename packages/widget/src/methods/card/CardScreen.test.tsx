import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { catalogs } from '@pasarela/core';
import { startI18n } from '../../i18n/i18n';
import { answeringApi } from '../../testing/answeringApi';
import { fakePaymentContext } from '../../testing/fakePaymentContext';
import { preparePhoneRules } from '../../payments/phoneCheck';
import { render, settle, type } from '../../testing/render';
import { CardScreen } from './CardScreen';

// The API client's own chunk (api/network.ts), counted each time it is fetched (once it arrived, the
// file's module cache keeps it); `failing`: that many fail as a lost connection would.
const chunk = vi.hoisted(() => {
  const counted = { requested: 0, failing: 0 };
  const fetchChunk = async (original: () => Promise<unknown>) => {
    counted.requested += 1;
    if (counted.failing > 0) {
      counted.failing -= 1;
      throw new TypeError('Failed to fetch dynamically imported module');
    }
    return original();
  };
  return Object.assign(counted, { fetchChunk });
});
vi.mock('../../api/network', (original) => chunk.fetchChunk(original));

// The card vault's page as the checkout hears it (payments/vaultFrame.ts): its messages from its origin.
const VAULT = 'https://vault.test';
const fromVault = (data: Record<string, unknown>) => void window.dispatchEvent(new MessageEvent('message', { origin: VAULT, data: { ...data, type: `pasarela-vault:${String(data['type'])}` } }));

const APPROVED = { status: 1, codOper: 'OP1', messageSys: 'Aprobada', authStatus: '00', cardType: 'VISA', displayNum: '•••• 4242' };

describe('CardScreen: the payment\'s chunks fetched while the payer fills the form', () => {
  let unmount: (() => unknown) | undefined;
  beforeAll(async () => {
    await startI18n('es', catalogs.es);
    await preparePhoneRules();
  }, 30_000);
  afterEach(async () => {
    await unmount?.();
  });

  async function show() {
    const seen: string[] = [];
    const fake = fakePaymentContext('card', answeringApi(200, APPROVED, seen));
    const receipts: string[] = [];
    const services = { ...fake.services, config: { ...fake.services.config, vaultUrl: VAULT } };
    const payment = { ...fake.payment, services, showReceipt: (codOper: string) => void receipts.push(codOper) };
    const view = await render(<CardScreen payment={payment} />);
    unmount = view.unmount;
    await settle();
    const cardInput = () => act(() => fromVault({ type: 'change', field: 'number', brand: 'VISA', complete: false }));
    const pay = async () => {
      await act(() => {
        view.container.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      });
      // The vault's answer, once Pay has asked for the card.
      await vi.waitFor(() => {
        fromVault({ type: 'token', card: { token: 'tok_4242', brand: 'VISA', last4: '4242', expMonth: 12, expYear: 2034 } });
        expect(receipts).not.toEqual([]);
      });
    };
    return { ...view, seen, receipts, cardInput, pay };
  }

  it('asks for the API client\'s chunk at the first card input, not with the form; one that failed is fetched again by Pay, which goes through', async () => {
    // The file's first fetch of it (a page's): it fails, as a lost connection would.
    chunk.failing = 1;
    const view = await show();
    // The first screen never fetches it (its download budget, e2e/first-screen.e2e.ts).
    expect(chunk.requested).toBe(0);
    await view.cardInput();
    await vi.waitFor(() => expect(chunk.requested).toBe(1));
    await settle();
    // Asked for with no request to the API.
    expect(view.seen).toEqual([]);
    await type(view.input('name'), 'Ana Maria Perez');
    await type(view.input('email'), 'ana@example.com');
    await type(view.input('phone'), '6123 4567');
    await view.pay();
    expect(view.receipts).toEqual(['OP1']);
    expect(chunk.requested).toBe(2);
    expect(view.seen).toEqual(['https://checkout.test/api/v1/cards/auth-capture']);
  });
});

// Issue 92: the order was paid in another browser after this card form showed. Pay is refused (409
// request_already_paid naming the payment that paid): the form says so as a wait left behind does.
describe('CardScreen: Pay pressed after the order was paid in another browser (issue 92)', () => {
  let unmount: (() => unknown) | undefined;
  afterEach(async () => {
    await unmount?.();
    await startI18n('es', catalogs.es);
  });

  it.each(['es', 'en'] as const)('%s: "order already paid" with how and its receipt, heading focused, no alert, the shop told nothing, nothing to pay again', async (lang) => {
    await startI18n(lang, catalogs[lang]);
    await preparePhoneRules();
    const seen: string[] = [];
    const refusal = { code: 'request_already_paid', message: 'This single-use link was paid by another payment', paidBy: 'PPCARD9', paidWith: 'card' };
    const fake = fakePaymentContext('card', answeringApi(409, refusal, seen));
    const ended: boolean[] = [];
    const services = { ...fake.services, lang, config: { ...fake.services.config, vaultUrl: VAULT } };
    const payment = { ...fake.payment, services, setEnded: (value: boolean) => void ended.push(value) };
    const view = await render(<CardScreen payment={payment} />);
    unmount = view.unmount;
    await settle();
    await type(view.input('name'), 'Ana Maria Perez');
    await type(view.input('email'), 'ana@example.com');
    await type(view.input('phone'), '6123 4567');
    await act(() => {
      view.container.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    const heading = () => view.container.querySelector('h2');
    await vi.waitFor(() => {
      fromVault({ type: 'token', card: { token: 'tok_4242', brand: 'VISA', last4: '4242', expMonth: 12, expYear: 2034 } });
      expect(heading()?.textContent).toBe(catalogs[lang].paid_elsewhere_title);
    });
    await settle();
    expect(seen).toEqual(['https://checkout.test/api/v1/cards/auth-capture']);
    const how = (catalogs[lang].paid_elsewhere_how ?? '').replace('{{method}}', (catalogs[lang].method_card ?? '').toLocaleLowerCase(lang));
    expect(view.container.textContent).toContain(how);
    expect(document.activeElement).toBe(heading());
    // Neutral: no alert, and the card's refusal words nowhere.
    expect(view.container.querySelector('[role="alert"]')).toBeNull();
    expect(view.container.textContent).not.toContain(catalogs[lang].request_already_paid);
    // Nothing to pay again: no form, no card fields; the method choice and the captcha go too.
    expect(view.container.querySelector('form, iframe, input')).toBeNull();
    expect(ended).toContain(true);
    // The shop hears of the payment that paid, never of an error here.
    expect(fake.results()).toEqual([]);
    const receipt = [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs[lang].waiting_elsewhere_see_receipt);
    await act(() => receipt?.click());
    expect(fake.navigations).toEqual(['/pf/default-receipt/PPCARD9']);
  });
});

// PRODUCT.md "each form's primary action is its submit button": it says what pressing it does. A
// plan that charges first when due takes nothing today (docs/pages.md "Subscription"): "Suscribirme",
// not "Pagar $0.00"; a plan that charges at once keeps "Pagar $X" (the payment's total, the fake's $26.75).
describe('CardScreen: a subscription\'s submit button says what it does', () => {
  let unmount: (() => unknown) | undefined;
  afterEach(async () => {
    await unmount?.();
    await startI18n('es', catalogs.es);
  });

  it.each([
    ['es', false, 'Suscribirme'],
    ['en', false, 'Subscribe'],
    ['es', true, 'Pagar $26.75'],
    ['en', true, 'Pay $26.75'],
  ] as const)('%s, chargeNow %s: "%s"', async (lang, chargeNow, label) => {
    await startI18n(lang, catalogs[lang]);
    const fake = fakePaymentContext('card', answeringApi(200, APPROVED));
    const services = { ...fake.services, lang, config: { ...fake.services.config, vaultUrl: VAULT } };
    const subscription = {
      idSubscription: 1, subscriptionKey: 'SUB1', status: 0, email: '', nextChargeAt: null,
      plan: { idPlan: 1, idMerchant: 1, name: 'Club del Café', description: '', amount: 10.7, period: 'MO', chargeNow },
    };
    const data = { ...fake.payment.data, subscription, extras: await import('../../checkout/checkoutExtras') };
    const view = await render(<CardScreen payment={{ ...fake.payment, services, data }} />);
    unmount = view.unmount;
    await settle();
    expect(view.container.querySelector('form button[type="submit"]')?.textContent).toBe(label);
  });
});
