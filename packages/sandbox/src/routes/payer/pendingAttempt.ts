import { Hono } from 'hono';
import { pendingAttemptOf } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { reply } from '../../http/reply';
import { findLinkByCode } from '../../store/links';
import { findLinkInAnyCase } from '../../store/findLinkInAnyCase';
import { listTransactionsForLink } from '../../store/transactions';
import { maskedPhone } from '../../merchantView/merchantTransaction';

/**
 * GET /api/v1/payments/pending?code=LINK: the link's payment still waiting, so the link opened again in
 * any browser shows that wait instead of a second payment. Only order links and guests' payments
 * (docs/spec-decisions.md), the phone masked; none is 200 with no data (a 404 put a red line in the shop's console).
 */
export function pendingAttemptRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/payments/pending', async (c) => {
    const code = c.req.query('code') ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) throw new ApiError(400, 'invalid_arguments', 'code must be 1 to 64 letters, digits, - or _');
    // On a link many payers share, someone else's pending payment is not yours to resume.
    const link = await findLinkInAnyCase(code, (c) => findLinkByCode(deps.db, c));
    if (!link || !(link.single_use || link.order_reference !== null)) return reply(c, null);
    const rows = await listTransactionsForLink(deps.db, link.code);
    const attempts = rows.map((tx) => ({
      method: tx.method, status: tx.status, authStatus: tx.auth_status, codOper: tx.cod_oper, byUser: tx.user_id !== null, expiresAt: tx.expires_at, redirectUrl: tx.redirect_url,
    }));
    const pending = pendingAttemptOf(attempts, new Date());
    if (!pending) return reply(c, null);
    const row = rows.find((tx) => tx.cod_oper === pending.codOper);
    // Its last four digits only, so the payer knows it as theirs.
    const phone = pending.method === 'nequi' || pending.method === 'yappy' ? maskedPhone(row?.phone) : null;
    return reply(c, { ...pending, phone });
  });
  return app;
}
