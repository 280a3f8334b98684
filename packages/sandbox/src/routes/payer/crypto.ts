import { Hono } from 'hono';
import * as v from 'valibot';
import { CustomFieldValuesSchema, freeText, moneySchema, PaymentSecurityEntries, TrackIdSchema, centsToAmount, CRYPTO_PAYMENT_SUCCESS_STATUS } from '@pasarela/core';
import { originOf, type Deps } from '../../Deps';
import { guestServiceIdOf } from '../../auth/callerAuth';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { reply } from '../../http/reply';
import { cancelCryptoPayment, changeCryptoCoin, cryptoCoins, cryptoRefundOf, isCryptoCancelled, networksOf, startCryptoPayment } from '../../payments/cryptoPayment';
import { cryptoOverpaymentOfRow } from '../../payments/cryptoOverpayment';
import { LinkPaymentFields } from '../../payments/linkPayment';
import { parseOr400 } from '../../payments/validatePayload';
import { paidByOfRow } from '../../payments/settlePayment';
import { findTransaction, type TransactionRow } from '../../store/transactions';

const short = (max: number) => freeText(max, { tooLongMessage: 'missing_arguments' });
/** SPEC 3 "Crypto request". */
const CryptoRequestSchema = v.object({
  amountUSD: v.optional(moneySchema({ positive: true })),
  currency: short(10),
  network: short(10),
  cryptoNetwork: v.optional(short(40)),
  idMerchantService: v.optional(v.number('missing_arguments')),
  idMerchant: v.optional(v.number('missing_arguments')),
  email: LinkPaymentFields.email,
  phone: v.optional(short(30), ''),
  codeProcess: v.pipe(short(100), v.minLength(1, 'missing_arguments')),
  trackId: v.optional(TrackIdSchema),
  // The answers to the checkout's custom fields (SPEC 3), kept with the payment as a card's are.
  customFieldValues: v.optional(CustomFieldValuesSchema),
  ...PaymentSecurityEntries,
}, 'missing_arguments');
const CryptoUpdateSchema = v.object({ currency: short(10), network: short(10) }, 'missing_arguments');
/** Cancelling after coins arrived needs `confirmRefund: true`: the payer saw what will be refunded. */
const CryptoCancelSchema = v.object({ confirmRefund: v.optional(v.boolean('missing_arguments'), false) }, 'missing_arguments');

/** SPEC 3 "Crypto payment": status, the networks, the quote frozen for 10 minutes, where to pay. */
export async function cryptoAnswer(deps: Deps, tx: TransactionRow) {
  const d = tx.details;
  return {
    id: tx.cod_oper, codOper: tx.cod_oper, status: CRYPTO_PAYMENT_SUCCESS_STATUS, txStatus: tx.status,
    currency: d['currency'], network: d['network'], address: tx.reference, amountUSD: centsToAmount(tx.amount_cents + tx.tax_cents),
    amountCrypto: d['amountCrypto'], rate: d['rate'], rateExpiresAt: d['rateExpiresAt'], paidCrypto: d['paidCrypto'] ?? 0,
    underpaid: d['underpaid'] === true, cryptoNetwork: (await networksOf(deps, String(d['currency']))) ?? [],
    authStatus: tx.auth_status, cancelled: isCryptoCancelled(tx), refund: cryptoRefundOf(tx),
    // Called off because another payment paid the order: that one, which the page still waiting here shows instead.
    paidBy: paidByOfRow(tx),
    // Coins sent beyond the quote: the payer's, sent back to where they came from.
    overpayment: cryptoOverpaymentOfRow(tx),
    // Where the coins received came from, as the chain reported it: a refund goes back there.
    senderAddress: typeof d['senderAddress'] === 'string' ? d['senderAddress'] : null,
  };
}

export function cryptoRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const cryptoPayment = async (id: string): Promise<TransactionRow> => {
    const tx = await findTransaction(deps.db, id);
    if (!tx || tx.method !== 'crypto') throw new ApiError(404, 'REQUESTED_QR_FAILED');
    return tx;
  };
  app.get('/crypto/coins', async (c) => reply(c, { coins: await cryptoCoins(deps) }));
  app.get('/crypto/networks', async (c) => {
    const coin = c.req.query('coin') ?? '';
    const networks = await networksOf(deps, coin);
    if (!networks) throw new ApiError(404, 'SERVICE_UNAVAILABLE', 'coin is not offered');
    return reply(c, { coin, networks });
  });
  app.post('/crypto/payments', async (c) => {
    const body = parseOr400(CryptoRequestSchema, await readObjectBody(c));
    const tx = await startCryptoPayment(deps, {
      code: body.codeProcess, amount: body.amountUSD, email: body.email, phone: body.phone, trackId: body.trackId, captchaToken: body.captchaToken, customFieldValues: body.customFieldValues,
      currency: body.currency, network: body.network, anonymousUserServiceId: guestServiceIdOf(c), lang: c.get('lang'),
    });
    return reply(c, await cryptoAnswer(deps, tx));
  });
  app.put('/crypto/payments/:id', async (c) => {
    const body = parseOr400(CryptoUpdateSchema, await readObjectBody(c));
    return reply(c, await cryptoAnswer(deps, await changeCryptoCoin(deps, await cryptoPayment(c.req.param('id')), body.currency, body.network)));
  });
  // A read: the quote as recorded, also past its 10 minutes (the PUT renews it).
  app.get('/crypto/payments/:id', async (c) => reply(c, await cryptoAnswer(deps, await cryptoPayment(c.req.param('id')))));
  app.post('/crypto/payments/:id/cancel', async (c) => {
    const { confirmRefund } = parseOr400(CryptoCancelSchema, await readObjectBody(c));
    return reply(c, await cryptoAnswer(deps, await cancelCryptoPayment(deps, await cryptoPayment(c.req.param('id')), confirmRefund, c.get('lang'), originOf(deps, c.req.url))));
  });
  return app;
}
