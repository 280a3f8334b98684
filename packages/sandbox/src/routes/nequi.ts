import { freeText, centsToAmount } from '@pasarela/core';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { Deps } from '../Deps';
import { guestServiceIdOf } from '../auth/callerAuth';
import { ApiError } from '../http/ApiError';
import type { AppEnv } from '../http/AppEnv';
import { readObjectBody } from '../http/readBody';
import { reply } from '../http/reply';
import { nequiOutcome, nequiPhone } from '../gateways/testPhones';
import { checkLinkPayment, LinkPaymentFields, linkPaymentFingerprint, recordPayment, repeatedPayment } from '../payments/linkPayment';
import { parseOr400 } from '../payments/validatePayload';
import { cancelWaitingPayment, refuseIfLinkPaidElsewhere, settlePayment } from '../payments/settlePayment';
import { findTransaction, type TransactionRow } from '../store/transactions';

const PushSchema = v.object({ ...LinkPaymentFields, phone: v.pipe(freeText(20, { tooLongMessage: 'invalid_phone_number' })) }, 'missing_arguments');
const QrQuerySchema = v.object({ ...LinkPaymentFields, action: v.optional(v.string(), 'GENERATE') });

/** What the payer's checkout reads of a Nequi payment. */
function nequiFields(tx: TransactionRow) {
  return { codOper: tx.cod_oper, status: tx.status, kind: tx.details['kind'], qrValue: tx.details['qrValue'] ?? null, phone: tx.phone, expiresAt: tx.expires_at?.toISOString() ?? null };
}

/** SPEC 4 Nequi: 1 approved, -1 pending. A declined push/QR reads as the catalogue's error. */
function nequiAnswer(tx: TransactionRow) {
  refuseIfLinkPaidElsewhere(tx);
  if (tx.status === 0) {
    throw new ApiError(422, tx.details['kind'] === 'qr' ? 'error_pay_qr_nequi' : 'error_pay_push_nequi', 'The payer declined in Nequi, or the payment was called off');
  }
  return nequiFields(tx);
}

export function nequiRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const nequiPayment = async (codOper: string): Promise<TransactionRow> => {
    const tx = await findTransaction(deps.db, codOper);
    if (!tx || tx.method !== 'nequi') throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    return tx;
  };
  // SPEC 7 Nequi "send push (adds phone)" and "request" (the same push, by its other name).
  const push = async (c: Context<AppEnv>) => {
    const body = parseOr400(PushSchema, await readObjectBody(c));
    const phone = nequiPhone(body.phone);
    if (!phone) throw new ApiError(400, 'invalid_phone_number', 'phone must be a Nequi mobile (3xx xxx xxxx)');
    const input = { ...body, phone };
    const fingerprint = linkPaymentFingerprint(deps, input, 'nequi', { variant: 'push' });
    const tx = (await repeatedPayment(deps, input, fingerprint)) ?? (await recordPayment(deps, await checkLinkPayment(deps, body, 'nequi', guestServiceIdOf(c)), input, {
      method: 'nequi', status: -1, auth_status: 'PENDING', message_key: 'pending', details: { kind: 'push', outcome: nequiOutcome(phone) },
      expires_at: new Date(Date.now() + deps.payerWindows.nequiMs),
    }, c.get('lang'), fingerprint));
    return reply(c, nequiAnswer(tx));
  };
  app.post('/nequi/push', push);
  app.post('/nequi/request', push);
  // SPEC 7 "GET generate QR (action, code, amount, taxAmount)"; the payer scans it and /sandbox/nequi settles it.
  app.get('/nequi/qr', async (c) => {
    const q = c.req.query();
    const body = parseOr400(QrQuerySchema, { ...q, amount: q['amount'] ? Number(q['amount']) : undefined, taxAmount: q['taxAmount'] ? Number(q['taxAmount']) : undefined });
    const fingerprint = linkPaymentFingerprint(deps, body, 'nequi', { variant: 'qr' });
    const tx = (await repeatedPayment(deps, body, fingerprint)) ?? (await recordPayment(deps, await checkLinkPayment(deps, body, 'nequi', guestServiceIdOf(c)), body, {
      method: 'nequi', status: -1, auth_status: 'PENDING', message_key: 'pending', details: { kind: 'qr' }, expires_at: new Date(Date.now() + deps.payerWindows.nequiMs),
    }, c.get('lang'), fingerprint));
    const qrValue = `nequi://sandbox/pay?oper=${tx.cod_oper}&amount=${centsToAmount(tx.amount_cents + tx.tax_cents)}`;
    await deps.db.query("update transactions set details = details || $2::jsonb where cod_oper = $1", [tx.cod_oper, JSON.stringify({ qrValue })]);
    return reply(c, { codOper: tx.cod_oper, status: -1, qrValue, expiresAt: tx.expires_at?.toISOString() ?? null });
  });
  // SPEC 7 "validate payment QR": the push test phones answer here on the first look.
  app.get('/nequi/payments/:codOper', async (c) => {
    let tx = await nequiPayment(c.req.param('codOper'));
    const answered = tx.details['outcome'];
    if (tx.status === -1 && (answered === 'approved' || answered === 'declined')) {
      tx = (await settlePayment(deps.db, tx.cod_oper, answered === 'approved'
        ? { status: 1, authStatus: 'APPROVED', messageKey: 'approved' }
        : { status: 0, authStatus: 'DECLINED', messageKey: 'generic' }))?.row ?? tx;
    } else if (tx.status === -1 && tx.expires_at && tx.expires_at.getTime() <= Date.now()) {
      // The payer never answered in the app within the window.
      tx = (await settlePayment(deps.db, tx.cod_oper, { status: 0, authStatus: 'EXPIRED', messageKey: 'generic' }))?.row ?? tx;
    }
    if (tx.auth_status === 'EXPIRED') throw new ApiError(410, 'waiting_time_over', 'The payer did not answer in Nequi in time');
    return reply(c, nequiAnswer(tx));
  });
  // The payer leaves the wait to pay another way: the push or QR can no longer be paid.
  app.post('/nequi/payments/:codOper/cancel', async (c) => reply(c, nequiFields(await cancelWaitingPayment(deps.db, await nequiPayment(c.req.param('codOper'))))));
  // SPEC 7 "load last code": the newest Nequi payment of a link.
  app.get('/nequi/last-code', async (c) => {
    const code = c.req.query('code') ?? '';
    const [tx] = await deps.db.query<TransactionRow>("select * from transactions where link_code = $1 and method = 'nequi' order by id desc limit 1", [code]);
    if (!tx) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    return reply(c, { codOper: tx.cod_oper, status: tx.status });
  });
  return app;
}
