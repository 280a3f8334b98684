import { cardResultMessage } from '@pasarela/core';
import { Hono } from 'hono';
import { isTrackId, type Language, type PaymentAttempt } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { reply } from '../../http/reply';
import { findTransactionByTrackId, type TransactionRow } from '../../store/transactions';
import { merchantResultOf } from '../../merchantView/merchantResultOf';
import { mayReadPayment } from './payersPayment';

/** core PaymentAttemptSchema's answer for a transaction: its status as stored and what it means. */
export function paymentAttemptOf(tx: TransactionRow, lang: Language): PaymentAttempt {
  return {
    trackId: tx.track_id ?? '',
    codOper: tx.cod_oper,
    method: tx.method,
    status: tx.status,
    // SPEC 4's status table of the method; a declined or lapsed payment is DECLINED, never pending.
    result: merchantResultOf({ method: tx.method, status: tx.status, authStatus: tx.auth_status }),
    authStatus: tx.auth_status,
    messageSys: cardResultMessage(tx.message_key, lang),
    redirectUrl: tx.redirect_url,
    expiresAt: tx.expires_at?.toISOString() ?? null,
  };
}

/**
 * GET /api/v1/payments/attempts/:trackId: what became of the payment a trackId asked for, so a
 * widget that lost the answer (timeout, dropped connection, reload) learns it without paying again.
 */
export function attemptRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/payments/attempts/:trackId', async (c) => {
    const trackId = c.req.param('trackId');
    if (!isTrackId(trackId)) throw new ApiError(400, 'invalid_arguments', 'trackId must be 1 to 64 letters, digits or -_.:');
    const tx = await findTransactionByTrackId(deps.db, trackId);
    // A wallet user's payment is theirs alone, as its receipt is (SPEC 6).
    if (!tx || !(await mayReadPayment(deps, c, tx))) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    return reply(c, paymentAttemptOf(tx, c.get('lang')));
  });
  return app;
}
