import { Hono } from 'hono';
import * as v from 'valibot';
import { freeText, paymentDisplayStatus } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { guestServiceIdOf } from '../../auth/callerAuth';
import { ApiError } from '../../errors/ApiError';
import { namingPayment } from '../../errors/namingPayment';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { reply } from '../../http/reply';
import { LinkPaymentFields } from '../../payments/linkPayment';
import { lapsedUnanswered, requestPushPayment, withdrawPushPayment } from '../../payments/pushPayment';
import { yappyPhoneNumber } from '@pasarela/core/phone';
import { parseOr400 } from '../../payments/validatePayload';
import { refuseIfPaidElsewhere, refuseIfVoidedByMerchant } from '../../payments/settlePayment';
import { refuseIfCalledOffByPayer } from '../../payments/calledOffByPayer';
import type { TransactionRow } from '../../store/transactions';
import { payersPaymentOf, walletUserOf } from './payersPayment';

const YappySchema = v.object({ ...LinkPaymentFields, phone: v.pipe(freeText(20, { tooLongMessage: 'invalid_phone_number' })) }, 'missing_arguments');

function yappyFields(tx: TransactionRow) {
  return { codOper: tx.cod_oper, status: tx.status, phone: tx.phone, expiresAt: tx.expires_at?.toISOString() ?? null };
}

/**
 * Where the request stands, asked for or read: Yappy's 0 is pending in SPEC 4's table, so one that
 * ended unpaid is never answered as a status (a retry under its trackId included) but as its refusal,
 * which names the payment (`codOper`).
 */
function yappyAnswer(deps: Deps, tx: TransactionRow) {
  return namingPayment(tx.cod_oper, () => yappyStanding(deps, tx));
}

async function yappyStanding(deps: Deps, tx: TransactionRow) {
  if (tx.auth_status === 'EXPIRED' || lapsedUnanswered(tx)) throw new ApiError(410, 619);
  refuseIfPaidElsewhere(tx);
  refuseIfVoidedByMerchant(tx);
  await refuseIfCalledOffByPayer(deps, tx);
  if (paymentDisplayStatus('yappy', tx.status, tx.auth_status) === 'declined') throw new ApiError(422, 'payment_rejected', 'The payer declined in Yappy, or the payment was called off');
  return yappyFields(tx);
}

/** Yappy: the payer approves in the Yappy app within SPEC 9's 5 minutes; 1 approved, -1 pending. */
export function yappyRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/yappy/payments', async (c) => {
    const body = parseOr400(YappySchema, await readObjectBody(c));
    const phone = yappyPhoneNumber(body.phone);
    if (!phone) throw new ApiError(400, 'invalid_phone_number', 'phone must be a Yappy mobile (6xxx xxxx)');
    const tx = await requestPushPayment(deps, { ...body, phone, wallet: 'yappy', channel: { kind: 'push', phone }, anonymousUserServiceId: guestServiceIdOf(c), userId: await walletUserOf(deps, c), lang: c.get('lang') });
    return reply(c, await yappyAnswer(deps, tx));
  });
  // Where the request stands as recorded (the phone's answer arrives as an event).
  app.get('/yappy/payments/:codOper', async (c) => {
    return reply(c, await yappyAnswer(deps, await payersPaymentOf(deps, c, 'yappy')));
  });
  // The payer leaves the wait to pay another way: the request can no longer be paid.
  app.post('/yappy/payments/:codOper/cancel', async (c) => reply(c, yappyFields(await withdrawPushPayment(deps, await payersPaymentOf(deps, c, 'yappy')))));
  return app;
}
