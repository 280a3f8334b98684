import { act } from 'preact/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogs, PasarelaError } from '@pasarela/core';
import { ServicesContext } from '../../services/services';
import { startI18n } from '../../i18n/i18n';
import { fakePaymentContext, scriptedApi } from '../../testing/fakePaymentContext';
import { render, settle, viewPerTest } from '../../testing/render';
import { BalanceScreen } from './BalanceScreen';

const login = { session: { sessionId: 's', token: 'tok', user: { idUsr: 7 } }, expiresAt: null };

/** The Saldo screen of a payer already logged in, its first answers in. */
async function renderLoggedIn(api: Parameters<typeof fakePaymentContext>[1], keep: ReturnType<typeof viewPerTest>) {
  const { payment, services } = fakePaymentContext('balance', api);
  services.session.getState().set(login);
  keep(await render(
    <ServicesContext.Provider value={services}>
      <BalanceScreen payment={payment} />
    </ServicesContext.Provider>,
  ));
  await settle();
  return services;
}

describe('"Cerrar sesión" on the Saldo screen (docs/wallet.md: logging out ends the token on the server)', () => {
  const keep = viewPerTest();
  beforeAll(() => startI18n('es', catalogs.es));

  it('sends users/logout while the token is still held, then shows the login', async () => {
    const loggedInAtLogout: boolean[] = [];
    const { api, calls } = scriptedApi({
      'users/me/balance': { balance: [{ disponible: 100, currency: 'USD' }] },
      'users/logout': () => {
        loggedInAtLogout.push(services.session.getState().login !== null);
        return {};
      },
    });
    const services = await renderLoggedIn(api, keep);
    const logout = [...document.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.logout_button);
    await act(() => logout?.click());
    await settle();
    expect(calls.filter((c) => c.path === 'users/logout')).toHaveLength(1);
    // The client reads the token when the call starts: the login was still there.
    expect(loggedInAtLogout).toEqual([true]);
    expect(services.session.getState().login).toBeNull();
    expect(document.querySelector('.method__text')?.textContent).toMatch(/^Inicia sesión para pagar \$\d+\.\d\d con el saldo de tu billetera$/);
  });
});

describe('a balance too small for the payment (docs/wallet.md)', () => {
  const keep = viewPerTest();
  beforeAll(() => startI18n('es', catalogs.es));

  it('is said with the balance as it comes, in its live region: the payer focused on Pay before it came hears it', async () => {
    const { api, calls } = scriptedApi({ 'users/me/balance': { balance: [{ disponible: 0.01, currency: 'USD' }] } });
    await renderLoggedIn(api, keep);
    const live = document.querySelector('.wallet-balance[aria-live="polite"]');
    expect(live?.textContent).toContain('$0.01');
    expect(live?.textContent).toContain(catalogs.es.wallet_insufficient_balance);
    // Beside Pay too, as its description; nothing asked of the server.
    const pay = document.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect(document.getElementById(pay?.getAttribute('aria-describedby') ?? '')?.textContent).toContain(catalogs.es.wallet_insufficient_balance);
    expect(calls.filter((c) => c.path !== 'users/me/balance')).toEqual([]);
  });
});

describe('the server refuses the payment\'s captcha (403; docs/architecture.md "Captcha and focus")', () => {
  const keep = viewPerTest();

  it.each([
    ['es', 'error_captcha'],
    ['en', 'invalid_score_captcha'],
  ] as const)('%s, %s: the alert says why and what to do (tick the box again), the focus kept on Pay', async (lang, code) => {
    await startI18n(lang, catalogs[lang]);
    const { api } = scriptedApi({
      'users/me/balance': { balance: [{ disponible: 100, currency: 'USD' }] },
      'activity/pay': new PasarelaError({ code, category: 'api', status: 403 }),
    });
    await renderLoggedIn(api, keep);
    const pay = document.querySelector<HTMLButtonElement>('button[type="submit"]');
    pay?.focus();
    await act(() => pay?.click());
    await settle();
    const alert = document.querySelector('[role="alert"]');
    expect([...(alert?.querySelectorAll('.alert__text') ?? [])].map((p) => p.textContent)).toEqual([catalogs[lang][code], catalogs[lang].captcha_required]);
    expect(document.activeElement).toBe(pay);
  });
});
