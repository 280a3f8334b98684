import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { catalogs, PasarelaError } from '@pasarela/core';
import { ServicesContext } from '../services/services';
import { recordAnnouncements } from '../testing/announcements';
import { startI18n } from '../i18n/i18n';
import { scriptedApi } from '../testing/fakePaymentContext';
import { fakeServices } from '../testing/fakeServices';
import { render, settle, type } from '../testing/render';
import { LoginForm } from './LoginForm';

beforeAll(() => startI18n('es', catalogs.es));

const refused = new PasarelaError({ code: 'incorrect_login', category: 'api', status: 400 });

async function showLogin(answers: unknown[]) {
  const { api: scripted } = scriptedApi({ 'users/login': answers.filter((a) => a !== 'slow') as never });
  // 'slow': a login whose answer never comes back.
  const api = answers[0] === 'slow' ? { ...scripted, post: () => new Promise<never>(() => {}) } : scripted;
  const { services } = fakeServices(api);
  const onLoggedIn = vi.fn();
  const view = await render(
    <ServicesContext.Provider value={services}>
      <LoginForm next="/pf/widget/home" onLoggedIn={onLoggedIn} />
    </ServicesContext.Provider>,
  );
  const submit = () => view.container.querySelector<HTMLButtonElement>('button[type="submit"]');
  return { ...view, onLoggedIn, submit };
}

describe('the wallet login keeps the payer\'s place (issue 96)', () => {
  it('a wrong password empties the field and puts the focus in it, the message tied to it; the right one logs in', async () => {
    const view = await showLogin([refused, { sessionId: 's1', token: 'tok', user: { idUsr: 7 } }]);
    await type(view.input('username'), 'ana');
    await type(view.input('password'), 'wrong');
    view.submit()?.focus();
    await act(() => view.submit()?.click());
    await settle();
    const password = view.input('password');
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    const alert = view.container.querySelector('[role="alert"]');
    expect(alert?.id).not.toBe('');
    expect(password.getAttribute('aria-describedby')?.split(' ')).toContain(alert?.id);
    expect(view.onLoggedIn).not.toHaveBeenCalled();

    await type(password, 'right');
    await act(() => view.submit()?.click());
    await settle();
    expect(view.onLoggedIn).toHaveBeenCalledTimes(1);
    await view.unmount();
  });

  it('says nothing is missing before an attempt, and Pay on empty fields focuses the first empty one', async () => {
    const view = await showLogin([refused]);
    expect(view.container.querySelector('.field--invalid')).toBeNull();
    await type(view.input('username'), 'ana');
    view.submit()?.focus();
    const heard = recordAnnouncements(view.container);
    await act(() => view.submit()?.click());
    await settle();
    heard.stop();
    expect(document.activeElement).toBe(view.input('password'));
    expect(view.container.querySelector('#field-password-error')?.textContent).toBe(catalogs.es.field_required);
    // Read with the focused field (its description), not announced besides it.
    expect(view.input('password').getAttribute('aria-describedby')).toContain('field-password-error');
    expect(heard.said).toEqual([]);
    await view.unmount();
  });

  it('while the login is on its way the button keeps the focus and ignores presses', async () => {
    const view = await showLogin(['slow']);
    await type(view.input('username'), 'ana');
    await type(view.input('password'), 'secret');
    view.submit()?.focus();
    await act(() => view.submit()?.click());
    expect(view.submit()?.getAttribute('aria-disabled')).toBe('true');
    expect(view.submit()?.disabled).toBe(false);
    expect(document.activeElement).toBe(view.submit());
    expect(view.input('password').readOnly).toBe(true);
    await view.unmount();
  });
});
