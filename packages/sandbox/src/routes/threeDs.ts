import { Hono } from 'hono';
import { formatAmount, centsToAmount, hasForbiddenCharacters } from '@pasarela/core';
import { originOf, type Deps } from '../Deps';
import type { AppEnv } from '../http/AppEnv';
import { bankPageTop, escapeHtml, sandboxPage } from '../http/html';
import { AUTH_STATUS, CARD_STATUS } from '../gateways/testCards';
import { findMerchant } from '../store/merchants';
import { mailReceipt } from '../payments/receiptMail';
import { settlePayment } from '../payments/settlePayment';
import { findTransaction } from '../store/transactions';

const PAGE_BASE = 'http://checkout.invalid';

/**
 * returnTo as a path on this origin, percent-encoded as a browser would send it; undefined when it
 * leads elsewhere or holds what no address does (a control or line break would break the Location
 * header, or split it).
 */
export function sameOriginPath(returnTo: string | undefined): string | undefined {
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.includes('\\') || hasForbiddenCharacters(returnTo)) return undefined;
  const url = new URL(returnTo, PAGE_BASE);
  return url.origin === PAGE_BASE ? url.pathname + url.search + url.hash : undefined;
}

/** Where the payer lands after the challenge: SPEC 2's processing page, which opens the receipt. */
export function afterChallengeUrl(codOper: string, returnTo: string | undefined): string {
  // Only a path on this origin, so the page cannot be used to bounce a payer elsewhere.
  return sameOriginPath(returnTo) ?? `/pf/default-receipt/processing?Oper=${encodeURIComponent(codOper)}`;
}

/** The issuer's 3D Secure page the 4000 0000 0000 3220 card redirects to (sandbox stand-in). */
export function threeDsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/3ds/:codOper', async (c) => {
    const codOper = c.req.param('codOper');
    const tx = await findTransaction(deps.db, codOper);
    if (!tx || tx.auth_status !== AUTH_STATUS.three_ds) {
      return c.html(sandboxPage('3D Secure', '<h1>3D Secure</h1><p>Esta autenticación no existe o ya terminó.</p>'), 404);
    }
    const merchant = await findMerchant(deps.db, tx.merchant_id);
    const returnTo = c.req.query('returnTo') ?? '';
    const action = `/sandbox/3ds/${encodeURIComponent(codOper)}`;
    const hidden = `<input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}">`;
    const body = `${bankPageTop(merchant ? { name: merchant.name, logo: merchant.logo } : null, action, hidden)}<span class="sandbox">Sandbox</span><h1>Verificación 3D Secure</h1>
<p>${escapeHtml(merchant?.name ?? '')}: ${escapeHtml(formatAmount(centsToAmount(tx.amount_cents + tx.tax_cents)))} con tarjeta ${escapeHtml(tx.card_brand ?? '')} terminada en ${escapeHtml(tx.card_last4 ?? '')}.</p>
<p>Simule la respuesta del banco emisor / Simulate the issuing bank's answer:</p>
<form method="post" action="${action}">${hidden}<input type="hidden" name="result" value="approve"><button class="approve" type="submit">Aprobar / Approve</button></form>
<form method="post" action="${action}">${hidden}<input type="hidden" name="result" value="fail"><button class="fail" type="submit">Fallar / Fail</button></form>`;
    return c.html(sandboxPage('3D Secure', body));
  });
  app.post('/3ds/:codOper', async (c) => {
    const codOper = c.req.param('codOper');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const result = form['result'];
    const returnTo = typeof form['returnTo'] === 'string' ? form['returnTo'] : undefined;
    const tx = await findTransaction(deps.db, codOper);
    if (!tx || tx.auth_status !== AUTH_STATUS.three_ds || (result !== 'approve' && result !== 'fail')) {
      return c.json({ code: 'invalid_arguments', message: 'No 3DS challenge is waiting for this codOper, or result is not approve|fail' }, 400);
    }
    const key = result === 'approve' ? 'approved' : 'three_ds_failed';
    const settled = await settlePayment(deps.db, codOper, { status: CARD_STATUS[key], authStatus: AUTH_STATUS[key], messageKey: key });
    if (settled?.kind === 'settled') await mailReceipt(deps.db, settled.row, (await findMerchant(deps.db, settled.row.merchant_id))?.name ?? '', originOf(deps, c.req.url));
    if ((c.req.header('accept') ?? '').includes('application/json')) {
      return c.json({ codOper, status: settled?.row.status ?? tx.status });
    }
    return c.redirect(afterChallengeUrl(codOper, returnTo), 303);
  });
  return app;
}
