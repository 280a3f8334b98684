import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { freeText, formatPanamaDate, formatPanamaTime, centsToAmount, displayStatusOf, recordedOutcomeOf, recordedPaymentResult } from '@pasarela/core';
import { originOf, type Deps } from '../../Deps';
import { guestServiceIdOf } from '../../auth/callerAuth';
import { ApiError } from '../../http/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { reply } from '../../http/reply';
import { LinkPaymentFields } from '../../payments/linkPayment';
import { issueVoucherPayment } from '../../payments/voucherPayment';
import { mailVoucher } from '../../payments/receiptMail';
import { parseOr400 } from '../../payments/validatePayload';
import { findMerchant } from '../../store/merchants';
import { findTransaction, type TransactionRow } from '../../store/transactions';

/** SPEC 7 pay-cash / cash-point body (cclw, amount, taxAmount, email, phone, concept, ...), plus the link code. */
const CashSchema = v.object({
  ...LinkPaymentFields,
  cclw: v.optional(v.pipe(freeText(60, { tooLongMessage: 'missing_arguments' }))),
}, 'missing_arguments');

/** SPEC 4 cash (core's table): an unpaid voucher past its 24 hours reads as lapsed until the reconciler records it. */
export function asOfNow(tx: TransactionRow): TransactionRow {
  const lapsed = displayStatusOf('cash', tx.status) === 'pending' && tx.expires_at !== null && tx.expires_at.getTime() <= Date.now();
  if (!lapsed) return tx;
  const expired = recordedOutcomeOf('cash', 'expired');
  return { ...tx, status: expired.status, auth_status: expired.authStatus };
}

/** A voucher's overall result, SPEC 4's cash table read with its auth status (core's recordedPaymentResult). */
export function voucherResult(tx: TransactionRow) {
  return recordedPaymentResult({ method: tx.method, status: tx.status, authStatus: tx.auth_status });
}

/** SPEC 3 "Cash result": totalAmount, stringDate, stringHour, type, Oper, user, status, message. */
export function cashResultOf(tx: TransactionRow) {
  const result = voucherResult(tx);
  return {
    totalAmount: centsToAmount(tx.amount_cents + tx.tax_cents),
    stringDate: formatPanamaDate(tx.created_at),
    stringHour: formatPanamaTime(tx.created_at),
    type: tx.details['network'],
    Oper: tx.cod_oper,
    user: tx.email,
    status: tx.status,
    message: result === 'APPROVED' ? 'paid' : result === 'PENDING' ? 'pending' : 'declined',
    reference: tx.reference,
    expiresAt: tx.expires_at?.toISOString() ?? null,
  };
}

export function cashRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const issue = (network: 'PAYCASH' | 'PC') => async (c: Context<AppEnv>) => {
    const body = parseOr400(CashSchema, await readObjectBody(c));
    const { row: tx, fresh } = await issueVoucherPayment(deps, { ...body, network, anonymousUserServiceId: guestServiceIdOf(c), lang: c.get('lang') });
    // The payer's copy of a new voucher (a repeated click gets the same voucher, not a second e-mail).
    if (fresh) await mailVoucher(deps.db, tx, (await findMerchant(deps.db, tx.merchant_id))?.name ?? '', originOf(deps, c.req.url));
    const result = cashResultOf(tx);
    // SPEC 4: a pay-cash result code starting with 1 is success; a cash-point text is "1|<codOper>".
    return reply(c, network === 'PAYCASH' ? { ...result, resultCode: '100' } : { ...result, result: `1|${tx.cod_oper}` });
  };
  app.post('/cash/pay-cash', issue('PAYCASH'));
  app.post('/cash/registration', issue('PAYCASH'));
  app.post('/cash/cash-point', issue('PC'));
  app.get('/cash/payments/:codOper', async (c) => {
    const tx = await findTransaction(deps.db, c.req.param('codOper'));
    if (!tx || tx.method !== 'cash') throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    return reply(c, cashResultOf(asOfNow(tx)));
  });
  return app;
}
