import { Hono } from 'hono';
import * as v from 'valibot';
import { formatAmount, centsToAmount } from '@pasarela/core';
import { originOf, type Deps } from '../Deps';
import { guestServiceIdOf } from '../auth/callerAuth';
import { ApiError } from '../http/ApiError';
import type { AppEnv } from '../http/AppEnv';
import { bankPageTop, escapeHtml, sandboxPage } from '../http/html';
import { readObjectBody } from '../http/readBody';
import { reply } from '../http/reply';
import { LinkPaymentFields } from '../payments/linkPayment';
import { startBankPayment } from '../payments/bankPayment';
import { receiveGatewayEvent } from '../payments/receiveGatewayEvent';
import { parseOr400 } from '../payments/validatePayload';
import { findTransaction } from '../store/transactions';
import { sameOriginPath } from './threeDs';

const ClaveSchema = v.object(LinkPaymentFields, 'missing_arguments');

/** Where the bank sends the payer back: the widget's return address when it gave one (a path on this origin), always naming the operation. */
export function claveReturnUrl(codOper: string, returnTo: string | undefined): string {
  const back = new URL(sameOriginPath(returnTo) ?? '/pf/widget/returnclave', 'http://sandbox.invalid');
  back.searchParams.set('Oper', codOper);
  return back.pathname + back.search;
}

/** SPEC 4 Clave: 0 declined, 1 approved, -1 pending; the payer approves on the bank's page. */
export function claveRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/clave/payments', async (c) => {
    const body = parseOr400(ClaveSchema, await readObjectBody(c));
    const { row: tx, redirectUrl } = await startBankPayment(deps, { ...body, anonymousUserServiceId: guestServiceIdOf(c), lang: c.get('lang'), returnPath: (codOper) => claveReturnUrl(codOper, undefined) });
    return reply(c, { codOper: tx.cod_oper, status: tx.status, redirectUrl: new URL(redirectUrl, originOf(deps, c.req.url)).toString() });
  });
  app.get('/clave/payments/:codOper', async (c) => {
    const tx = await findTransaction(deps.db, c.req.param('codOper'));
    if (!tx || tx.method !== 'clave') throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    return reply(c, { codOper: tx.cod_oper, status: tx.status });
  });
  return app;
}

/** The simulated bank's Clave page, under /sandbox/clave/:codOper; the payer's answer reaches the payment as a gateway event. */
export function clavePageRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/clave/:codOper', async (c) => {
    const codOper = c.req.param('codOper');
    const waiting = await deps.sandbox?.bank.waiting(codOper);
    if (!waiting) return c.html(sandboxPage('Clave', '<h1>Clave</h1><p>Este pago no existe o ya terminó.</p>'), 404);
    const action = `/sandbox/clave/${encodeURIComponent(codOper)}`;
    const returnTo = `<input type="hidden" name="returnTo" value="${escapeHtml(c.req.query('returnTo') ?? '')}">`;
    const button = (result: string, label: string) =>
      `<form method="post" action="${action}">${returnTo}<input type="hidden" name="result" value="${result}"><button class="${result}" type="submit">${label}</button></form>`;
    const top = bankPageTop({ name: waiting.merchant.name, logo: waiting.merchant.logo ?? '' }, action, returnTo);
    return c.html(sandboxPage('Clave', `${top}<span class="sandbox">Sandbox</span><h1>Banca en línea: pago con Clave</h1>
<p>Pagar ${escapeHtml(formatAmount(centsToAmount(waiting.amountCents)))}: ${escapeHtml(waiting.description)}</p>
${button('approve', 'Aprobar / Approve')}${button('fail', 'Rechazar / Fail')}`));
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
    return c.redirect(claveReturnUrl(codOper, typeof form['returnTo'] === 'string' ? form['returnTo'] : undefined), 303);
  });
  return app;
}
