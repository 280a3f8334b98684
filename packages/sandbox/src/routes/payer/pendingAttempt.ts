import { Hono } from 'hono';
import { pendingAttemptOf } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../http/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { reply } from '../../http/reply';
import { findLinkByCode } from '../../store/links';
import { listTransactionsForLink } from '../../store/transactions';

/**
 * GET /api/v1/payments/pending?code=LINK: the payment of this link the payer left pending (closed
 * the checkout during a Nequi or Yappy wait, with a cash voucher or a crypto quote open), so the
 * link opened again shows that wait instead of a second payment. Scoped as docs/spec-decisions.md
 * says: single-use links only (one order, one payer), by the link code, guests only,
 * and answering the method, codOper and deadline, never the payer's data. When there is none the
 * answer is 200 with no data: "nothing pending" is the usual answer of a link opened for the first
 * time, not an error (a 404 here put a red "Failed to load resource" line in the shop page's
 * console on every open).
 */
export function pendingAttemptRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/payments/pending', async (c) => {
    const code = c.req.query('code') ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) throw new ApiError(400, 'invalid_arguments', 'code must be 1 to 64 letters, digits, - or _');
    // Only a single-use link is one payer's (an order's): on a link many payers share, someone
    // else's pending payment is not yours to resume, so nothing is offered.
    const link = await findLinkByCode(deps.db, code);
    if (!link?.single_use) return reply(c, null);
    const rows = await listTransactionsForLink(deps.db, code);
    // Core's rule (pendingAttemptOf): the latest guest payment still pending within its window.
    const attempts = rows.map((tx) => ({
      method: tx.method, status: tx.status, authStatus: tx.auth_status, codOper: tx.cod_oper, byUser: tx.user_id !== null, expiresAt: tx.expires_at,
    }));
    const pending = pendingAttemptOf(attempts, new Date());
    return reply(c, pending ?? null);
  });
  return app;
}
