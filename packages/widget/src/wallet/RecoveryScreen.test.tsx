import { beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import { ServicesContext } from '../services/services';
import { startI18n } from '../i18n/i18n';
import { scriptedApi } from '../testing/fakePaymentContext';
import { fakeServices } from '../testing/fakeServices';
import { render, settle, type } from '../testing/render';
import { RecoveryScreen } from './RecoveryScreen';

beforeAll(() => startI18n('es', catalogs.es));

// Issue 96: "recovery's 'Campo requerido' is not tied to its field"; each step puts the focus on its field.
describe('password recovery keeps the payer\'s place', () => {
  it('"required" sits under its field, tied to it and focused; the code step focuses the code field', async () => {
    const { api } = scriptedApi({ 'users/recovery-password': [{ step: 2, idUsr: 7 }, { step: 3 }] });
    const { services } = fakeServices(api);
    const view = await render(
      <ServicesContext.Provider value={services}>
        <RecoveryScreen next={null} back={null} />
      </ServicesContext.Provider>,
    );
    const form = () => view.container.querySelector('form');
    form()?.requestSubmit();
    await settle();
    const login = view.input('loginOrEmail');
    expect(document.activeElement).toBe(login);
    expect(login.getAttribute('aria-invalid')).toBe('true');
    expect(view.container.querySelector('#field-loginOrEmail-error')?.textContent).toBe(catalogs.es.field_required);
    expect(login.getAttribute('aria-describedby')?.split(' ')).toContain('field-loginOrEmail-error');

    await type(login, 'ana');
    form()?.requestSubmit();
    await settle();
    await settle();
    expect(document.activeElement).toBe(view.input('emailCode'));

    // The new password's step: a confirmation that differs takes the focus, not the password that is fine.
    await type(view.input('emailCode'), '123456');
    form()?.requestSubmit();
    await settle();
    await settle();
    await type(view.input('newPassword'), 'Nueva#2026clave');
    await type(view.input('confirmPassword'), 'Nueva#2026clavf');
    form()?.requestSubmit();
    await settle();
    expect(document.activeElement).toBe(view.input('confirmPassword'));
    expect(view.container.querySelector('#field-confirmPassword-error')?.textContent).toBe(catalogs.es.password_nomatch);
    await view.unmount();
  });
});
