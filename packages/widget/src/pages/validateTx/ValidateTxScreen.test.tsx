import { describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { PasarelaError, catalogs } from '@pasarela/core';
import { ServicesContext } from '../../services/services';
import { startI18n } from '../../i18n/i18n';
import { scriptedApi } from '../../testing/fakePaymentContext';
import { standaloneServices } from '../../testing/fakeServices';
import { render, settle, type, viewPerTest } from '../../testing/render';
import { createValidateTxStore } from './store';
import { ValidateTxScreen } from './ValidateTxScreen';

const wrong = () => new PasarelaError({ code: 'Invalid Amount', category: 'api', status: 400 });

async function showValidation(checkAnswers: unknown[]) {
  const { api } = scriptedApi({ 'transactions/check': checkAnswers as never });
  const store = createValidateTxStore(api, 'OP1');
  const view = await render(
    <ServicesContext.Provider value={standaloneServices(api)}>
      <ValidateTxScreen store={store} />
    </ServicesContext.Provider>,
  );
  const send = async (amount: string) => {
    await type(view.input('amount'), amount);
    await act(() => view.container.querySelector('form')?.requestSubmit());
    await settle();
  };
  return { view, send };
}

// PRODUCT.md: errors announced only where the payer acted, and focus never lost to the page's body
// after a step change. docs/pages.md "Random-charge validation": each wrong amount says the tries left.
describe('ValidateTxScreen (/pf/validateTx)', () => {
  const keep = viewPerTest();

  it('draws each answer of the check once: a refusal in the form draws no earlier answer again', async () => {
    await startI18n('en', catalogs.en);
    const { view, send } = await showValidation([wrong(), wrong(), { codOper: 'OP1', state: 1, valid: true }]);
    keep(view);
    await send('1.01');
    const first = view.container.querySelector('[role="alert"]');
    expect(first?.textContent).toContain('2');
    await send('abc');
    expect(view.container.querySelector('[role="alert"]')).toBe(first);
    await send('1.02');
    const second = view.container.querySelector('[role="alert"]');
    expect(second).not.toBe(first);
    expect(second?.textContent).toContain('1');
  });

  it('puts the focus on the end once the check confirms it, read by the focus and not by a live region too', async () => {
    await startI18n('en', catalogs.en);
    const { view, send } = await showValidation([wrong(), { codOper: 'OP1', state: 1, valid: true }]);
    keep(view);
    await send('1.01');
    await send('2.37');
    const end = view.container.querySelector('.notice--ok');
    expect(end?.textContent).toBe(catalogs.en.validate_tx_success);
    expect(document.activeElement).toBe(end);
    expect(end?.getAttribute('role')).toBeNull();
    expect(view.container.querySelector('form')).toBeNull();
  });
  it('puts the focus on its heading when it opens, not on the body', async () => {
    await startI18n('en', catalogs.en);
    const { view } = await showValidation([]);
    keep(view);
    expect(document.activeElement).toBe(view.container.querySelector('h1'));
  });

  it('says, for a code that names no validation, that none was found with that code: no operation of the payer\'s is named', async () => {
    await startI18n('es', catalogs.es);
    const { api } = scriptedApi({ 'transactions/XX1/validation': new PasarelaError({ code: 'Invalid Code', category: 'api', status: 404 }) });
    const store = createValidateTxStore(api, 'XX1');
    await store.getState().load();
    const view = keep(await render(<ServicesContext.Provider value={standaloneServices(api)}><ValidateTxScreen store={store} /></ServicesContext.Provider>));
    const status = view.container.querySelector('[role="status"]');
    expect(status?.textContent).toBe('No hay ninguna validación de tarjeta con el código XX1: no hicimos ningún cargo de validación con él. Revisa el enlace que te envió el comercio o pídele uno nuevo.');
    expect(document.activeElement).toBe(view.container.querySelector('h1'));
    expect(view.container.querySelector('form')).toBeNull();
  });
});
