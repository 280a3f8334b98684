import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { axeViolations } from './support/axe';
import { adminPost, guestGet, guestPost } from './support/entries';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { vaultFrameOf } from './support/pages';

// SPEC 2 "Screens and routes": every route of the table and every widget route, walked in a real
// browser; each ends on a real screen (a heading or a form the payer can use) or on the redirect
// SPEC asks for. Nothing ends on a blank page, and axe-core finds nothing on any of them.
interface Stop {
  /** The SPEC 2 route it stands for. */
  route: string;
  /** Where to go (with the data the route needs). */
  path: () => string;
  /** Where the address must end up (a redirect), when not where it started. */
  endsAt?: (url: URL) => boolean;
  /** What shows there. */
  shows: (page: Page) => Locator;
}

describe.runIf(browserAvailable())('every route of SPEC.md section 2', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  const data = { slug: '', code: '', codOper: '', claveOper: '', donationOper: '', subscriptionOper: '', validation: '', emailToken: '', expired: '' };

  const heading = (name: RegExp) => (page: Page) => page.getByRole('heading', { name }).first();
  const cardForm = (page: Page) => vaultFrameOf(page).locator('[name="cardnumber"]');
  const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  const card = (cardNumber: string) => ({ cardNumber, expMonth: '12', expYear: nextYear, cvv: '123', firstName: 'Ana', lastName: 'Ruiz', cardType: 'VISA' });

  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));
  beforeAll(async () => {
    const link = await adminPost<{ code: string; slug: string }>(sandbox, 'links', { amount: 10, description: 'Recorrido', slug: 'recorrido-canal' });
    Object.assign(data, { slug: link.slug, code: link.code });
    const paid = await guestPost<{ codOper: string }>(sandbox, 'cards/auth-capture', {
      cclw: 'TIENDADEMO', code: link.code, amount: 10, email: 'ana@example.com', cardInformation: card('4242424242424242'), additionalData: { trackId: `walk-${Math.random()}` },
    });
    data.codOper = paid.codOper;
    const { bridges } = await guestGet<{ bridges: Array<{ idBridge: number }> }>(sandbox, 'merchants/1/campaign-bridges');
    const donated = await guestPost<{ codOper: string }>(sandbox, 'cards/auth-capture', {
      cclw: 'TIENDADEMO', code: link.code, amount: 10, email: 'ana@example.com', cardInformation: card('4111111111111111'),
      additionalData: { trackId: `walk-${Math.random()}` }, amountToCampaign: 2, idCampaignBridge: bridges[0]?.idBridge,
    });
    data.donationOper = donated.codOper;
    const clave = await guestPost<{ codOper: string }>(sandbox, 'clave/payments', { code: link.code, trackId: `walk-${Math.random()}` });
    await fetch(`${sandbox.url}/sandbox/clave/${clave.codOper}`, { method: 'POST', headers: { accept: 'application/json' }, body: new URLSearchParams({ result: 'approve' }) });
    data.claveOper = clave.codOper;
    const validation = await adminPost<{ validateUrl: string }>(sandbox, 'validations', { codOper: paid.codOper });
    // An absolute address on the checkout origin (the e-mailed link): the walk opens its path.
    const validateUrl = new URL(validation.validateUrl, sandbox.url);
    data.validation = validateUrl.pathname + validateUrl.search;
    const request = await adminPost<{ token: string }>(sandbox, 'email-payments', { to: 'walk@example.com', amount: 4, description: 'Recorrido por correo' });
    data.emailToken = request.token;
  });

  const at = (path: string) => (url: URL) => url.pathname === path;
  const STOPS: Stop[] = [
    { route: '/', path: () => `/?code=${data.code}`, shows: cardForm },
    { route: '/{slug}', path: () => `/${data.slug}`, shows: cardForm },
    { route: '/{slug}/{code}', path: () => `/${data.slug}/${data.code}`, shows: cardForm },
    { route: '/{slug}/receive', path: () => `/${data.slug}/receive?Oper=${data.codOper}`, shows: heading(/Comprobante de pago/) },
    { route: '/{subscriptionKey}/receive', path: () => `/SUBDEMO0001/receive?Oper=${data.codOper}`, shows: heading(/Comprobante/) },
    { route: '/stationPayment', path: () => '/stationPayment?code=EST-001', shows: cardForm },
    { route: '/pf/validateTx', path: () => data.validation, shows: heading(/Valida tu tarjeta/) },
    { route: '/pf/emailPayment', path: () => `/pf/emailPayment?code=${data.emailToken}`, shows: cardForm },
    { route: '/pf/responseMessage (3000)', path: () => '/pf/responseMessage?code=3000', shows: heading(/El enlace de pago ha expirado/) },
    { route: '/pf/responseMessage/session (3001)', path: () => '/pf/responseMessage/session?code=3001', shows: heading(/No encontramos este cobro/) },
    { route: '/404', path: () => '/404', shows: heading(/Página no encontrada/) },
    { route: 'any other path -> /404', path: () => '/pf/no-such-page', endsAt: at('/404'), shows: heading(/Página no encontrada/) },
    {
      route: '/pf/default-receipt/processing',
      path: () => `/pf/default-receipt/processing?Oper=${data.codOper}`,
      endsAt: (url) => url.pathname === `/pf/default-receipt/${data.codOper}`,
      shows: heading(/Comprobante de pago/),
    },
    { route: '/pf/default-receipt/processing (no Oper)', path: () => '/pf/default-receipt/processing', endsAt: at('/404'), shows: heading(/Página no encontrada/) },
    { route: '/pf/default-receipt/{codOper}', path: () => `/pf/default-receipt/${data.codOper}`, shows: heading(/Comprobante de pago/) },
    { route: '/pf/receipt/campaign', path: () => `/pf/receipt/campaign?Oper=${data.donationOper}`, shows: heading(/Comprobante de donación/) },
    { route: '/pf/tx-result', path: () => `/pf/tx-result?Oper=${data.codOper}`, shows: heading(/Pago aprobado/) },
    { route: '/pf/returnpage', path: () => `/pf/returnpage?Oper=${data.codOper}`, shows: heading(/Pago aprobado/) },
    { route: '/pf/deeplink/market', path: () => '/pf/deeplink/market', shows: heading(/Descarga la app/) },
    { route: '/pf/widget', path: () => `/pf/widget?type=lk&code=${data.code}`, shows: cardForm },
    { route: '/pf/widget (type subs)', path: () => '/pf/widget?type=subs&code=SUBDEMO0001', shows: cardForm },
    { route: '/pf/widget (type ps)', path: () => '/pf/widget?type=ps&code=EST-001', shows: cardForm },
    { route: '/pf/widget (no code)', path: () => '/pf/widget?type=lk', endsAt: at('/404'), shows: heading(/Página no encontrada/) },
    { route: '/pf/widget/login', path: () => '/pf/widget/login', shows: heading(/Inicia sesión/) },
    { route: '/pf/widget/signup', path: () => '/pf/widget/signup', shows: heading(/Crea tu cuenta/) },
    { route: '/pf/widget/qrsuccess', path: () => '/pf/widget/qrsuccess', shows: (page) => page.getByRole('status').filter({ hasText: 'Tu pago con QR fue recibido' }) },
    { route: '/pf/widget/home (login required)', path: () => '/pf/widget/home', endsAt: at('/pf/widget/login'), shows: heading(/Inicia sesión/) },
    { route: '/pf/widget/addcard (login required)', path: () => '/pf/widget/addcard', endsAt: at('/pf/widget/login'), shows: heading(/Inicia sesión/) },
    { route: '/pf/widget/recoverypassword', path: () => '/pf/widget/recoverypassword', shows: heading(/Recuperar contraseña/) },
    { route: '/pf/widget/returnclave', path: () => `/pf/widget/returnclave?Oper=${data.claveOper}`, shows: heading(/Comprobante de pago/) },
    { route: '/pf/widget/returnclavesdk', path: () => `/pf/widget/returnclavesdk?Oper=${data.claveOper}`, shows: heading(/Comprobante de pago/) },
    { route: '/pf/widget/clave', path: () => `/pf/widget/clave?type=lk&code=${data.code}`, shows: heading(/Pagar con Clave/) },
    { route: '/pf/widget/crypto', path: () => `/pf/widget/crypto?type=lk&code=${data.code}`, shows: heading(/Pagar con criptomonedas/) },
  ];

  it('finds a real screen (or the redirect SPEC asks for) at each route, with no axe violation', async () => {
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const failures: string[] = [];
    for (const stop of STOPS) {
      const start = stop.path();
      await page.goto(`${sandbox.url}${start}`);
      const ends = stop.endsAt ?? at(new URL(start, sandbox.url).pathname);
      try {
        await expect.poll(() => ends(new URL(page.url())), { timeout: 15_000 }).toBe(true);
        await stop.shows(page).waitFor({ state: 'visible', timeout: 15_000 });
        const violations = await axeViolations(page);
        if (violations.length > 0) failures.push(`${stop.route}: ${violations.join('; ')}`);
      } catch (error) {
        failures.push(`${stop.route} (${start} -> ${new URL(page.url()).pathname}): ${(error as Error).message.split('\n')[0]}`);
      }
    }
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
