import { CHANNEL, centsToAmount, cryptoAmountText, cryptoCoinChangeRefusal, cryptoQuoteHolds, cryptoRefundOnCancel, nextOverpaymentSend, type CryptoRefund, type Language } from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall, gatewayRead } from '../gateways/GatewayCall';
import { PaymentError } from '../errors/PaymentError';
import { refundMail } from '../mail/templates';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { updateQuote } from '../store/transactionUpdates';
import { markRefundSent, recordRefundPartSent } from '../store/cryptoRefunds';
import { cryptoReceivedOf, cryptoRefundOf, depositKeyFor, depositKeyOf, formerDepositOf, strayDepositsOf } from './cryptoReceived';
import { cryptoOverpaymentOfRow, returnCryptoOverpayment } from './cryptoOverpayment';
import { quoteDetails, readCrypto } from './cryptoQuote';
import { callInDoubt, forgetIfNotSent, IN_DOUBT, refuseIfOtherProcessor } from './inDoubt';
import { checkLinkPayment, linkPaymentFingerprint, recordPayment, repeatedPayment, type LinkPaymentInput } from './linkPayment';
import { sendMerchantMail } from './merchantMail';
import { cancelledOutcome, settlePayment } from './settlePayment';

/** core's ENDED_UNPAID_AUTH_STATUSES counts it as declined. */
export const CRYPTO_CANCELLED = 'CANCELLED';

export const isCryptoCancelled = (tx: TransactionRow) => tx.auth_status === CRYPTO_CANCELLED;


const coinsOf = (deps: Pick<Deps, 'gateways'>) => readCrypto(() => deps.gateways.crypto.coins(gatewayRead()));

export const cryptoCoins = async (deps: Pick<Deps, 'gateways'>) => (await coinsOf(deps)).map(({ label, value }) => ({ label, value }));

export const networksOf = async (deps: Pick<Deps, 'gateways'>, coin: string) => (await coinsOf(deps)).find((c) => c.value === coin)?.networks;

async function checkCoin(deps: Pick<Deps, 'gateways'>, currency: string, network: string): Promise<void> {
  if (!(await networksOf(deps, currency))?.some((n) => n.network === network)) throw new PaymentError('invalid', 'missing_arguments', 'currency/network is not offered');
}


export { cryptoRefundOf };

/** The payer's e-mail (the dev mailbox here) saying what comes back, and where. */
export async function mailRefund(deps: Pick<Deps, 'db'>, tx: TransactionRow, refund: CryptoRefund, lang: Language, origin: string): Promise<void> {
  if (!tx.email) return;
  await sendMerchantMail(deps.db, { to: tx.email, kind: 'refund', merchantId: tx.merchant_id, lang, origin }, (merchant) => refundMail({
    lang, origin, codOper: tx.cod_oper, merchant, amount: `${cryptoAmountText(refund.amount)} ${refund.coin}`, network: refund.network, to: refund.to,
  }));
}

export interface CryptoPaymentInput extends Omit<LinkPaymentInput, 'concept' | 'description' | 'txChannel'> {
  currency: string;
  network: string;
  anonymousUserServiceId: number | undefined;
  lang: Language;
}

/** SPEC 7 "POST crypto payment": recorded in doubt, then the processor's address asked under the attempt's key; coins arrive later as an event. */
export async function startCryptoPayment(deps: Deps, input: CryptoPaymentInput): Promise<TransactionRow> {
  const link = { ...input, concept: '', description: '', txChannel: CHANNEL.widget };
  const fingerprint = linkPaymentFingerprint(link, 'crypto');
  // A repeat is answered before the link's checks (docs/spec-decisions.md "A trackId is one charge").
  const earlier = await repeatedPayment(deps, link, fingerprint);
  const { row: attempt, inserted } = earlier ? { row: earlier, inserted: false } : await firstCryptoAttempt(deps, input, link, fingerprint);
  if (attempt.auth_status !== IN_DOUBT.auth_status) return attempt;
  const currency = String(attempt.details['currency']);
  const network = String(attempt.details['network']);
  refuseIfOtherProcessor(deps, attempt, 'crypto processor');
  return callInDoubt('crypto processor', async () => {
    const { address } = await deps.gateways.crypto.address({ ...gatewayCall(depositKeyOf(attempt)), currency, network, amountCrypto: Number(attempt.details['amountCrypto']) });
    return (await settlePayment(deps, attempt.cod_oper, { status: 0, authStatus: 'PENDING', messageKey: 'pending', reference: address }))?.row ?? attempt;
  }, forgetIfNotSent(deps, attempt.cod_oper, { recorded: inserted ? 'this_request_attempt' : 'earlier_attempt', payerWaiting: true }));
}

async function firstCryptoAttempt(deps: Deps, input: CryptoPaymentInput, link: LinkPaymentInput, fingerprint: string): Promise<{ row: TransactionRow; inserted: boolean }> {
  await checkCoin(deps, input.currency, input.network);
  const checked = await checkLinkPayment(deps, link, 'crypto', input.anonymousUserServiceId);
  const details = await quoteDetails(deps, input.currency, input.network, centsToAmount(checked.amountCents + checked.taxCents));
  return recordPayment(deps, checked, link, { method: 'crypto', ...IN_DOUBT, details }, input.lang, fingerprint);
}

/** Why a payment takes no new coin or network now (core cryptoCoinChangeRefusal), else undefined. */
function changeRefusal(tx: TransactionRow, currency: string, network: string): PaymentError | undefined {
  const received = cryptoReceivedOf(tx);
  const refusal = cryptoCoinChangeRefusal({ cancelled: isCryptoCancelled(tx), paid: tx.status === 1, received }, currency, network);
  // A cancelled payment takes no new coin: the widget drops it and starts a new one.
  if (refusal === 'cancelled') return new PaymentError('not_found', 'REQUESTED_QR_FAILED');
  if (refusal === 'paid') return new PaymentError('conflict', 'request_already_paid');
  if (refusal === 'coins_received') {
    return new PaymentError('conflict', 'coins_received', `${received.paidCrypto} ${received.currency} arrived on ${received.network}: the payment keeps that coin and network (cancel it to have them refunded)`);
  }
  return undefined;
}

/**
 * The key of the address a coin and network moves to: its own (depositKeyFor), or, once coins a payer
 * sent there while the payment was on another coin are recorded as the payer's (strayDeposits), one
 * after it, so those coins are never counted as the payment's when it moves back.
 */
function depositKeyTo(tx: TransactionRow, currency: string, network: string): string {
  const withStrayCoins = new Set(strayDepositsOf(tx).map(({ address }) => formerDepositOf(tx, address)?.depositKey));
  let key = depositKeyFor(tx.cod_oper, currency, network);
  for (let n = 2; withStrayCoins.has(key); n += 1) key = `${depositKeyFor(tx.cod_oper, currency, network)}.${n}`;
  return key;
}

/**
 * SPEC 7 "PUT to update": the same coin keeps its quote while frozen and is quoted anew (keeping what
 * arrived) once expired; another network is another address, and another coin or network is refused
 * once coins arrived. Reading a payment never renews a quote.
 */
export async function changeCryptoCoin(deps: Deps, tx: TransactionRow, currency: string, network: string): Promise<TransactionRow> {
  await checkCoin(deps, currency, network);
  const refused = changeRefusal(tx, currency, network);
  if (refused) throw refused;
  const sameCoin = tx.details['currency'] === currency;
  const frozen = sameCoin && cryptoQuoteHolds(tx.details['rateExpiresAt'], Date.now());
  const quote = frozen ? { currency, network } : await quoteDetails(deps, currency, network, centsToAmount(tx.amount_cents + tx.tax_cents));
  const amountCrypto = Number('amountCrypto' in quote ? quote.amountCrypto : tx.details['amountCrypto']);
  // Another coin or network is another address, under a key of its own kept with the payment: every
  // later question about its deposit (status, refunds) goes there, never to the old coin's address.
  const samePair = sameCoin && tx.details['network'] === network;
  const depositKey = samePair ? depositKeyOf(tx) : depositKeyTo(tx, currency, network);
  const address = samePair ? tx.reference
    : (await deps.gateways.crypto.address({ ...gatewayCall(depositKey), currency, network, amountCrypto })).address;
  const updated = await updateQuote(deps.db, tx.cod_oper, samePair ? quote : { ...quote, depositKey }, address);
  if (updated) return updated;
  // Cancelled, paid or given coins since it was read: said as then.
  const now = await findTransaction(deps.db, tx.cod_oper);
  throw (now && changeRefusal(now, currency, network)) ?? new PaymentError('not_found', 'REQUESTED_QR_FAILED');
}

/**
 * The payer cancels. Coins received: only with confirmRefund, the refund owed recorded with the
 * cancellation on the locked row, so coins arriving at the same moment are counted.
 */
export async function cancelCryptoPayment(deps: Deps, tx: TransactionRow, confirmRefund: boolean, lang: Language, origin: string): Promise<TransactionRow> {
  if (isCryptoCancelled(tx)) return tx;
  let unconfirmed = false;
  const settled = await settlePayment(deps, tx.cod_oper, (row) => {
    if (cryptoRefundOnCancel(cryptoReceivedOf(row)) && !confirmRefund) {
      unconfirmed = true;
      return undefined;
    }
    return cancelledOutcome(row, 'payer');
  });
  if (unconfirmed) throw new PaymentError('conflict', 'refund_confirmation_required', 'Coins were received: cancelling refunds them, send confirmRefund: true');
  const row = settled?.row ?? tx;
  if (settled?.kind !== 'settled') {
    if (row.status === 1) throw new PaymentError('conflict', 'request_already_paid', 'The payment is complete: it can no longer be cancelled');
    return row;
  }
  const refund = cryptoRefundOf(row);
  if (refund) await mailRefund(deps, row, refund, lang, origin);
  return row;
}

/** Sent once, under the key of the address the coins reached; the merchant hears it by webhook. */
export async function sendCryptoRefund(deps: Deps, tx: TransactionRow, origin?: string): Promise<TransactionRow> {
  const refund = cryptoRefundOf(tx);
  // An approved payment owes back only the coins sent beyond its quote: asked again under its key.
  const over = cryptoOverpaymentOfRow(tx);
  if (!refund && over) {
    if (over.status === 'refunded') return tx;
    const returned = await returnCryptoOverpayment(deps, tx, origin);
    if (cryptoOverpaymentOfRow(returned)?.status !== 'refunded') throw new PaymentError('conflict', 'no_refund_owed', 'The processor did not send the coins paid beyond the quote back; ask again');
    return returned;
  }
  if (!refund) throw new PaymentError('conflict', 'no_refund_owed', 'This payment owes no refund');
  if (refund.status === 'refunded') return tx;
  // Coins that came after a part was sent back: only the rest goes, under a key of its own starting point.
  const send = nextOverpaymentSend(refund.amount, Number(tx.details['refundSent'] ?? 0), null);
  if (send) {
    const key = send.from > 0 ? `${tx.cod_oper}:refund:${cryptoAmountText(send.from)}` : `${tx.cod_oper}:refund`;
    const sent = await deps.gateways.crypto.refund({ ...gatewayCall(key), depositKey: depositKeyOf(tx), to: refund.to, amountCrypto: send.amount });
    if (sent !== 'refunded') throw new PaymentError('conflict', 'no_refund_owed', 'The processor holds nothing to refund for this payment');
    const marked = await markRefundSent(deps.db, tx.cod_oper, refund.amount);
    if (marked) return marked;
    // Coins came while it was sent: this part counted as gone back, the rest owed under a key of its own.
    await recordRefundPartSent(deps.db, tx.cod_oper, send.from, Number(cryptoAmountText(send.from + send.amount)));
    return (await findTransaction(deps.db, tx.cod_oper)) ?? tx;
  }
  return (await markRefundSent(deps.db, tx.cod_oper, refund.amount)) ?? (await findTransaction(deps.db, tx.cod_oper)) ?? tx;
}
