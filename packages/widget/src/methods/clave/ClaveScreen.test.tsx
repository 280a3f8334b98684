import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogs, PasarelaError } from '@pasarela/core';
import { startI18n } from '../../i18n/i18n';
import { fakePaymentContext, scriptedApi } from '../../testing/fakePaymentContext';
import { render, settle } from '../../testing/render';
import { ClaveScreen } from './ClaveScreen';

describe('ClaveScreen', () => {
  let unmount: (() => unknown) | undefined;
  beforeAll(async () => {
    await startI18n('es', catalogs.es);
  });
  afterEach(async () => {
    sessionStorage.clear();
    await unmount?.();
  });

  it('a request whose answer was lost (504) is announced as "may have gone through", not left silent', async () => {
    const { api, calls } = scriptedApi({ 'clave/payments': new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: 504 }) });
    const fake = fakePaymentContext('clave', api);
    const view = await render(<ClaveScreen payment={fake.payment} />);
    unmount = view.unmount;
    view.container.querySelector<HTMLFormElement>('form')?.requestSubmit();
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(catalogs.es.payment_outcome_unknown);
    });
    expect(calls.filter((c) => c.path === 'clave/payments')).toHaveLength(1);
    // Nothing is told to the merchant page about an outcome nobody knows yet.
    expect(fake.results()).toEqual([]);
  });
});
