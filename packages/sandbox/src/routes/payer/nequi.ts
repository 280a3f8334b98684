import { freeText, paymentDisplayStatus } from '@pasarela/core';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { Deps } from '../../Deps';
import { guestServiceIdOf } from '../../auth/callerAuth';
import { ApiError } from '../../errors/ApiError';
import { namingPayment } from '../../errors/namingPayment';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { reply } from '../../http/reply';
import { LinkPaymentFields } from '../../payments/linkPayment';
import { lapsedUnanswered, requestNequiPush, requestPushPayment, withdrawPushPayment } from '../../payments/pushPayment';
import { parseOr400 } from '../../payments/validatePayload';
import { refuseIfPaidElsewhere, refuseIfVoidedByMerchant } from '../../payments/settlePayment';
import { refuseIfCalledOffByPayer } from '../../payments/calledOffByPayer';
import { latestNequiPayment, type TransactionRow } from '../../store/transactions';
import { payersPaymentOf, walletUserOf } from './payersPayment';

const PushSchema = v.object({ ...LinkPaymentFields, phone: v.pipe(freeText(20, { tooLongMessage: 'invalid_phone_number' })) }, 'missing_arguments');
const QrQuerySchema = v.object({ ...LinkPaymentFields, action: v.optional(v.string(), 'GENERATE') });

function nequiFields(tx: TransactionRow) {
  return { codOper: tx.cod_oper, status: tx.status, kind: tx.details['kind'], qrValue: tx.details['qrValue'] ?? null, phone: tx.phone, expiresAt: tx.expires_at?.toISOString() ?? null };
}

/**
 * SPEC 4 Nequi; one that ended unpaid is declined (core paymentDisplayStatus). Asked for again under
 * its trackId, a push or QR answers as the validate call reads it: paid is 1, lapsed 619, never a fresh wait;
 * a refusal names the payment (`codOper`).
 */
function nequiAnswer(deps: Deps, tx: TransactionRow) {
  return namingPayment(tx.cod_oper, () => nequiStanding(deps, tx));
}

async function nequiStanding(deps: Deps, tx: TransactionRow) {
  if (tx.auth_status === 'EXPIRED' || lapsedUnanswered(tx)) throw new ApiError(410, 619);
  await refuseIfCalledOffByPayer(deps, tx);
  refuseIfPaidElsewhere(tx);
  refuseIfVoidedByMerchant(tx);
  if (paymentDisplayStatus('nequi', tx.status, tx.auth_status) === 'declined') {
    throw new ApiError(422, tx.details['kind'] === 'qr' ? 'error_pay_qr_nequi' : 'error_pay_push_nequi', 'The payer declined in Nequi, or the payment was called off');
  }
  return nequiFields(tx);
}

export function nequiRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 7 Nequi "send push" and "request" (the same push by its other name).
  const push = async (c: Context<AppEnv>) => {
    const body = parseOr400(PushSchema, await readObjectBody(c));
    const tx = await requestNequiPush(deps, { ...body, anonymousUserServiceId: guestServiceIdOf(c), userId: await walletUserOf(deps, c), lang: c.get('lang') });
    return reply(c, await nequiAnswer(deps, tx));
  };
  app.post('/nequi/push', push);
  app.post('/nequi/request', push);
  // SPEC 7 "GET generate QR"; /sandbox/nequi settles it.
  app.get('/nequi/qr', async (c) => {
    const q = c.req.query();
    const body = parseOr400(QrQuerySchema, { ...q, amount: q['amount'] ? Number(q['amount']) : undefined, taxAmount: q['taxAmount'] ? Number(q['taxAmount']) : undefined });
    const tx = await requestPushPayment(deps, { ...body, wallet: 'nequi', channel: { kind: 'qr' }, anonymousUserServiceId: guestServiceIdOf(c), userId: await walletUserOf(deps, c), lang: c.get('lang') });
    return reply(c, await nequiAnswer(deps, tx));
  });
  // SPEC 7 "validate payment QR".
  app.get('/nequi/payments/:codOper', async (c) => {
    return reply(c, await nequiAnswer(deps, await payersPaymentOf(deps, c, 'nequi')));
  });
  app.post('/nequi/payments/:codOper/cancel', async (c) => reply(c, nequiFields(await withdrawPushPayment(deps, await payersPaymentOf(deps, c, 'nequi')))));
  // SPEC 7 "load last code": a link's code is public, so it names only the wallet user's own payment;
  // a guest's hangs on its codOper alone (mayReadPayment).
  app.get('/nequi/last-code', async (c) => {
    const code = c.req.query('code') ?? '';
    const userId = await walletUserOf(deps, c);
    const tx = userId === undefined ? undefined : await latestNequiPayment(deps.db, code, userId);
    if (!tx) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    return reply(c, { codOper: tx.cod_oper, status: tx.status });
  });
  return app;
}
