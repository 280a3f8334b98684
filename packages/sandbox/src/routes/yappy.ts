import { Hono } from 'hono';
import * as v from 'valibot';
import { freeText } from '@pasarela/core';
import type { Deps } from '../Deps';
import { guestServiceIdOf } from '../auth/callerAuth';
import { ApiError } from '../http/ApiError';
import type { AppEnv } from '../http/AppEnv';
import { readObjectBody } from '../http/readBody';
import { reply } from '../http/reply';
import { yappyOutcome, yappyPhone } from '../gateways/testPhones';
import { checkLinkPayment, LinkPaymentFields, linkPaymentFingerprint, recordPayment, repeatedPayment } from '../payments/linkPayment';
import { parseOr400 } from '../payments/validatePayload';
import { cancelWaitingPayment, refuseIfLinkPaidElsewhere, settlePayment } from '../payments/settlePayment';
import { findTransaction, type TransactionRow } from '../store/transactions';

const YappySchema = v.object({ ...LinkPaymentFields, phone: v.pipe(freeText(20, { tooLongMessage: 'invalid_phone_number' })) }, 'missing_arguments');

function yappyAnswer(tx: TransactionRow) {
  return { codOper: tx.cod_oper, status: tx.status, phone: tx.phone, expiresAt: tx.expires_at?.toISOString() ?? null };
}

/** Yappy: the payer approves in the Yappy app within SPEC 9's 5 minutes; 1 approved, -1 pending. */
export function yappyRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const yappyPayment = async (codOper: string): Promise<TransactionRow> => {
    const tx = await findTransaction(deps.db, codOper);
    if (!tx || tx.method !== 'yappy') throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    return tx;
  };
  app.post('/yappy/payments', async (c) => {
    const body = parseOr400(YappySchema, await readObjectBody(c));
    const phone = yappyPhone(body.phone);
    if (!phone) throw new ApiError(400, 'invalid_phone_number', 'phone must be a Yappy mobile (6xxx xxxx)');
    const input = { ...body, phone };
    const fingerprint = linkPaymentFingerprint(deps, input, 'yappy');
    const tx = (await repeatedPayment(deps, input, fingerprint)) ?? (await recordPayment(deps, await checkLinkPayment(deps, body, 'yappy', guestServiceIdOf(c)), input, {
      method: 'yappy', status: -1, auth_status: 'PENDING', message_key: 'pending',
      expires_at: new Date(Date.now() + deps.payerWindows.yappyMs), details: { outcome: yappyOutcome(phone) },
    }, c.get('lang'), fingerprint));
    return reply(c, yappyAnswer(tx));
  });
  app.get('/yappy/payments/:codOper', async (c) => {
    let tx = await yappyPayment(c.req.param('codOper'));
    const answered = tx.details['outcome'];
    if (tx.status === -1 && tx.expires_at && tx.expires_at.getTime() <= Date.now()) {
      tx = (await settlePayment(deps.db, tx.cod_oper, { status: 0, authStatus: 'EXPIRED', messageKey: 'pending' }))?.row ?? tx;
    } else if (tx.status === -1 && (answered === 'approved' || answered === 'declined')) {
      tx = (await settlePayment(deps.db, tx.cod_oper, answered === 'approved'
        ? { status: 1, authStatus: 'APPROVED', messageKey: 'approved' }
        : { status: 0, authStatus: 'DECLINED', messageKey: 'generic' }))?.row ?? tx;
    }
    if (tx.auth_status === 'EXPIRED') throw new ApiError(410, 619);
    refuseIfLinkPaidElsewhere(tx);
    if (tx.status === 0) throw new ApiError(422, 'payment_rejected', 'The payer declined in Yappy, or the payment was called off');
    return reply(c, yappyAnswer(tx));
  });
  // The payer leaves the wait to pay another way: the request can no longer be paid.
  app.post('/yappy/payments/:codOper/cancel', async (c) => reply(c, yappyAnswer(await cancelWaitingPayment(deps.db, await yappyPayment(c.req.param('codOper'))))));
  return app;
}
