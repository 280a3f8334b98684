import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { catalogs } from '@pasarela/core';
import { ServicesContext, type Services } from '../../services/services';
import { startI18n } from '../../i18n/i18n';
import { standaloneServices } from '../../testing/fakeServices';
import { render, settle, viewPerTest } from '../../testing/render';
import { CampaignReceipt } from './CampaignReceipt';
import { createCampaignReceiptStore } from './store';

/** The donation of a payment as the sandbox answers GET campaigns/transactions/:codOper. */
const donation = (method: string, status: number, authStatus: string | null) => ({
  codOper: 'PP0DON1', amountToCampaign: 2, idCampaignBridge: 3, status, method, authStatus, date: '2026-11-21T17:30:00Z',
  campaign: { defaultValues: [1, 2, 5], maxAmount: 100, minAmount: 1, description: '', title: 'Reforestemos', logo: '' },
});

function servicesAnswering(tx: unknown): Services {
  const answer = async <S extends v.GenericSchema>(path: string, schema: S) => {
    if (!path.startsWith('campaigns/transactions/')) throw new Error('not here');
    return v.parse(schema, tx);
  };
  return standaloneServices({ get: answer, post: answer, put: answer });
}

async function showDonation(tx: unknown) {
  const services = servicesAnswering(tx);
  const store = createCampaignReceiptStore(services.api, 'PP0DON1');
  await store.getState().load();
  const view = await render(
    <ServicesContext.Provider value={services}>
      <CampaignReceipt store={store} />
    </ServicesContext.Provider>,
  );
  await settle();
  return view;
}

describe('the donation receipt shows its payment\'s SPEC 4 result (core\'s status tables)', () => {
  const keep = viewPerTest();
  beforeAll(() => startI18n('es', catalogs.es));

  it.each([
    ['card', 0, 'DECLINED', 'Rechazado', 'a declined card payment (card 0 declined)'],
    ['nequi', 0, 'DECLINED', 'Rechazado', 'a Nequi push the payer refused (no declined code; its auth status ended it)'],
    ['card', 1, 'APPROVED', 'Aprobado', 'card 1 approved'],
    ['card', 2, 'APPROVED', 'Aprobado', 'card 2 captured'],
    ['cash', 2, 'PAID', 'Aprobado', 'cash 2 paid'],
    ['cash', 0, 'PENDING', 'Pendiente', 'a cash voucher waiting to be paid (cash 0 pending)'],
    ['card', -1, 'PENDING', 'Pendiente', 'card -1 pending'],
  ])('%s status %s (%s) reads %s: %s', async (method, status, authStatus, shown) => {
    const view = await showDonation(donation(method, status, authStatus));
    keep(view);
    const badge = document.querySelector('.receipt__badge');
    expect(badge?.textContent).toBe(shown);
    // Only a donation still being processed says so.
    expect(document.querySelector('.receipt__note') !== null).toBe(shown === 'Pendiente');
  });
});
