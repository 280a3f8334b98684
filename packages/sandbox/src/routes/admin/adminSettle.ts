import { randomBytes, randomInt } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { scopedMerchant } from '../../auth/adminAccess';
import * as v from 'valibot';
import { CURRENCY_RULES, amountToCents, centsToAmount, minorUnitsText, validationChargeRange, recordedLanguage } from '@pasarela/core';
import { originOf, type Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { parseOr400 } from '../../payments/validatePayload';
import { validateLink, validationMail } from '../../mail/templates';
import { sendMerchantMail } from '../../payments/merchantMail';
import { refuseIfPaidElsewhere, wasPaidElsewhere, type Settlement } from '../../payments/settlePayment';
import { receiveGatewayEvent } from '../../payments/receiveGatewayEvent';
import type { SandboxControls } from '@pasarela/gateways';
import { findCashVoucher, findTransaction, type TransactionRow } from '../../store/transactions';
import { asOfNow, cashResultOf, voucherResult } from '../../payments/cashResult';
import { cryptoAnswer } from '../payer/crypto';
import { cryptoRefundOf, CRYPTO_CANCELLED, mailRefund, sendCryptoRefund } from '../../payments/cryptoPayment';
import { depositKeyOf } from '../../payments/cryptoReceived';
import { findValidation, issueValidation } from '../../store/validations';
import { makeSubscriptionDue } from '../../store/catalog';
import { chargeIfDue } from '../../payments/chargeDueSubscription';

const ResultSchema = v.object({ result: v.picklist(['approve', 'fail'], 'result must be approve or fail') });
const CryptoConfirmSchema = v.object({
  amountPaid: v.optional(v.pipe(v.number('amountPaid must be a number'), v.minValue(0, 'amountPaid must not be negative'))),
  /** Where a refund would go; made up when absent. */
  fromAddress: v.optional(v.pipe(v.string('fromAddress must be a string'), v.regex(/^[A-Za-z0-9_]{8,100}$/, 'fromAddress must be 8 to 100 letters, digits or _'))),
});
const VALIDATION_TTL_MS = 24 * 60 * 60 * 1000;

async function txOr404(deps: Deps, codOper: string, method: string, merchantId: number | undefined): Promise<TransactionRow> {
  const tx = await findTransaction(deps.db, codOper);
  if (!tx || tx.method !== method || (merchantId !== undefined && tx.merchant_id !== merchantId)) throw new ApiError(404, 'PAYMENT_NOT_FOUND', `No ${method} payment ${codOper}`);
  return tx;
}

const paidElsewhere = (settled: Settlement | undefined): boolean =>
  settled?.kind === 'paid_elsewhere' || (settled?.kind === 'repeated' && wasPaidElsewhere(settled.row));

/** The same event arriving first as the simulator's notification is this call's doing: it answers what that did. */
function refuseUnsettled(settled: Settlement | undefined): void {
  if (settled?.kind === 'finished') throw new ApiError(409, 'already_settled', 'This payment has already finished');
  if (paidElsewhere(settled)) throw new ApiError(409, 'request_already_paid', 'Another payment paid this single-use link: this one was called off');
}

function sandboxOf(deps: Deps): SandboxControls {
  if (!deps.sandbox) throw new ApiError(404, 'not_found', 'This server runs real gateways: there is no simulated payer to settle with');
  return deps.sandbox;
}

/** The parts the sandbox cannot run: the payer's phone, the kiosk, the chain, the statement. */
export function adminSettleRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const payerAnswers = (method: 'nequi' | 'yappy') => async (c: Context<AppEnv>) => {
    const { result } = parseOr400(ResultSchema, await readObjectBody(c));
    const tx = await txOr404(deps, c.req.param('codOper') ?? '', method, scopedMerchant(c));
    refuseIfPaidElsewhere(tx);
    const answer = await sandboxOf(deps).push.payerAnswers(tx.cod_oper, result === 'approve');
    if (!answer) throw new ApiError(409, 'already_settled', 'This payment has already finished');
    const settled = await receiveGatewayEvent(deps, { id: `sim:push:${tx.cod_oper}:${answer.state}`, key: tx.cod_oper, kind: 'push', answer });
    refuseUnsettled(settled);
    return c.json({ codOper: tx.cod_oper, status: settled?.row.status });
  };
  app.post('/nequi/:codOper', payerAnswers('nequi'));
  app.post('/yappy/:codOper', payerAnswers('yappy'));
  app.post('/cash/:reference/pay', async (c) => {
    const ref = c.req.param('reference');
    const found = await findCashVoucher(deps.db, ref, scopedMerchant(c));
    if (!found) throw new ApiError(404, 'PAYMENT_NOT_FOUND', 'No cash voucher with that number');
    refuseIfPaidElsewhere(found);
    const tx = asOfNow(found);
    if (voucherResult(tx) === 'DECLINED') throw new ApiError(410, 'request_expired', 'The voucher lapsed after 24 hours');
    if (voucherResult(tx) === 'APPROVED') throw new ApiError(409, 'request_already_paid', 'The voucher is already paid');
    const voucher = await sandboxOf(deps).voucher.paidAtKiosk(tx.cod_oper);
    if (!voucher) throw new ApiError(409, 'request_already_paid', 'The voucher can no longer be paid');
    const settled = await receiveGatewayEvent(deps, { id: `sim:voucher:${tx.cod_oper}:paid`, key: tx.cod_oper, kind: 'voucher', voucher }, originOf(deps, c.req.url));
    if (settled?.kind === 'finished' && voucherResult(settled.row) === 'APPROVED') throw new ApiError(409, 'request_already_paid', 'The voucher is already paid');
    refuseUnsettled(settled);
    return c.json(cashResultOf(settled?.row ?? tx));
  });
  // amountPaid below the quote leaves it pending as under-paid.
  app.post('/crypto/:id/confirm', async (c) => {
    const { amountPaid, fromAddress } = parseOr400(CryptoConfirmSchema, await readObjectBody(c));
    const tx = await txOr404(deps, c.req.param('id'), 'crypto', scopedMerchant(c));
    // The address is closed once the payer cancelled.
    if (tx.auth_status === CRYPTO_CANCELLED) throw new ApiError(409, 'already_settled', 'The payer cancelled this payment');
    const paid = amountPaid ?? Number(tx.details['amountCrypto']);
    const network = String(tx.details['network']);
    const sender = fromAddress ?? (typeof tx.details['senderAddress'] === 'string' ? tx.details['senderAddress'] : `sbx${network.toLowerCase()}_payer_${randomBytes(12).toString('hex')}`);
    // At the payment's address now (its coin's), under the key the payment keeps; the event named after it.
    const depositKey = depositKeyOf(tx);
    const deposit = await sandboxOf(deps).crypto.chainConfirms(depositKey, paid, sender);
    if (!deposit) throw new ApiError(409, 'already_settled', 'No address of this payment waits on that network');
    const settled = await receiveGatewayEvent(deps, { id: `sim:crypto:${depositKey}:${paid}`, key: tx.cod_oper, kind: 'crypto', deposit }, originOf(deps, c.req.url));
    if ((settled?.kind === 'finished' || settled?.kind === 'repeated') && settled.row.auth_status === CRYPTO_CANCELLED) throw new ApiError(409, 'already_settled', 'The payer cancelled this payment');
    if (settled && paidElsewhere(settled)) {
      const refund = cryptoRefundOf(settled.row);
      if (refund) await mailRefund(deps, settled.row, refund, recordedLanguage(settled.row.lang), originOf(deps, c.req.url));
    }
    return c.json(await cryptoAnswer(deps, settled?.row ?? tx));
  });
  app.post('/crypto/:id/refund', async (c) => {
    const tx = await txOr404(deps, c.req.param('id'), 'crypto', scopedMerchant(c));
    return c.json(await cryptoAnswer(deps, await sendCryptoRefund(deps, tx, originOf(deps, c.req.url))));
  });
  app.post('/subscriptions/:key/due', async (c) => {
    const due = await makeSubscriptionDue(deps.db, c.req.param('key'), scopedMerchant(c));
    if (due.kind === 'unknown') throw new ApiError(404, 'error_to_load', 'key names no subscription');
    // Only a paid subscription has a card to charge and a charge to fall due.
    if (due.kind === 'not_active') throw new ApiError(409, 'subscription_not_active');
    if (due.kind === 'cancelled') throw new ApiError(409, 'subscription_cancelled');
    const sub = due.row;
    const tx = await chargeIfDue(deps, sub);
    return c.json({ subscriptionKey: sub.subscription_key, charged: tx ? { codOper: tx.cod_oper, amount: centsToAmount(tx.amount_cents), status: tx.status } : null });
  });
  app.post('/validations', async (c) => {
    const { codOper } = parseOr400(v.object({ codOper: v.string('codOper is required') }), await readObjectBody(c));
    const tx = await findTransaction(deps.db, codOper);
    const merchantId = scopedMerchant(c);
    if (!tx || (merchantId !== undefined && tx.merchant_id !== merchantId)) throw new ApiError(404, 'PAYMENT_NOT_FOUND', 'codOper names no payment');
    // In the payment's currency, in its steps: any cent of $1.00-$3.00, whole pesos of 1.000-3.000.
    const { min, max } = validationChargeRange(tx.currency);
    const step = CURRENCY_RULES[tx.currency].stepMinor;
    const cents = randomInt(amountToCents(min) / step, amountToCents(max) / step + 1) * step;
    await issueValidation(deps.db, codOper, cents, new Date(Date.now() + VALIDATION_TTL_MS));
    // The link is absolute (issue 21).
    const validateUrl = validateLink(originOf(deps, c.req.url), codOper);
    if (tx.email) {
      const [lang, origin] = [recordedLanguage(tx.lang), originOf(deps, c.req.url)];
      await sendMerchantMail(deps.db, { to: tx.email, kind: 'validation', merchantId: tx.merchant_id, lang, origin }, (merchant) => validationMail({ lang, origin, codOper, merchant }));
    }
    return c.json({ codOper, validateUrl }, 201);
  });
  app.get('/validations/:codOper', async (c) => {
    const row = await findValidation(deps.db, c.req.param('codOper'), scopedMerchant(c));
    if (!row) throw new ApiError(404, 'Invalid Code', 'No validation for that codOper');
    return c.json({ codOper: row.cod_oper, charge: centsToAmount(row.charge_cents), state: row.state, attempts: row.attempts, statementLine: `PASARELA*VERIFICA ${minorUnitsText(row.charge_cents, row.currency)} ${row.currency}` });
  });
  return app;
}
