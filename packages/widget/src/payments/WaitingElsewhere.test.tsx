import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogs, PasarelaError, type WaitingPayment } from '@pasarela/core';
import { startI18n } from '../i18n/i18n';
import { scriptedApi } from '../testing/fakePaymentContext';
import { fakeServices } from '../testing/fakeServices';
import { render, settle } from '../testing/render';
import { ServicesContext } from '../services/services';
import { WaitingElsewhere } from './WaitingElsewhere';
import { findWaitingElsewhere, waitingFromAddress } from './waitingElsewhere';

const YAPPY: WaitingPayment = { merchant: 7, link: 'OLDLINK', method: 'yappy', codOper: 'PPYP1', deadline: 1_790_000_000_000 };
const answer = (state: string, patch: Record<string, unknown> = {}) => ({ method: 'yappy', codOper: 'PPYP1', state, total: 88.28, merchant: 7, link: 'OLDLINK', expiresAt: null, ...patch });
const STATE = 'payments/waiting/PPYP1';
const CANCEL = 'yappy/payments/PPYP1/cancel';
const address = (list: unknown) => new URL(`https://checkout.test/pf/widget?type=lk&code=NEWLINK&waiting=${encodeURIComponent(JSON.stringify(list))}`);

describe('the payments the loader hands over from other links (?waiting=)', () => {
  it('takes only what core reads as a WaitingPayment', () => {
    expect(waitingFromAddress(address([YAPPY, { ...YAPPY, codOper: '<x>' }, 'junk']))).toEqual([YAPPY]);
    expect(waitingFromAddress(new URL('https://checkout.test/pf/widget?waiting=%7B'))).toEqual([]);
  });

  it("finds this merchant's payment the server says still waits; forgets, silently, one that ended or is not what it claims", async () => {
    const other = { ...YAPPY, merchant: 9, codOper: 'PPOTHER' };
    const { api, calls } = scriptedApi({ [STATE]: answer('waiting') });
    const { services, messages } = fakeServices(api);
    expect(await findWaitingElsewhere(api, services.bridge, address([other, YAPPY]), 7, 'NEWLINK')).toEqual({ payment: YAPPY, state: 'waiting', total: 88.28 });
    // another merchant's is not even asked about
    expect(calls.map((c) => c.path)).toEqual([STATE]);
    expect(messages).toEqual([]);

    const ended = scriptedApi({ [STATE]: answer('over') });
    const forgetting = fakeServices(ended.api);
    expect(await findWaitingElsewhere(ended.api, forgetting.services.bridge, address([YAPPY]), 7, 'NEWLINK')).toBeNull();
    expect(forgetting.messages).toEqual([{ type: 'pending', attempt: null, merchant: 7, link: 'OLDLINK' }]);

    const claimed = scriptedApi({ [STATE]: answer('waiting', { merchant: 8 }) });
    expect(await findWaitingElsewhere(claimed.api, fakeServices(claimed.api).services.bridge, address([YAPPY]), 7, 'NEWLINK')).toBeNull();
  });

  it('paid while the checkout was closed: shown once (the loader forgets it); the server out of reach: nothing shown, nothing forgotten', async () => {
    const paid = scriptedApi({ [STATE]: answer('paid') });
    const told = fakeServices(paid.api);
    expect(await findWaitingElsewhere(paid.api, told.services.bridge, address([YAPPY]), 7, 'NEWLINK')).toMatchObject({ state: 'paid' });
    expect(told.messages).toHaveLength(1);
    const down = scriptedApi({ [STATE]: new PasarelaError({ code: 'connection_error', category: 'network' }) });
    const quiet = fakeServices(down.api);
    expect(await findWaitingElsewhere(down.api, quiet.services.bridge, address([YAPPY]), 7, 'NEWLINK')).toBeNull();
    expect(quiet.messages).toEqual([]);
  });
});

describe('WaitingElsewhere: a payment of the shop waiting on another link, before a second payment', () => {
  let unmount: (() => unknown) | undefined;
  beforeAll(async () => {
    await startI18n('es', catalogs.es);
  });
  afterEach(async () => {
    await unmount?.();
  });

  async function show(answers: Record<string, unknown>, found: { state: 'waiting' | 'paid'; payment?: WaitingPayment; challengeUrl?: string; here?: boolean } = { state: 'waiting' }) {
    const { api, calls } = scriptedApi(answers as never);
    const fake = fakeServices(api);
    const onPayHere = vi.fn();
    const view = await render(
      <ServicesContext.Provider value={fake.services}>
        <WaitingElsewhere found={{ payment: found.payment ?? YAPPY, state: found.state, total: 88.28, ...(found.challengeUrl ? { here: true, challengeUrl: found.challengeUrl } : {}), ...(found.here ? { here: true } : {}) }} total={41.73} currency="USD" shop={{ name: 'Tostadores del Casco', logo: '' }} onPayHere={onPayHere} pushUrl={null} />
      </ServicesContext.Provider>,
    );
    unmount = view.unmount;
    const button = (name: string) => {
      const found = [...view.container.querySelectorAll('button')].find((b) => b.textContent === name);
      if (!found) throw new Error(`no button ${name}`);
      return found;
    };
    const press = async (name: string) => {
      button(name).click();
      await settle();
    };
    // What the payer's presses asked: a payment still waiting is first read by the watch that follows it.
    const asked = () => (found.state === 'waiting' ? calls.slice(1) : calls);
    return { ...view, ...fake, calls, asked, onPayHere, button, press, heading: () => view.container.querySelector('h1')?.textContent };
  }

  it('says what waits, with its amount, and the three ways; the note says plainly the other will not be charged', async () => {
    const view = await show({});
    expect(view.heading()).toBe('Tienes un pago con Yappy de $88.28 esperando tu aprobación');
    expect(document.activeElement).toBe(view.container.querySelector('h1'));
    const pay = view.button('Pagar este pedido ($41.73) de otra forma');
    expect(document.getElementById(pay.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Antes anulamos el pago con Yappy: no se te cobrará.');
    view.button('Seguir con ese pago');
    view.button('Anular el pago con Yappy');
    expect(view.asked()).toEqual([]);
  });

  it('going on with it opens its own link on its wait', async () => {
    const view = await show({});
    await view.press('Seguir con ese pago');
    const to = new URL(view.navigations[0] ?? '', 'https://checkout.test');
    expect(to.pathname).toBe('/pf/widget');
    expect(to.searchParams.get('code')).toBe('OLDLINK');
    expect(JSON.parse(to.searchParams.get('pending') ?? '')).toEqual({ method: 'yappy', codOper: 'PPYP1', deadline: 1_790_000_000_000 });
  });

  it('this very link in another browser: going on follows its wait here (the address names it) instead of drawing the question again (issue 92)', async () => {
    const view = await show({}, { state: 'waiting', here: true });
    await view.press('Seguir con ese pago');
    expect(view.onPayHere).toHaveBeenCalledOnce();
    const to = new URL(view.navigations[0] ?? '', 'https://checkout.test');
    expect(JSON.parse(to.searchParams.get('pending') ?? '')).toEqual({ method: 'yappy', codOper: 'PPYP1', deadline: 1_790_000_000_000 });
  });

  it("this very link's voucher or bank payment: the note says paying another way calls it off, no double charge promised (issue 92)", async () => {
    const CASH: WaitingPayment = { ...YAPPY, method: 'cash', link: 'NEWLINK' };
    const view = await show({}, { state: 'waiting', here: true, payment: CASH });
    expect(view.container.textContent).toContain(catalogs.es.waiting_here_voucher_stays);
    expect(view.container.textContent).not.toContain(catalogs.es.waiting_elsewhere_voucher_stays);
  });

  it("this very link's crypto payment part-paid: the note says the coins received, and that paying another way sends them back, never that nothing is charged", async () => {
    const COINS: WaitingPayment = { ...YAPPY, method: 'crypto', link: 'NEWLINK', codOper: 'PPCR1' };
    const view = await show(
      { 'payments/waiting/PPCR1': answer('waiting', { method: 'crypto', codOper: 'PPCR1', link: 'NEWLINK', received: { coin: 'USDT', network: 'TRX', amount: 20 } }) },
      { state: 'waiting', here: true, payment: COINS },
    );
    const pay = view.button('Pagar este pedido ($41.73) de otra forma');
    const note = () => document.getElementById(pay.getAttribute('aria-describedby') ?? '')?.textContent;
    await vi.waitFor(async () => {
      await settle();
      expect(note()).toBe('Ya recibimos 20 USDT de ese pago. Si pagas este pedido de otra forma, ese pago se anula y te devolveremos los 20 USDT a la dirección desde la que los enviaste.');
    });
    expect(view.container.textContent).not.toContain(catalogs.es.waiting_here_stays);
  });

  it('this very link found paid: its receipt and the way back, never paying it again (issue 92)', async () => {
    const view = await show({}, { state: 'paid', here: true });
    expect(view.container.textContent).toContain(catalogs.es.waiting_here_paid_note);
    expect(view.container.textContent).not.toContain('Pagar también');
    await view.press('Volver a Tostadores del Casco');
    expect(view.messages).toContainEqual({ type: 'close' });
  });

  it('paying another way calls the other off first, and only then opens this order\'s form; the loader forgets it', async () => {
    const view = await show({ [CANCEL]: {}, [STATE]: [answer('waiting'), answer('over')] });
    await view.press('Pagar este pedido ($41.73) de otra forma');
    expect(view.asked().map((c) => `${c.method} ${c.path}`)).toEqual([`post ${CANCEL}`, `get ${STATE}`]);
    // With the words the form then says: the first payment was called off (issue 92).
    expect(view.onPayHere).toHaveBeenCalledExactlyOnceWith('Anulamos tu pago con Yappy de $88.28. No se te cobrará.');
    expect(view.messages).toEqual([{ type: 'pending', attempt: null, merchant: 7, link: 'OLDLINK' }]);
  });

  it("a card payment at its 3DS challenge: the issuer's page opens again, or it is called off (voided) before paying another way", async () => {
    const CARD: WaitingPayment = { merchant: 7, link: 'NEWLINK', method: 'card', codOper: 'PPC3', deadline: null };
    const ABANDON = 'cards/payments/PPC3/abandon';
    const CARD_STATE = 'payments/waiting/PPC3';
    const over = { method: 'card', codOper: 'PPC3', state: 'over', total: 88.28, merchant: 7, link: 'NEWLINK', expiresAt: null };
    const view = await show({ [ABANDON]: {}, [CARD_STATE]: [{ ...over, state: 'waiting' }, over] }, { state: 'waiting', payment: CARD, challengeUrl: 'https://checkout.test/3ds/PPC3' });
    expect(view.heading()).toBe('Tienes un pago con tarjeta de $88.28 esperando la verificación de tu banco (3D Secure)');
    expect(view.container.textContent).toContain('Antes anulamos el pago con tarjeta: no se te cobrará.');
    await view.press('Abrir de nuevo la página de tu banco');
    expect(view.departures).toEqual(['https://checkout.test/3ds/PPC3']);
    expect(view.asked()).toEqual([]);
    await view.press('Pagar este pedido ($41.73) de otra forma');
    expect(view.asked().map((c) => `${c.method} ${c.path}`)).toEqual([`post ${ABANDON}`, `get ${CARD_STATE}`]);
    expect(view.onPayHere).toHaveBeenCalledOnce();
  });

  it("this link's 3DS challenge gone on with: the issuer's page is given the way back to the embedded receipt, and the result is kept for the shop (issue 92)", async () => {
    const CARD: WaitingPayment = { merchant: 7, link: 'NEWLINK', method: 'card', codOper: 'PPC3', deadline: null };
    const page = `${location.origin}/sandbox/3ds/PPC3?returnTo=`;
    const view = await show({}, { state: 'waiting', payment: CARD, challengeUrl: page });
    await view.press('Abrir de nuevo la página de tu banco');
    const left = new URL(view.departures[0] ?? '');
    expect(left.pathname).toBe('/sandbox/3ds/PPC3');
    expect(left.searchParams.get('returnTo')).toMatch(/^\/pf\/default-receipt\/PPC3\?challenge=1/);
  });

  it('approved before the call-off arrived: says so instead of offering a second payment', async () => {
    const view = await show({ [CANCEL]: {}, [STATE]: [answer('waiting'), answer('paid')] });
    await view.press('Pagar este pedido ($41.73) de otra forma');
    expect(view.onPayHere).not.toHaveBeenCalled();
    expect(view.heading()).toBe('Tu pago con Yappy de $88.28 ya se aprobó');
    await view.press('Ver el comprobante');
    expect(view.navigations).toEqual(['/pf/default-receipt/PPYP1']);
  });

  it('not called off (the server out of reach): says so, and the ways stay', async () => {
    const view = await show({ [CANCEL]: new PasarelaError({ code: 'connection_error', category: 'network' }) });
    await view.press('Pagar este pedido ($41.73) de otra forma');
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe('No pudimos anular el pago con Yappy. Inténtalo de nuevo.');
    expect(view.onPayHere).not.toHaveBeenCalled();
    expect(view.messages).toEqual([]);
  });

  it('calling it off says the payer will not be charged, then offers this order', async () => {
    const view = await show({ [CANCEL]: {}, [STATE]: [answer('waiting'), answer('over', { ended: 'calledOff' })] });
    await view.press('Anular el pago con Yappy');
    expect(view.heading()).toBe('Anulamos tu pago con Yappy de $88.28');
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe('No se te cobrará.');
    await view.press('Pagar este pedido ($41.73)');
    expect(view.onPayHere).toHaveBeenCalledOnce();
    await view.press('Cerrar');
    expect(view.messages.at(-1)).toEqual({ type: 'close' });
  });

  it('a cash voucher cannot be called off here: back to the voucher, or pay another way with the plain warning', async () => {
    const view = await show({}, { state: 'waiting', payment: { ...YAPPY, method: 'cash', deadline: null } });
    expect(view.heading()).toBe('Tienes un comprobante de pago en efectivo de $88.28 sin pagar');
    view.button('Volver al comprobante');
    expect(view.container.textContent).toContain(catalogs.es.waiting_elsewhere_voucher_stays);
    expect(view.container.textContent).not.toContain('Anular');
    await view.press('Pagar este pedido ($41.73) de otra forma');
    expect(view.onPayHere).toHaveBeenCalledOnce();
    expect(view.asked()).toEqual([]);
  });

  it('a payment found paid while away: its receipt, or this order too', async () => {
    const view = await show({}, { state: 'paid' });
    expect(view.heading()).toBe('Tu pago con Yappy de $88.28 ya se aprobó');
    await view.press('Pagar también este pedido ($41.73)');
    expect(view.onPayHere).toHaveBeenCalledOnce();
  });

  // PRODUCT: the waiting payment "opens on that payment first, in any browser", and wait screens "follow the payment live".
  describe('follows the payment it asks about, live, as the wait screens do', () => {
    const RECEIPT = 'receipts/PPYP1';
    const receipt = { codOper: 'PPYP1', status: 1, authStatus: 'APPROVED', typeMethod: 'YAPPY', totalPay: 88.28, email: 'ana@example.com' };
    const status = (view: { container: HTMLElement }) => view.container.querySelector('[role="status"]')?.textContent;
    /** Shown, and its first look at the payment answered. */
    const following = async (...args: Parameters<typeof show>) => {
      const view = await show(...args);
      await settle();
      return view;
    };

    it('this very order approved in the other browser: the shop here hears the result as there, and the receipt shows', async () => {
      const view = await following({ [STATE]: answer('paid'), [RECEIPT]: receipt }, { state: 'waiting', here: true });
      expect(view.calls[0]).toMatchObject({ method: 'get', path: STATE });
      expect(view.results()).toEqual([expect.objectContaining({
        status: 'success', method: 'yappy', notification: expect.objectContaining({ Estado: 'APPROVED', Tipo: 'YAPPY', Oper: 'PPYP1', TotalPagado: '88.28', Usuario: 'ana@example.com' }),
      })]);
      expect(view.navigations).toEqual(['/pf/default-receipt/PPYP1']);
      expect(view.messages).toContainEqual({ type: 'pending', attempt: null, merchant: 7, link: 'OLDLINK' });
    });

    it('approved a moment later: the next look says so (the question does not stay on screen)', async () => {
      const view = await following({ [STATE]: [answer('waiting'), answer('paid')], [RECEIPT]: receipt }, { state: 'waiting', here: true });
      expect(view.heading()).toBe('Tienes un pago con Yappy de $88.28 esperando tu aprobación');
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await settle();
      expect(view.navigations).toEqual(['/pf/default-receipt/PPYP1']);
      expect(view.results()).toHaveLength(1);
    });

    it("another link's payment approved meanwhile: says so, the focus on the news, announced politely", async () => {
      const view = await following({ [STATE]: answer('paid') });
      expect(view.heading()).toBe('Tu pago con Yappy de $88.28 ya se aprobó');
      expect(document.activeElement).toBe(view.container.querySelector('h1'));
      expect(status(view)).toBe(catalogs.es.waiting_elsewhere_paid_note);
      expect(view.results()).toEqual([]);
    });

    it.each([
      ['declined', 'Tu pago con Yappy de $88.28 fue rechazado'],
      ['lapsed', 'Tu pago con Yappy de $88.28 venció sin aprobarse'],
    ])('%s in the other browser: says so, no way to cancel or go on with it; this order can be paid again', async (ended, title) => {
      const view = await following({ [STATE]: answer('over', { ended }) }, { state: 'waiting', here: true });
      expect(view.heading()).toBe(title);
      expect(document.activeElement).toBe(view.container.querySelector('h1'));
      expect(status(view)).toBe('No se te cobrará.');
      expect(view.container.textContent).not.toContain('Anular');
      expect(view.container.textContent).not.toContain('Seguir con ese pago');
      expect(view.results()).toEqual([]);
      await view.press('Pagar este pedido ($41.73)');
      expect(view.onPayHere).toHaveBeenCalledOnce();
    });

    it('called off from the other browser: says it was called off', async () => {
      const view = await following({ [STATE]: answer('over', { ended: 'calledOff' }) });
      expect(view.heading()).toBe('Anulamos tu pago con Yappy de $88.28');
    });

    it('in English too', async () => {
      await startI18n('en', catalogs.en);
      try {
        const view = await following({ [STATE]: answer('over', { ended: 'declined' }) }, { state: 'waiting', here: true });
        expect(view.heading()).toBe('Your Yappy payment of $88.28 was declined');
        expect(status(view)).toBe(catalogs.en.waiting_elsewhere_not_charged);
      } finally {
        await startI18n('es', catalogs.es);
      }
    });
  });
});
