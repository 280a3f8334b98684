import { Hono } from 'hono';
import { formatAmount, centsToAmount } from '@pasarela/core';
import type { Deps } from '../../Deps';
import type { AppEnv } from '../../http/AppEnv';
import { bankPageTop, escapeHtml, sandboxPage, withCloseMark } from '../../http/html';
import { receiveGatewayEvent } from '../../payments/receiveGatewayEvent';
import { bankPageShop } from '../../brand/merchantBrand';
import { pageThemeOf } from '../../brand/bankPageLook';
import { sameOriginPath } from './threeDs';
import { findTransaction } from '../../store/transactions';

/** Where the bank sends the payer back: the widget's return address when it gave one (a path on this origin), always naming the operation. */
export function claveReturnUrl(codOper: string, returnTo: string | undefined): string {
  const back = new URL(sameOriginPath(returnTo) ?? '/pf/widget/returnclave', 'http://sandbox.invalid');
  back.searchParams.set('Oper', codOper);
  return back.pathname + back.search;
}

/** The simulated bank's Clave page, under /sandbox/clave/:codOper; the payer's answer reaches the payment as a gateway event. */
export function clavePageRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/clave/:codOper', async (c) => {
    const codOper = c.req.param('codOper');
    const waiting = await deps.sandbox?.bank.waiting(codOper);
    const theme = pageThemeOf(c.req.query('theme'));
    if (!waiting) return c.html(sandboxPage('Clave', '<h1>Clave</h1><p>Este pago no existe o ya terminó.</p>', { theme, brandColor: null }), 404);
    const shop = await bankPageShop(deps.db, codOper, waiting.merchant);
    const action = `/sandbox/clave/${encodeURIComponent(codOper)}`;
    const returnTo = `<input type="hidden" name="returnTo" value="${escapeHtml(c.req.query('returnTo') ?? '')}">`;
    const button = (result: string, label: string) =>
      `<form method="post" action="${action}">${returnTo}<input type="hidden" name="result" value="${result}"><button class="${result}" type="submit">${label}</button></form>`;
    // In the payment's language alone.
    const en = (await findTransaction(deps.db, codOper))?.lang === 'en';
    const top = bankPageTop(shop, action, returnTo, en ? 'en' : 'es');
    const amount = escapeHtml(formatAmount(centsToAmount(waiting.amountCents)));
    return c.html(sandboxPage('Clave', `${top}<span class="sandbox">Sandbox</span><h1>${en ? 'Online banking: pay with Clave' : 'Banca en línea: pago con Clave'}</h1>
<p>${en ? 'Pay' : 'Pagar'} ${amount}: ${escapeHtml(waiting.description)}</p>
${button('approve', en ? 'Approve' : 'Aprobar')}${button('fail', en ? 'Decline' : 'Rechazar')}`, { theme, brandColor: shop.brandColor, lang: en ? 'en' : 'es' }));
  });
  app.post('/clave/:codOper', async (c) => {
    const codOper = c.req.param('codOper');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const result = form['result'];
    const outcome = result === 'approve' || result === 'fail' ? await deps.sandbox?.bank.payerDecides(codOper, result === 'approve') : undefined;
    if (!outcome) {
      return c.json({ code: 'invalid_arguments', message: 'No Clave payment is waiting for this codOper, or result is not approve|fail' }, 400);
    }
    const settled = await receiveGatewayEvent(deps, { id: `sim:bank:${codOper}:${outcome}`, key: codOper, kind: 'bank', outcome });
    if ((c.req.header('accept') ?? '').includes('application/json')) return c.json({ codOper, status: settled?.row.status ?? null });
    return c.redirect(withCloseMark(claveReturnUrl(codOper, typeof form['returnTo'] === 'string' ? form['returnTo'] : undefined), form), 303);
  });
  return app;
}
