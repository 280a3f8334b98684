import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { catalogs } from '@pasarela/core';
import { ServicesContext } from '../services/services';
import { startI18n } from '../i18n/i18n';
import { standaloneServices } from '../testing/fakeServices';
import { render, settle, viewPerTest } from '../testing/render';
import { ReceiptRoute } from './ReceiptRoute';
import { createReceiptStore } from './receiptStore';

/** A card payment's receipt as the sandbox answers it: -1 while the processor has not decided (held, or in doubt). */
const cardReceipt = (status: number, authStatus: string) => ({
  date: '2026-11-21T17:30:00Z', name: 'Rosa Díaz', authStatus, cardType: 'VISA', type: 'AUTH_CAPTURE', displayNum: '**** **** **** 4242',
  codOper: 'PP753D89F4AFDB', status, totalPay: 12.84, email: 'rosa@example.com', typeMethod: 'CARD', reference: 'PP753D89F4AFDB',
  merchant: { merchantName: 'Tienda Ñandú', logo: '' }, descriptor: 'Tienda Ñandú', concept: 'Pedido 88', txCtrl: { completeName: '', description: 'Pedido 88' },
});

/** `decide` changes what the server answers from then on. */
async function showFollowing(first: unknown) {
  const asked: string[] = [];
  let now = first;
  const answer = async <S extends v.GenericSchema>(path: string, schema: S) => {
    asked.push(path);
    return v.parse(schema, now);
  };
  const services = standaloneServices({ get: answer, post: answer, put: answer });
  const store = createReceiptStore(services.api, 'PP753D89F4AFDB');
  await store.getState().load();
  const view = await render(
    <ServicesContext.Provider value={services}>
      <ReceiptRoute store={store} />
    </ServicesContext.Provider>,
  );
  await settle();
  return Object.assign(view, { asked, decide: (receipt: unknown) => void (now = receipt) });
}

describe('ReceiptRoute: a card payment still pending is followed until the processor decides', () => {
  const keep = viewPerTest();
  beforeAll(() => startI18n('es', catalogs.es));
  const badge = (view: { container: HTMLElement }) => view.container.querySelector('.receipt__badge')?.textContent;

  it.each([
    [1, 'APPROVED', catalogs.es.status_approved],
    [0, 'DECLINED', catalogs.es.status_declined],
  ])('pending, then %s (%s): the receipt shows the outcome, its heading focused', async (status, authStatus, shown) => {
    const view = keep(await showFollowing(cardReceipt(-1, 'PROCESSING')));
    expect(badge(view)).toBe(catalogs.es.status_pending);
    expect(view.container.textContent).toContain(catalogs.es.receipt_pending_note);
    // The reconciler (or the processor's event) records the outcome.
    view.decide(cardReceipt(status, authStatus));
    await vi.waitFor(async () => {
      await settle();
      expect(badge(view)).toBe(shown);
    }, { timeout: 5_000 });
    expect(view.container.textContent).not.toContain(catalogs.es.receipt_pending_note);
    expect(document.activeElement).toBe(view.container.querySelector('h1'));
    const looks = view.asked.length;
    // Decided: looked at no more.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(view.asked).toHaveLength(looks);
  });

  it('an approved card payment is not followed', async () => {
    const view = keep(await showFollowing(cardReceipt(1, 'APPROVED')));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(view.asked).toHaveLength(1);
  });
});
