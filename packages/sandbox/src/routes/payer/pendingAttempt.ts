import { Hono } from 'hono';
import { pendingAttemptOf } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { reply } from '../../http/reply';
import { findLinkByCode } from '../../store/links';
import { listTransactionsForLink } from '../../store/transactions';
import { maskedPhone } from '../../merchantView/merchantTransaction';

/**
 * GET /api/v1/payments/pending?code=LINK: the payment of this link still waiting (a Nequi or Yappy
 * request, a cash voucher, a Clave payment, a crypto quote, a card's 3DS challenge with its page's
 * address to open again), so the link opened again, in this
 * browser or any other, shows that wait instead of a second payment. Scoped as
 * docs/spec-decisions.md says: links made for one order only (single-use, or made with an
 * orderReference), guests' payments only, answering the method, codOper, deadline and the wallet
 * phone masked to its last four digits, never more of the payer. When there is none the answer is
 * 200 with no data: "nothing pending" is the usual answer of a link opened for the first time, not
 * an error (a 404 here put a red "Failed to load resource" line in the shop page's console).
 */
export function pendingAttemptRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/payments/pending', async (c) => {
    const code = c.req.query('code') ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) throw new ApiError(400, 'invalid_arguments', 'code must be 1 to 64 letters, digits, - or _');
    // Only an order's link is one payer's: on a link many payers share, someone else's pending
    // payment is not yours to resume, so nothing is offered.
    const link = await findLinkByCode(deps.db, code);
    if (!link || !(link.single_use || link.order_reference !== null)) return reply(c, null);
    const rows = await listTransactionsForLink(deps.db, code);
    // Core's rule (pendingAttemptOf): the latest guest payment still pending within its window.
    const attempts = rows.map((tx) => ({
      method: tx.method, status: tx.status, authStatus: tx.auth_status, codOper: tx.cod_oper, byUser: tx.user_id !== null, expiresAt: tx.expires_at, redirectUrl: tx.redirect_url,
    }));
    const pending = pendingAttemptOf(attempts, new Date());
    if (!pending) return reply(c, null);
    const row = rows.find((tx) => tx.cod_oper === pending.codOper);
    // Which phone the request went to, so the payer knows it as theirs: its last four digits only.
    const phone = pending.method === 'nequi' || pending.method === 'yappy' ? maskedPhone(row?.phone) : null;
    return reply(c, { ...pending, phone });
  });
  return app;
}
