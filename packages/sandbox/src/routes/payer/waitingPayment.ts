import { Hono } from 'hono';
import { centsToAmount, cryptoRefundOnCancel, type CoinsReceived, isAbandonableChallenge, waitingEndOf, waitingStateOf } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { reply } from '../../http/reply';
import { findTransaction } from '../../store/transactions';
import { cryptoReceivedOf } from '../../payments/cryptoReceived';

/**
 * GET /api/v1/payments/waiting/:codOper: where a payment the loader remembered stands, for another link's
 * checkout of the same merchant; never the payer's data (a codOper already reads its receipt).
 */
export function waitingPaymentRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/payments/waiting/:codOper', async (c) => {
    const codOper = c.req.param('codOper');
    if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(codOper)) throw new ApiError(400, 'invalid_arguments', 'codOper must be 1 to 64 letters, digits, _ . : or -');
    const tx = await findTransaction(deps.db, codOper);
    if (!tx || !tx.link_code) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    const attempt = { method: tx.method, status: tx.status, authStatus: tx.auth_status, codOper, expiresAt: tx.expires_at, redirectUrl: tx.redirect_url };
    const now = new Date();
    const state = waitingStateOf(attempt, now);
    // Coins already received for a crypto payment still waiting: calling it off sends them back (never where to: the payer's).
    const back = state === 'waiting' && tx.method === 'crypto' ? cryptoRefundOnCancel(cryptoReceivedOf(tx)) : null;
    const received: CoinsReceived | null = back ? { coin: back.coin, network: back.network, amount: back.amount } : null;
    return reply(c, {
      // `ended`: why it stopped waiting unpaid, for a page that followed it from another browser to say so.
      method: tx.method, codOper, state, ended: waitingEndOf(attempt, now), total: centsToAmount(tx.amount_cents + tx.tax_cents), merchant: tx.merchant_id, link: tx.link_code,
      expiresAt: tx.expires_at?.toISOString() ?? null,
      ...(state === 'waiting' && isAbandonableChallenge(attempt) ? { challengeUrl: tx.redirect_url } : {}),
      ...(received ? { received } : {}),
    });
  });
  return app;
}
