import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogs } from '@pasarela/core';
import { startI18n } from '../../i18n/i18n';
import { fakePaymentContext, scriptedApi } from '../../testing/fakePaymentContext';
import { render, settle } from '../../testing/render';
import { ClaveScreen } from './ClaveScreen';

// GET /clave/payments/:codOper answers status 0 for the bank's refusal and for a wait called off alike;
// its authStatus (DECLINED, CANCELLED) tells them apart, as the return page's receipt does.

const FORM = '/pf/widget?type=lk&code=LINK1&parentOrigin=https%3A%2F%2Fshop.test&lang=es';
const CREATED = { codOper: 'OP1', status: -1, redirectUrl: `${location.origin}/sandbox/clave/OP1` };

describe('Clave: a payment followed after the bank\'s page, read with status 0', () => {
  let unmount: (() => unknown) | undefined;
  beforeAll(async () => {
    await startI18n('es', catalogs.es);
  });
  beforeEach(() => history.replaceState(null, '', FORM));
  afterEach(async () => {
    sessionStorage.clear();
    await unmount?.();
  });

  it.each([
    ['DECLINED', 'payment_declined', `${catalogs.es.declined_title ?? ''}${catalogs.es.clave_declined_reason ?? ''}`],
    ['CANCELLED', 'payment_cancelled', catalogs.es.payment_cancelled ?? ''],
  ])('authStatus %s: the form says %s in its own words, and the shop hears that reason', async (authStatus, key, said) => {
    const { api } = scriptedApi({ 'clave/payments': CREATED, 'clave/payments/OP1': { codOper: 'OP1', status: 0, authStatus } });
    const fake = fakePaymentContext('clave', api);
    const view = await render(<ClaveScreen payment={fake.payment} />);
    unmount = view.unmount;
    view.container.querySelector<HTMLFormElement>('form')?.requestSubmit();
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(said);
    }, { timeout: 5_000 });
    if (authStatus === 'CANCELLED') expect(view.container.querySelector('[role="alert"]')?.textContent).not.toMatch(/rechaz|banco/i);
    expect(fake.results()).toEqual([expect.objectContaining({ status: 'error', notification: expect.objectContaining({ Estado: 'DECLINED', Razon: key }) })]);
    expect(view.container.querySelector('form')).not.toBeNull();
  });
});
