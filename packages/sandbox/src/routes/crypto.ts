import { Hono } from 'hono';
import * as v from 'valibot';
import {
  freeText, moneySchema, PaymentSecurityEntries, centsToAmount, cryptoAmountText, cryptoRefundOnCancel, CryptoRefundSchema, CRYPTO_PAYMENT_SUCCESS_STATUS,
  CRYPTO_RATE_FROZEN_MS, CHANNEL,
  type CryptoRefund, type Language,
} from '@pasarela/core';
import { originOf, type Deps } from '../Deps';
import { guestServiceIdOf } from '../auth/callerAuth';
import { ApiError } from '../http/ApiError';
import type { AppEnv } from '../http/AppEnv';
import { readObjectBody } from '../http/readBody';
import { reply } from '../http/reply';
import { gatewayCall } from '../gateways/GatewayCall';
import { IN_DOUBT } from '../payments/inDoubt';
import { settlePayment } from '../payments/settlePayment';
import { checkLinkPayment, recordPayment } from '../payments/linkPayment';
import { parseOr400 } from '../payments/validatePayload';
import { cryptoReceivedOf, depositKeyOf } from '../payments/cryptoReceived';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { findMerchant } from '../store/merchants';
import { refundMail } from '../mail/templates';
import { sendMail } from '../store/mailbox';

const short = (max: number) => freeText(max, { tooLongMessage: 'missing_arguments' });
/** SPEC 3 "Crypto request". */
const CryptoRequestSchema = v.object({
  amountUSD: v.optional(moneySchema({ positive: true })),
  currency: short(10),
  network: short(10),
  cryptoNetwork: v.optional(short(40)),
  idMerchantService: v.optional(v.number('missing_arguments')),
  idMerchant: v.optional(v.number('missing_arguments')),
  email: v.optional(short(254), ''),
  phone: v.optional(short(30), ''),
  codeProcess: v.pipe(short(100), v.minLength(1, 'missing_arguments')),
  trackId: v.optional(short(64)),
  ...PaymentSecurityEntries,
}, 'missing_arguments');
const CryptoUpdateSchema = v.object({ currency: short(10), network: short(10) }, 'missing_arguments');
/** Cancelling after coins arrived needs `confirmRefund: true`: the payer saw what will be refunded. */
const CryptoCancelSchema = v.object({ confirmRefund: v.optional(v.boolean('missing_arguments'), false) }, 'missing_arguments');

/** The auth status of a crypto payment the payer cancelled (core's ENDED_UNPAID_AUTH_STATUSES: declined). */
export const CRYPTO_CANCELLED = 'CANCELLED';
/** The reason recorded (and shown in the payer's language): a refund is owed, or nothing had arrived. */
const CANCEL_KEYS = { refund: 'crypto_refund_pending', nothing: 'crypto_cancelled' } as const;

const isCancelled = (tx: TransactionRow) => tx.auth_status === CRYPTO_CANCELLED;


const networksOf = (deps: Deps, coin: string) => deps.gateways.crypto.coins().find((c) => c.value === coin)?.networks;


/** The refund a cancelled payment owes (or sent), as recorded in its details. */
export function cryptoRefundOf(tx: TransactionRow): CryptoRefund | null {
  const parsed = v.safeParse(CryptoRefundSchema, tx.details['refund']);
  return parsed.success ? parsed.output : null;
}

function checkCoin(deps: Deps, currency: string, network: string) {
  if (!networksOf(deps, currency)?.some((n) => n.network === network)) throw new ApiError(400, 'missing_arguments', 'currency/network is not offered');
}

/** SPEC 3 "Crypto payment": status, the networks, the quote frozen for 10 minutes, where to pay. */
export function cryptoAnswer(deps: Deps, tx: TransactionRow) {
  const d = tx.details;
  return {
    id: tx.cod_oper, codOper: tx.cod_oper, status: CRYPTO_PAYMENT_SUCCESS_STATUS, txStatus: tx.status,
    currency: d['currency'], network: d['network'], address: tx.reference, amountUSD: centsToAmount(tx.amount_cents + tx.tax_cents),
    amountCrypto: d['amountCrypto'], rate: d['rate'], rateExpiresAt: d['rateExpiresAt'], paidCrypto: d['paidCrypto'] ?? 0,
    underpaid: d['underpaid'] === true, cryptoNetwork: networksOf(deps, String(d['currency'])) ?? [],
    authStatus: tx.auth_status, cancelled: isCancelled(tx), refund: cryptoRefundOf(tx),
    // Where the coins received came from, as the chain reported it: a refund goes back there.
    senderAddress: typeof d['senderAddress'] === 'string' ? d['senderAddress'] : null,
  };
}

/** The payer's e-mail (the dev mailbox here): the payment was cancelled and this is what comes back, and where. */
export async function mailRefund(deps: Deps, tx: TransactionRow, refund: CryptoRefund, lang: Language, origin: string): Promise<void> {
  if (!tx.email) return;
  const merchant = (await findMerchant(deps.db, tx.merchant_id))?.name ?? '';
  const mail = refundMail({ lang, origin, codOper: tx.cod_oper, merchant, amount: `${cryptoAmountText(refund.amount)} ${refund.coin}`, network: refund.network, to: refund.to });
  await sendMail(deps.db, { to: tx.email, kind: 'receipt', merchantId: tx.merchant_id, ...mail });
}

/** Where the payer sends the coin: an address on the chosen network. */
function quoteDetails(deps: Deps, currency: string, network: string, amountUsd: number) {
  const q = deps.gateways.crypto.quote(currency, amountUsd);
  if (!q) throw new ApiError(400, 'missing_arguments', 'currency is not offered');
  return { currency, network, ...q, rateExpiresAt: new Date(Date.now() + CRYPTO_RATE_FROZEN_MS).toISOString() };
}

export function cryptoRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/crypto/coins', (c) => reply(c, { coins: deps.gateways.crypto.coins().map(({ label, value }) => ({ label, value })) }));
  app.get('/crypto/networks', (c) => {
    const coin = c.req.query('coin') ?? '';
    const networks = networksOf(deps, coin);
    if (!networks) throw new ApiError(404, 'SERVICE_UNAVAILABLE', 'coin is not offered');
    return reply(c, { coin, networks });
  });
  app.post('/crypto/payments', async (c) => {
    const body = parseOr400(CryptoRequestSchema, await readObjectBody(c));
    checkCoin(deps, body.currency, body.network);
    const input = { code: body.codeProcess, amount: body.amountUSD, email: body.email, phone: body.phone, concept: '', description: '', txChannel: CHANNEL.widget, trackId: body.trackId, captchaToken: body.captchaToken };
    const checked = await checkLinkPayment(deps, input, 'crypto', guestServiceIdOf(c));
    const details = quoteDetails(deps, body.currency, body.network, centsToAmount(checked.amountCents + checked.taxCents));
    // The attempt first; then the processor's address for it, under the attempt's key and network.
    const attempt = await recordPayment(deps, checked, input, { method: 'crypto', ...IN_DOUBT, details }, c.get('lang'));
    if (attempt.auth_status !== IN_DOUBT.auth_status) return reply(c, cryptoAnswer(deps, attempt));
    const { address } = await deps.gateways.crypto.address({ ...gatewayCall(depositKeyOf(attempt.cod_oper, body.network)), currency: body.currency, network: body.network, amountCrypto: details.amountCrypto });
    const settled = await settlePayment(deps, attempt.cod_oper, { status: 0, authStatus: 'PENDING', messageKey: 'pending', reference: address });
    return reply(c, cryptoAnswer(deps, settled?.row ?? attempt));
  });
  // Changing coin or network re-quotes; the same coin keeps its quote while it is frozen.
  app.put('/crypto/payments/:id', async (c) => {
    const body = parseOr400(CryptoUpdateSchema, await readObjectBody(c));
    checkCoin(deps, body.currency, body.network);
    const tx = await findTransaction(deps.db, c.req.param('id'));
    // A cancelled payment takes no new coin: the widget drops it and starts a new one.
    if (!tx || tx.method !== 'crypto' || isCancelled(tx)) throw new ApiError(404, 'REQUESTED_QR_FAILED');
    if (tx.status === 1) throw new ApiError(409, 'request_already_paid');
    const frozen = tx.details['currency'] === body.currency && Date.parse(String(tx.details['rateExpiresAt'])) > Date.now();
    const details = frozen ? { ...tx.details, network: body.network } : quoteDetails(deps, body.currency, body.network, centsToAmount(tx.amount_cents + tx.tax_cents));
    // Another network is another chain: the payer gets an address on it.
    const address = tx.details['network'] === body.network ? tx.reference
      : (await deps.gateways.crypto.address({ ...gatewayCall(depositKeyOf(tx.cod_oper, body.network)), currency: body.currency, network: body.network, amountCrypto: Number((details as Record<string, unknown>)['amountCrypto']) })).address;
    const [row] = await deps.db.query<TransactionRow>(
      'update transactions set details = $2, reference = $3, updated_at = now() where cod_oper = $1 returning *',
      [tx.cod_oper, JSON.stringify(details), address],
    );
    return reply(c, cryptoAnswer(deps, row ?? tx));
  });
  app.get('/crypto/payments/:id', async (c) => {
    const tx = await findTransaction(deps.db, c.req.param('id'));
    if (!tx || tx.method !== 'crypto') throw new ApiError(404, 'REQUESTED_QR_FAILED');
    // SPEC 9 "Crypto rate frozen 10 minutes": an unpaid payment past its quote gets a fresh one.
    if (tx.status !== 1 && !isCancelled(tx) && Date.parse(String(tx.details['rateExpiresAt'])) <= Date.now()) {
      const details = { ...tx.details, ...quoteDetails(deps, String(tx.details['currency']), String(tx.details['network']), centsToAmount(tx.amount_cents + tx.tax_cents)) };
      const [row] = await deps.db.query<TransactionRow>('update transactions set details = $2, updated_at = now() where cod_oper = $1 returning *', [tx.cod_oper, JSON.stringify(details)]);
      return reply(c, cryptoAnswer(deps, row ?? tx));
    }
    return reply(c, cryptoAnswer(deps, tx));
  });
  // The payer cancels. Nothing received: the payment simply ends. Coins received (an under-payment):
  // only with confirmRefund, and the refund owed is recorded with the cancellation, so the receipt,
  // the merchant's webhook and verify call, and the console all say what goes back to the payer.
  app.post('/crypto/payments/:id/cancel', async (c) => {
    const { confirmRefund } = parseOr400(CryptoCancelSchema, await readObjectBody(c));
    for (let tries = 0; tries < 3; tries++) {
      const tx = await findTransaction(deps.db, c.req.param('id'));
      if (!tx || tx.method !== 'crypto') throw new ApiError(404, 'REQUESTED_QR_FAILED');
      // Asked twice (a double click, a resend): the same cancellation.
      if (isCancelled(tx)) return reply(c, cryptoAnswer(deps, tx));
      if (tx.status === 1) throw new ApiError(409, 'request_already_paid', 'The payment is complete: it can no longer be cancelled');
      const refund = cryptoRefundOnCancel(cryptoReceivedOf(tx));
      if (refund && !confirmRefund) throw new ApiError(409, 'refund_confirmation_required', 'Coins were received: cancelling refunds them, send confirmRefund: true');
      const details = { ...tx.details, cancelledAt: new Date().toISOString(), ...(refund ? { refund } : {}) };
      // Only if nothing arrived meanwhile (the chain's confirm changes paidCrypto or the status): else look again.
      const paidBefore = tx.details['paidCrypto'];
      const [row] = await deps.db.query<TransactionRow>(
        `update transactions set status = 0, auth_status = $2, message_key = $3, details = $4, updated_at = now()
          where cod_oper = $1 and status <> 1 and auth_status <> $2 and (details -> 'paidCrypto') is not distinct from $5::jsonb returning *`,
        [tx.cod_oper, CRYPTO_CANCELLED, refund ? CANCEL_KEYS.refund : CANCEL_KEYS.nothing, JSON.stringify(details), paidBefore === undefined ? null : JSON.stringify(paidBefore)],
      );
      if (!row) continue;
      if (refund) await mailRefund(deps, row, refund, c.get('lang'), originOf(deps, c.req.url));
      return reply(c, cryptoAnswer(deps, row));
    }
    throw new ApiError(409, 'payment_error_try_again', 'The payment changed while cancelling');
  });
  return app;
}
