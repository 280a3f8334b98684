import { Hono } from 'hono';
import { amountToCents, centsToAmount } from '@pasarela/core';
import { requireOwn } from '../../auth/adminAccess';
import { originOf, type Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readBody } from '../../http/readBody';
import { refundPayment } from '../../payments/refundPayment';
import { voidPayment } from '../../payments/voidPayment';
import { findTransaction } from '../../store/transactions';
import { parseInput, CaptureSchema, RefundSchema, EmptySchema } from '../merchant/merchantSchemas';
import { capturePayment } from '../../payments/capturePayment';

/**
 * The sandbox console's refund, void and capture buttons: the provider's dashboard acting for the payment's
 * merchant, through the same services as the merchant API's calls (docs/merchant-api.md), so the
 * same rules hold and the same webhooks go out. A merchant's key reaches its own payments only.
 */
export function adminRefundRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const ownPayment = async (codOper: string, c: Parameters<typeof requireOwn>[0]) => {
    const notFound = () => new ApiError(404, 'transaction_not_found', 'codOper names no payment');
    const tx = /^[A-Za-z0-9_]{1,40}$/.test(codOper) ? await findTransaction(deps.db, codOper) : undefined;
    if (!tx) throw notFound();
    requireOwn(c, tx.merchant_id, notFound);
    return tx;
  };
  // Bytes, not text, so a gzip body still unpacks in readBody.
  const bodyOf = async (c: Parameters<typeof readBody>[0]) => ((await c.req.arrayBuffer()).byteLength === 0 ? {} : readBody(c));
  app.post('/transactions/:codOper/refunds', async (c) => {
    const { amount } = parseInput(RefundSchema, await bodyOf(c), 'body');
    const tx = await ownPayment(c.req.param('codOper'), c);
    const refund = await refundPayment(deps, tx.merchant_id, tx.cod_oper, amount === undefined ? undefined : amountToCents(amount));
    if (!refund) throw new ApiError(404, 'transaction_not_found', 'codOper names no payment');
    return c.json({ id: refund.id, codOper: refund.cod_oper, status: refund.state }, 201);
  });
  app.post('/transactions/:codOper/capture', async (c) => {
    const { amount } = parseInput(CaptureSchema, await bodyOf(c), 'body');
    const tx = await ownPayment(c.req.param('codOper'), c);
    const captured = await capturePayment(deps, tx.merchant_id, tx.cod_oper, amount === undefined ? undefined : amountToCents(amount), originOf(deps, c.req.url));
    if (!captured) throw new ApiError(404, 'transaction_not_found', 'codOper names no payment');
    return c.json({ codOper: captured.cod_oper, capturedAmount: centsToAmount(captured.captured_cents) });
  });
  app.post('/transactions/:codOper/void', async (c) => {
    parseInput(EmptySchema, await bodyOf(c), 'body');
    const tx = await ownPayment(c.req.param('codOper'), c);
    const voided = await voidPayment(deps, tx.merchant_id, tx.cod_oper, originOf(deps, c.req.url));
    return c.json({ codOper: tx.cod_oper, authStatus: voided?.auth_status ?? tx.auth_status });
  });
  return app;
}
