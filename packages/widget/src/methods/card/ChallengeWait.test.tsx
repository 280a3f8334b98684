import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogs, PasarelaError, ReceiptSchema } from '@pasarela/core';
import * as v from 'valibot';
import { startI18n } from '../../i18n/i18n';
import { fakePaymentContext, scriptedApi, type Answer } from '../../testing/fakePaymentContext';
import { render, settle } from '../../testing/render';
import { ChallengeWait } from './ChallengeWait';
import { CardScreen } from './CardScreen';
import { createCardStore } from './store';
import { testFrame } from '../../testing/testFrame';
import { saveChallenge, takeChallenge } from '../../payments/challengeReturn';

const RECEIPT = {
  date: '2026-11-21T17:30:00Z', codOper: 'OP1', totalPay: 26.75, typeMethod: 'CARD', cardType: 'VISA', type: 'AUTH_CAPTURE', email: 'ana@example.com',
  messageSys: '', merchant: { merchantName: 'Tienda Ñandú', logo: '' },
};
const WAITING = { ...RECEIPT, status: -1, authStatus: 'PENDING_3DS' };
const ABANDON = 'cards/payments/OP1/abandon';
const card = (status: number, authStatus: string) => ({ status, codOper: 'OP1', messageSys: '', authStatus, cardType: 'VISA', displayNum: '**** 3220' });

describe('ChallengeWait: "Pagar con otra tarjeta" under the 3DS wait', () => {
  let unmount: (() => unknown) | undefined;
  beforeAll(async () => {
    await startI18n('es', catalogs.es);
  });
  beforeEach(() => {
    sessionStorage.clear();
    history.replaceState(null, '');
  });
  afterEach(async () => {
    await unmount?.();
  });

  async function show(answers: Record<string, Answer | Answer[]>, abandonAnswered: Promise<void> = Promise.resolve(), challengeUrl: string | null = null) {
    const scripted = scriptedApi(answers);
    const { calls } = scripted;
    // The abandon call's answer comes back once `abandonAnswered` settles (the server has acted by then).
    const api = { ...scripted.api, post: (async (path, schema, body) => {
      const answer = scripted.api.post(path, schema, body);
      if (path === ABANDON) await abandonAnswered;
      return answer;
    }) as typeof scripted.api.post };
    const fake = fakePaymentContext('card', api);
    const receipts: string[] = [];
    const payment = { ...fake.payment, showReceipt: (codOper: string) => void receipts.push(codOper) };
    const store = createCardStore({
      now: () => new Date('2026-11-21T12:00:00Z'), fields: testFrame().frame, checkPhone: async () => null,
      pay: vi.fn(), lookup: vi.fn(async () => null), onDone: vi.fn(), newTrackId: () => 'track',
      initial: { name: 'Ana Perez', email: 'ana@example.com', phone: '+507 6123-4567' },
    });
    const onEnd = vi.fn();
    const view = await render(<ChallengeWait payment={payment} codOper="OP1" challengeUrl={challengeUrl} store={store} onEnd={onEnd} />);
    unmount = view.unmount;
    const leave = async () => {
      const button = [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.card_challenge_other_card);
      button?.click();
      await settle();
    };
    return { ...view, ...fake, calls, store, onEnd, receipts, leave };
  }

  it('calls the attempt off on the server first, then gives the form back without the first card; the shop hears nothing of it', async () => {
    const view = await show({ 'receipts/OP1': WAITING, [ABANDON]: card(0, 'CANCELLED') });
    await view.leave();
    await vi.waitFor(() => expect(view.onEnd).toHaveBeenCalledTimes(1));
    expect(view.calls.filter((c) => c.path === ABANDON)).toEqual([{ method: 'post', path: ABANDON, body: {} }]);
    expect(view.store.getState().values).toMatchObject({ name: 'Ana Perez', email: 'ana@example.com' });
    expect(view.results()).toEqual([]);
    expect(view.receipts).toEqual([]);
  });

  it("the wait hears the payment called off before the call's own answer is back: still the form for another card, the shop told nothing", async () => {
    // Back from the challenge: the form's history entry keeps the first card (CardScreen's draft).
    history.replaceState({ pasarelaCard: { values: { name: 'Ana Perez', email: 'ana@example.com', phone: '' }, challengeUrl: '/3ds/OP1' } }, '');
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // The server calls the attempt off at once; its push reaches the wait (a look) before the call's answer.
    const view = await show({ 'receipts/OP1': [WAITING, { ...RECEIPT, status: 0, authStatus: 'CANCELLED', messageSys: 'Pago cancelado antes de completarse' }], [ABANDON]: card(0, 'CANCELLED') }, answered);
    await view.leave();
    await vi.waitFor(() => expect(view.onEnd).toHaveBeenCalledTimes(1), { timeout: 3_000 });
    answer();
    await settle();
    expect(view.onEnd).toHaveBeenCalledTimes(1);
    expect(view.store.getState().values).toMatchObject({ name: 'Ana Perez', email: 'ana@example.com' });
    expect(view.store.getState().alert).toBeNull();
    expect(view.results()).toEqual([]);
    expect(view.receipts).toEqual([]);
    expect(history.state).toEqual({});
  });

  it('called off because a card paid the order in another browser: "ya se pagó", how, its receipt and the way back; no form, no refusal, the shop told nothing (issue 92)', async () => {
    saveChallenge(sessionStorage, { formPath: '/pf/widget?type=lk&code=LINK1', email: 'ana@example.com', returnUrl: '' });
    const calledOff = { ...RECEIPT, status: 0, authStatus: 'CANCELLED', messageSys: 'Pago cancelado antes de completarse', paidBy: { codOper: 'CARD9', method: 'card' } };
    const view = await show({ 'receipts/OP1': [WAITING, calledOff] });
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('h2')?.textContent).toBe(catalogs.es.paid_elsewhere_title);
    }, { timeout: 5_000 });
    expect(view.container.textContent).toContain((catalogs.es.paid_elsewhere_how ?? '').replace('{{method}}', 'tarjeta'));
    expect(view.container.textContent).not.toContain('Pago cancelado');
    expect(view.container.querySelector('[role="alert"], .alert')).toBeNull();
    expect([...view.container.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      catalogs.es.waiting_elsewhere_see_receipt, (catalogs.es.back_to_named_shop ?? '').replace('{{shop}}', 'Tienda Ñandú'),
    ]);
    expect(view.onEnd).not.toHaveBeenCalled();
    expect(view.store.getState().alert).toBeNull();
    expect(view.results()).toEqual([]);
    expect(view.receipts).toEqual([]);
    expect(takeChallenge(sessionStorage)).toBeNull();
  });

  it('called off from the order opened in another browser: said so, neutrally (no form, no refusal), then "ya se pagó" once a card paid it there (issue 92)', async () => {
    const calledOff = { ...RECEIPT, status: 0, authStatus: 'CANCELLED', messageSys: 'Pago cancelado antes de completarse', calledOffByPayer: true };
    const view = await show({ 'receipts/OP1': [WAITING, calledOff, calledOff, { ...calledOff, paidBy: { codOper: 'CARD9', method: 'card' } }] });
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('h2')?.textContent).toBe(catalogs.es.called_off_elsewhere_title);
    }, { timeout: 5_000 });
    expect(view.container.textContent).toContain(catalogs.es.called_off_elsewhere_note);
    expect(view.container.querySelector('[role="alert"], .alert')).toBeNull();
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('h2')?.textContent).toBe(catalogs.es.paid_elsewhere_title);
    }, { timeout: 10_000 });
    expect([...view.container.querySelectorAll('button')].map((b) => b.textContent)).toContain(catalogs.es.waiting_elsewhere_see_receipt);
    expect(view.onEnd).not.toHaveBeenCalled();
    expect(view.store.getState().alert).toBeNull();
    expect(view.results()).toEqual([]);
  }, 20_000);

  it('"Pagar con otra tarjeta" pressed in the seconds after a card paid the order in another browser, before this wait heard: "ya se pagó", never the form again; the news holds the focus (issue 92)', async () => {
    saveChallenge(sessionStorage, { formPath: '/pf/widget?type=lk&code=LINK1', email: 'ana@example.com', returnUrl: '' });
    // The server called this challenge off as the other browser's card paid the order; the wait's own
    // looks have not heard yet (they still read it pending until the payer presses).
    const paidThere = { ...RECEIPT, status: 0, authStatus: 'CANCELLED', messageSys: 'Pago cancelado antes de completarse', paidBy: { codOper: 'CARD9', method: 'card' } };
    let pressed = false;
    const view = await show({
      'receipts/OP1': () => (pressed ? paidThere : WAITING),
      [ABANDON]: () => {
        pressed = true;
        return card(0, 'CANCELLED');
      },
    });
    await view.leave();
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('h2')?.textContent).toBe(catalogs.es.paid_elsewhere_title);
    }, { timeout: 3_000 });
    expect(view.container.textContent).toContain((catalogs.es.paid_elsewhere_how ?? '').replace('{{method}}', 'tarjeta'));
    // Read first (a screen reader hears it), where the pressed button was.
    expect(document.activeElement).toBe(view.container.querySelector('h2'));
    expect(view.onEnd).not.toHaveBeenCalled();
    expect(view.container.querySelector('[role="alert"], .alert, form, iframe')).toBeNull();
    expect([...view.container.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      catalogs.es.waiting_elsewhere_see_receipt, (catalogs.es.back_to_named_shop ?? '').replace('{{shop}}', 'Tienda Ñandú'),
    ]);
    expect(view.store.getState().alert).toBeNull();
    expect(view.results()).toEqual([]);
    expect(view.receipts).toEqual([]);
    expect(view.payment.memory().load()).toBeNull();
    expect(takeChallenge(sessionStorage)).toBeNull();
  });

  it('a challenge completed first: its receipt, told to the shop once, and no form', async () => {
    // The challenge this tab left for (so a receipt page reached from it would report it too).
    saveChallenge(sessionStorage, { formPath: '/pf/widget?type=lk&code=LINK1', email: 'ana@example.com', returnUrl: '' });
    // The wait's first look finds it pending; the bank approves as the payer leaves.
    const view = await show({ 'receipts/OP1': [WAITING, { ...RECEIPT, status: 1, authStatus: 'APPROVED' }], [ABANDON]: card(1, 'APPROVED') });
    await view.leave();
    await vi.waitFor(() => expect(view.receipts).toEqual(['OP1']));
    // The wait ended with it: no further look at the payment (its next would come a second later).
    const looks = view.calls.length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(view.calls.length).toBe(looks);
    expect(view.onEnd).not.toHaveBeenCalled();
    expect(view.results()).toEqual([expect.objectContaining({ status: 'success', method: 'card', notification: expect.objectContaining({ Oper: 'OP1', Estado: 'APPROVED' }) })]);
    // Reported here: the receipt page it leads to finds no challenge left to report.
    expect(takeChallenge(sessionStorage)).toBeNull();
  });

  it("reached where no history entry kept the bank's page (the duplicate's 'No' in another browser): the page the server named opens again", async () => {
    const page = 'https://issuer.example/3ds/OP1';
    const view = await show({ 'receipts/OP1': WAITING }, Promise.resolve(), page);
    const again = [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.card_challenge_resume);
    expect(again).toBeDefined();
    again?.click();
    await settle();
    expect(view.departures).toEqual([page]);
    // The other way forward stays beside it.
    expect([...view.container.querySelectorAll('button')].map((b) => b.textContent)).toContain(catalogs.es.card_challenge_other_card);
  });

  it('reached with no page named (a reopened checkout): the page the server recorded opens again', async () => {
    const page = 'https://issuer.example/3ds/OP1';
    const view = await show({ 'receipts/OP1': WAITING, 'payments/waiting/OP1': { method: 'card', codOper: 'OP1', state: 'waiting', challengeUrl: page } });
    await vi.waitFor(() => expect(view.container.textContent).toContain(catalogs.es.card_challenge_resume));
    [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.card_challenge_resume)?.click();
    await settle();
    expect(view.departures).toEqual([page]);
  });

  it('the server names no page (or not a web page): no button to a page it does not know, the other way stays', async () => {
    for (const challengeUrl of [undefined, 'javascript:alert(1)']) {
      const view = await show({ 'receipts/OP1': WAITING, 'payments/waiting/OP1': { method: 'card', codOper: 'OP1', state: 'waiting', ...(challengeUrl ? { challengeUrl } : {}) } });
      await vi.waitFor(() => expect(view.calls.some((c) => c.path === 'payments/waiting/OP1')).toBe(true));
      await settle();
      expect(view.container.textContent).not.toContain(catalogs.es.card_challenge_resume);
      expect(view.container.textContent).toContain(catalogs.es.card_challenge_other_card);
      await unmount?.();
      unmount = undefined;
    }
  });

  it('says the bank waits for the payer only once an answer says so; before, that it is checking', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const answered = new Promise((resolve) => (answer = resolve));
    const view = await show({ 'receipts/OP1': answered.then(() => WAITING) });
    const status = () => view.container.querySelector('[role="status"]')?.textContent;
    expect(status()).toBe(catalogs.es.card_challenge_checking);
    expect(view.container.textContent).not.toContain(catalogs.es.card_challenge_waiting);
    answer(undefined);
    await vi.waitFor(() => expect(status()).toBe(catalogs.es.card_challenge_waiting));
  });

  it('the call fails: the wait stays and says so; nothing is sent and the payer may try again', async () => {
    const view = await show({ 'receipts/OP1': WAITING, [ABANDON]: [new PasarelaError({ code: 'connection_error', category: 'network' }), card(0, 'CANCELLED')] });
    await view.leave();
    await vi.waitFor(() => expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(catalogs.es.card_challenge_leave_failed));
    expect(view.onEnd).not.toHaveBeenCalled();
    expect(view.container.textContent).toContain(catalogs.es.card_challenge_waiting);
    await view.leave();
    await vi.waitFor(() => expect(view.onEnd).toHaveBeenCalledTimes(1));
  });
});

// A refused challenge comes back to its form's page, whose address names the payment: the card
// form follows it, and shows the bank's reason with what was typed (never the CVC).
describe('a refused challenge back on its form', () => {
  const DECLINED = { ...RECEIPT, status: 0, authStatus: 'AUTHENTICATION_FAILED', messageSys: 'La autenticación 3D Secure falló' };
  const KEPT = { name: 'Ana Perez', email: 'ana.perez@example.com', phone: '+507 6123-4567' };
  let unmount: (() => unknown) | undefined;
  beforeAll(async () => {
    await startI18n('es', catalogs.es);
  });
  beforeEach(() => {
    sessionStorage.clear();
    history.replaceState(null, '');
  });
  afterEach(async () => {
    await unmount?.();
    history.replaceState(null, '');
  });

  it('the card form shows the reason and what its history entry kept (never the CVC); the shop hears the decline once', async () => {
    history.replaceState({ pasarelaCard: { values: KEPT, challengeUrl: '/sandbox/3ds/OP1' } }, '');
    const { api } = scriptedApi({ 'receipts/OP1': DECLINED });
    const fake = fakePaymentContext('card', api);
    // The page's address names the payment left at its challenge (CheckoutScreen resumes it).
    fake.payment.resumeFrom({ codOper: 'OP1', deadline: null });
    const view = await render(<CardScreen payment={fake.payment} />);
    unmount = view.unmount;
    await vi.waitFor(() => expect(view.container.querySelector('#card-decline')?.textContent).toBe(`${catalogs.es.declined_title}${DECLINED.messageSys}`));
    expect(view.container.textContent).not.toContain(catalogs.es.card_challenge_title);
    expect(view.input('email').value).toBe(KEPT.email);
    expect(view.input('name').value).toBe(KEPT.name);
    // The card is typed again in the vault's fields, framed afresh.
    expect(view.container.querySelector('iframe.vault-fields')).not.toBeNull();
    expect(fake.results()).toEqual([expect.objectContaining({ status: 'error', method: 'card', notification: expect.objectContaining({ Oper: 'OP1', Estado: 'DECLINED' }) })]);
    // Over: forgotten by the tab and the entry.
    expect(fake.payment.memory().load()).toBeNull();
    expect(history.state).toEqual({});
    await settle();
    expect(fake.results()).toHaveLength(1);
  });

  it('read failed with the page (the checkout\'s answer): the first render is the form with the reason, whose vault frame stays; the shop hears the decline once', async () => {
    history.replaceState({ pasarelaCard: { values: KEPT, challengeUrl: '/sandbox/3ds/OP1' } }, '');
    const { api, calls } = scriptedApi({});
    const refusal = { alert: { key: 'payment_declined' as const, text: DECLINED.messageSys }, alertField: 'cardnumber' as const };
    const fake = fakePaymentContext('card', api, { challengeAnswer: { codOper: 'OP1', receipt: v.parse(ReceiptSchema, DECLINED), refusal } });
    fake.payment.resumeFrom({ codOper: 'OP1', deadline: null });
    const view = await render(<CardScreen payment={fake.payment} />);
    unmount = view.unmount;
    // As the server drew it: the reason beside the field, the vault's frame, no wait ever.
    const frame = view.container.querySelector('iframe.vault-fields');
    expect(frame).not.toBeNull();
    expect(view.container.querySelector('#card-decline')?.textContent).toBe(`${catalogs.es.declined_title}${DECLINED.messageSys}`);
    await vi.waitFor(() => expect(fake.results()).toEqual([expect.objectContaining({ status: 'error', method: 'card', notification: expect.objectContaining({ Oper: 'OP1', Estado: 'DECLINED' }) })]));
    await vi.waitFor(() => expect(view.input('name').value).toBe(KEPT.name));
    expect(view.input('email').value).toBe(KEPT.email);
    expect(view.container.textContent).not.toContain(catalogs.es.card_challenge_title);
    expect(view.container.querySelector('iframe.vault-fields')).toBe(frame);
    expect(fake.payment.memory().load()).toBeNull();
    expect(history.state).toEqual({});
    // Nothing asked of the API: the page carried the receipt.
    expect(calls).toEqual([]);
    await settle();
    expect(fake.results()).toHaveLength(1);
  });

  it('still at the bank as read with the page: its wait, whose first answer is that read (no second call for it)', async () => {
    const { api, calls } = scriptedApi({ 'receipts/OP1': WAITING });
    const fake = fakePaymentContext('card', api, { challengeAnswer: { codOper: 'OP1', receipt: v.parse(ReceiptSchema, WAITING), refusal: null } });
    fake.payment.resumeFrom({ codOper: 'OP1', deadline: null });
    const view = await render(<CardScreen payment={fake.payment} />);
    unmount = view.unmount;
    await vi.waitFor(() => expect(view.container.textContent).toContain(catalogs.es.card_challenge_title));
    expect(view.container.querySelector('#card-decline')).toBeNull();
    expect(calls.filter((c) => c.path === 'receipts/OP1')).toEqual([]);
    expect(fake.results()).toEqual([]);
  });
});
