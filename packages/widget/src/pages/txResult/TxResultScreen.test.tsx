import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { catalogs } from '@pasarela/core';
import { ServicesContext, type Services } from '../../services/services';
import { startI18n } from '../../i18n/i18n';
import { standaloneServices } from '../../testing/fakeServices';
import { render, settle, viewPerTest } from '../../testing/render';
import { createTxResultStore } from './store';
import { TxResultScreen } from './TxResultScreen';

/** A card payment's receipt as the sandbox answers it; `type` AUTH is a manual-capture payment. */
const cardReceipt = (status: number, type: string) => ({
  date: '21/11/2026 12:30:00', name: 'Rosa Díaz', authStatus: status === 0 ? 'DECLINED' : 'APPROVED', cardType: 'VISA', type, displayNum: '**** **** **** 4242',
  codOper: 'PP753D89F4AFDB', status, totalPay: 30, email: 'rosa@example.com', typeMethod: 'CARD', reference: 'PP753D89F4AFDB',
  concept: '', descriptor: 'Tienda Demo', merchant: { merchantName: 'Tienda Demo', logo: '' }, txCtrl: { completeName: 'Rosa Díaz', description: 'Depósito' },
});

function servicesFor(receipt: unknown): Services {
  const answer = async <S extends v.GenericSchema>(_path: string, schema: S) => v.parse(schema, receipt);
  return standaloneServices({ get: answer, post: answer, put: answer });
}

async function showTxResult(receipt: unknown) {
  const services = servicesFor(receipt);
  const store = createTxResultStore(services.api, 'PP753D89F4AFDB', services.now);
  await store.getState().load();
  const view = await render(
    <ServicesContext.Provider value={services}>
      <TxResultScreen store={store} />
    </ServicesContext.Provider>,
  );
  await settle();
  return view;
}

// docs/pages.md "Transaction result": a manual-capture hold (core receiptIsHold) is APPROVED to the
// shop, but nothing is taken until the shop captures it (maybe less) or voids it: the result page says
// what its receipt says, held and when it is charged, never "approved".
describe('TxResultScreen (/pf/tx-result)', () => {
  const keep = viewPerTest();

  it.each([
    ['es', 'Reservado', 'Este monto queda reservado en tu tarjeta y se cobrará cuando la tienda confirme tu pedido.'],
    ['en', 'Held', 'This amount is held on your card and will be charged when the shop confirms your order.'],
  ] as const)('%s: a hold not yet captured says %j and when it is charged, never approved', async (lang, title, note) => {
    await startI18n(lang, catalogs[lang]);
    const view = keep(await showTxResult(cardReceipt(1, 'AUTH')));
    expect(view.container.querySelector('h1')?.textContent).toBe(title);
    expect(document.title).toBe(title);
    expect(view.container.querySelector('.receipt__note')?.textContent).toBe(note);
    expect(view.container.textContent).not.toContain(catalogs[lang].tx_result_approved);
    expect(view.container.textContent).not.toContain(catalogs[lang].status_approved);
  });

  it.each([
    ['an ordinary card payment approved', cardReceipt(1, 'AUTH_CAPTURE'), catalogs.es.tx_result_approved],
    ['a hold captured', cardReceipt(2, 'AUTH'), catalogs.es.tx_result_approved],
    ['a hold declined', cardReceipt(0, 'AUTH'), catalogs.es.tx_result_declined],
  ])('%s says %j, with no hold note', async (_name, receipt, title) => {
    await startI18n('es', catalogs.es);
    const view = keep(await showTxResult(receipt));
    expect(view.container.querySelector('h1')?.textContent).toBe(title);
    expect(view.container.textContent).not.toContain(catalogs.es.receipt_hold_note);
  });
});
