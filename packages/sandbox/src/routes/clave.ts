import { Hono } from 'hono';
import * as v from 'valibot';
import { formatAmount, centsToAmount } from '@pasarela/core';
import type { Deps } from '../Deps';
import { guestServiceIdOf } from '../auth/callerAuth';
import { ApiError } from '../http/ApiError';
import type { AppEnv } from '../http/AppEnv';
import { bankPageTop, escapeHtml, sandboxPage } from '../http/html';
import { findMerchant } from '../store/merchants';
import { readObjectBody } from '../http/readBody';
import { reply } from '../http/reply';
import { checkLinkPayment, LinkPaymentFields, linkPaymentFingerprint, recordPayment, repeatedPayment } from '../payments/linkPayment';
import { parseOr400 } from '../payments/validatePayload';
import { settlePayment } from '../payments/settlePayment';
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
    const fingerprint = linkPaymentFingerprint(deps, body, 'clave');
    const tx = (await repeatedPayment(deps, body, fingerprint))
      ?? (await recordPayment(deps, await checkLinkPayment(deps, body, 'clave', guestServiceIdOf(c)), body, { method: 'clave', status: -1, auth_status: 'PENDING', message_key: 'pending' }, c.get('lang'), fingerprint));
    const redirectUrl = `${new URL(c.req.url).origin}/sandbox/clave/${tx.cod_oper}`;
    return reply(c, { codOper: tx.cod_oper, status: tx.status, redirectUrl });
  });
  app.get('/clave/payments/:codOper', async (c) => {
    const tx = await findTransaction(deps.db, c.req.param('codOper'));
    if (!tx || tx.method !== 'clave') throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    return reply(c, { codOper: tx.cod_oper, status: tx.status });
  });
  return app;
}

/** The bank's Clave page (sandbox stand-in), under /sandbox/clave/:codOper. */
export function clavePageRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/clave/:codOper', async (c) => {
    const tx = await findTransaction(deps.db, c.req.param('codOper'));
    if (!tx || tx.method !== 'clave' || tx.status !== -1) return c.html(sandboxPage('Clave', '<h1>Clave</h1><p>Este pago no existe o ya terminó.</p>'), 404);
    const action = `/sandbox/clave/${encodeURIComponent(tx.cod_oper)}`;
    const returnTo = `<input type="hidden" name="returnTo" value="${escapeHtml(c.req.query('returnTo') ?? '')}">`;
    const button = (result: string, label: string) =>
      `<form method="post" action="${action}">${returnTo}<input type="hidden" name="result" value="${result}"><button class="${result}" type="submit">${label}</button></form>`;
    const merchant = await findMerchant(deps.db, tx.merchant_id);
    const top = bankPageTop(merchant ? { name: merchant.name, logo: merchant.logo } : null, action, returnTo);
    return c.html(sandboxPage('Clave', `${top}<span class="sandbox">Sandbox</span><h1>Banca en línea: pago con Clave</h1>
<p>Pagar ${escapeHtml(formatAmount(centsToAmount(tx.amount_cents + tx.tax_cents)))}: ${escapeHtml(tx.description)}</p>
${button('approve', 'Aprobar / Approve')}${button('fail', 'Rechazar / Fail')}`));
  });
  app.post('/clave/:codOper', async (c) => {
    const codOper = c.req.param('codOper');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const tx = await findTransaction(deps.db, codOper);
    const result = form['result'];
    if (!tx || tx.method !== 'clave' || tx.status !== -1 || (result !== 'approve' && result !== 'fail')) {
      return c.json({ code: 'invalid_arguments', message: 'No Clave payment is waiting for this codOper, or result is not approve|fail' }, 400);
    }
    const settled = await settlePayment(deps.db, codOper, result === 'approve'
      ? { status: 1, authStatus: 'APPROVED', messageKey: 'approved' }
      : { status: 0, authStatus: 'DECLINED', messageKey: 'generic' });
    if ((c.req.header('accept') ?? '').includes('application/json')) return c.json({ codOper, status: settled?.row.status ?? tx.status });
    return c.redirect(claveReturnUrl(codOper, typeof form['returnTo'] === 'string' ? form['returnTo'] : undefined), 303);
  });
  return app;
}
