import { CANCELLED_AUTH_STATUS, cancelledStatusOf, cancelReasonOf, centsToAmount, cryptoOverpaymentOf, cryptoPaidInFull, cryptoQuoteHolds, cryptoOwedToPayer, cryptoRefundOnCancel, recordedOutcomeOf, recordedPaymentResult, subscriptionActivatedBy, type CancelReason, type MethodPrice, recordedLanguage } from '@pasarela/core';
import { activateSubscription } from '../store/catalog';
import type { Queryable } from '../db/Database';
import { depositDetailsOf, type AttemptEvent } from './gatewayOutcomes';
import type { Deps } from '../Deps';
import { giveBack, moneyTakenOf, withdrawAtGateway } from './withdrawAtGateway';
import { tellPagesLeftTheOrderIsPaid } from './pageGone';
import { PaymentError } from '../errors/PaymentError';
import { claimSingleUseLink, findPaymentOfLink } from '../store/links';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { lockForOutcome, lockOtherOpenAttempts, recordCoinsAfterApproval, recordGatewayEvent, recordMoneyTaken, rowWithOutcome, writeLockedOutcome, writeOutcome, writeRecordedOutcome, type OwedToPayer, type PaymentOutcome } from '../store/transactionUpdates';
import { cryptoReceivedOf, cryptoRefundOf, formerDepositOf } from './cryptoReceived';
import { recordStrayCoins, returnStrayDeposits } from './cryptoStrayDeposits';
import { recordCoinsAfterCancellation } from '../store/cryptoRefunds';
import { quoteDetails } from './cryptoQuote';
import { announceAdminChange, announceTransaction } from '../changes/announcements';
import type { SettledMail } from './receiptMail';

export type Settlement =
  | { kind: 'settled'; row: TransactionRow }
  /** It had ended before (another answer, the payer, a sweep): nothing changed. */
  | { kind: 'finished'; row: TransactionRow }
  /** This very event was recorded before (its notification came first): nothing changed. */
  | { kind: 'repeated'; row: TransactionRow }
  /** It would have paid a single-use link another payment paid: called off instead. */
  | { kind: 'paid_elsewhere'; row: TransactionRow };

const resultOf = (row: Pick<TransactionRow, 'method' | 'status' | 'auth_status'>) =>
  recordedPaymentResult({ method: row.method, status: row.status, authStatus: row.auth_status });

const approves = (row: Pick<TransactionRow, 'method'>, outcome: PaymentOutcome) =>
  recordedPaymentResult({ method: row.method, status: outcome.status, authStatus: outcome.authStatus }) === 'APPROVED';


/** A waiting payment called off; crypto coins that arrived are owed back (details.refund, details.owedToPayer). */
/** `paidBy`: the payment that paid the link, which the payer left waiting here is shown instead. */
export function cancelledOutcome(row: TransactionRow, reason: CancelReason, paidBy?: Pick<TransactionRow, 'cod_oper' | 'method'>): PaymentOutcome {
  const refund = row.method === 'crypto' ? cryptoRefundOnCancel(cryptoReceivedOf(row)) : null;
  const messageKey = refund ? 'crypto_refund_pending' : row.method === 'crypto' ? 'crypto_cancelled' : 'cancelled';
  return {
    status: cancelledStatusOf(row.method), authStatus: CANCELLED_AUTH_STATUS, messageKey,
    details: {
      cancelledAt: new Date().toISOString(), cancelReason: reason,
      ...(paidBy ? { paidBy: paidBy.cod_oper, paidWith: paidBy.method } : {}),
      ...(refund ? { refund, ...cryptoOwedOf(row) } : {}),
    },
  };
}

/**
 * Coins received for a payment called off, owed back: what they were worth at the payment's quote, at
 * most its amount, as core's cryptoOwedToPayer says (none sent back yet: it is called off now). Worth
 * under a cent: no money owed beside the coins (no owedToPayer of 0).
 */
function cryptoOwedOf(row: TransactionRow): { owedToPayer?: OwedToPayer } {
  const coins = { paidCrypto: cryptoReceivedOf(row).paidCrypto, sentCrypto: 0, rate: Number(row.details['rate']), orderCents: row.amount_cents + row.tax_cents };
  const owed = cryptoOwedToPayer(coins, undefined);
  return owed === null || owed === 'keep' ? {} : { owedToPayer: { amountCents: owed.amountCents, state: 'owed', takenAt: new Date().toISOString() } };
}

/** Whether an answer says the gateway took the payer's money: it pays, or coins reached the address (an under-payment too). */
function tookMoney(row: TransactionRow, outcome: PaymentOutcome): boolean {
  if (approves(row, outcome)) return true;
  return row.method === 'crypto' && Number(outcome.details?.['paidCrypto'] ?? 0) > Number(row.details['paidCrypto'] ?? 0);
}

/** A late answer that took money on a payment already called off: recorded, to be given back or owed. */
function moneyTakenDetails(row: TransactionRow, outcome: PaymentOutcome): { details: Record<string, unknown>; messageKey?: string } {
  const arrived = { ...row, details: { ...row.details, ...depositDetailsOf(outcome) } };
  if (row.method === 'crypto') {
    const refund = cryptoRefundOnCancel(cryptoReceivedOf(arrived));
    // What went back before these coins came (a refund already sent), counted on from: only the rest is sent next.
    const before = cryptoRefundOf(row);
    const refundSent = before?.status === 'refunded' ? before.amount : Number(row.details['refundSent'] ?? 0);
    return {
      // The money owed with it is counted on the locked row as it is written (recordCoinsAfterCancellation).
      details: { ...depositDetailsOf(outcome), ...(refund ? { refund, refundSent } : {}) },
      messageKey: refund ? 'crypto_refund_pending' : undefined,
    };
  }
  return { details: { ...outcome.details, owedToPayer: moneyTakenOf(row) } };
}

/** What arrived at an approved crypto payment since, and the overpayment it makes (undefined: nothing new). */
function coinsAfterApproval(row: TransactionRow, outcome: PaymentOutcome): Record<string, unknown> | undefined {
  if (row.method !== 'crypto' || resultOf(row) !== 'APPROVED') return undefined;
  const paidCrypto = Number(outcome.details?.['paidCrypto'] ?? 0);
  if (!(paidCrypto > cryptoReceivedOf(row).paidCrypto)) return undefined;
  const sender = outcome.details?.['senderAddress'];
  const arrived = { ...cryptoReceivedOf(row), paidCrypto, senderAddress: typeof sender === 'string' ? sender : cryptoReceivedOf(row).senderAddress };
  const overpayment = cryptoOverpaymentOf(arrived, Number(row.details['amountCrypto']));
  return { paidCrypto, ...(overpayment ? { overpayment } : {}) };
}

/**
 * A deposit on a waiting crypto payment ends it by core's one rule (cryptoPaidInFull, whole smallest
 * units against the quote), the rule the payer's "still to send" follows: paid in full, or under-paid.
 */
function cryptoDepositByRule(row: TransactionRow, outcome: PaymentOutcome, quoteNow: CryptoQuoteNow | undefined): PaymentOutcome {
  const paid = outcome.details?.['paidCrypto'];
  if (row.method !== 'crypto' || typeof paid !== 'number') return outcome;
  // SPEC 4 "The exchange rate is frozen for 10 minutes" (core cryptoQuoteHolds): coins arriving after it
  // are counted at the coin's quote on arrival, which the payment then holds (frozen anew), never at the old one.
  const requoted = quoteNow && quoteNow.currency === row.details['currency'] && !cryptoQuoteHolds(row.details['rateExpiresAt'], Date.now()) ? quoteNow : undefined;
  const quoted = Number(requoted ? requoted.amountCrypto : row.details['amountCrypto']);
  const full = cryptoPaidInFull(quoted, paid);
  const sender = outcome.details?.['senderAddress'];
  const overpayment = full ? cryptoOverpaymentOf({ ...cryptoReceivedOf(row), paidCrypto: paid, senderAddress: typeof sender === 'string' ? sender : null }, quoted) : null;
  const { overpayment: _byEvent, ...details } = outcome.details ?? {};
  return {
    ...outcome, ...recordedOutcomeOf('crypto', full ? 'paid' : 'underpaid'),
    details: { ...details, ...(requoted ? { amountCrypto: requoted.amountCrypto, rate: requoted.rate, rateExpiresAt: requoted.rateExpiresAt } : {}), underpaid: !full, ...(overpayment ? { overpayment } : {}) },
  };
}

type CryptoQuoteNow = Awaited<ReturnType<typeof quoteDetails>>;

/**
 * For a deposit on a waiting crypto payment whose frozen rate ran out: the coin's quote now (read
 * before the payment is locked, as no processor is asked under a lock). Undefined when its quote holds.
 */
async function quoteOnArrival(deps: Pick<Deps, 'db' | 'gateways'>, codOper: string, outcomeFor: OutcomeFor, event: AttemptEvent | undefined): Promise<CryptoQuoteNow | undefined> {
  const deposit = event?.kind === 'crypto' || (typeof outcomeFor !== 'function' && typeof outcomeFor.details?.['paidCrypto'] === 'number');
  if (!deposit) return undefined;
  const row = await findTransaction(deps.db, codOper);
  if (!row || row.method !== 'crypto' || resultOf(row) !== 'PENDING' || cryptoQuoteHolds(row.details['rateExpiresAt'], Date.now())) return undefined;
  // Coins at another address than the payment's are never its coin's (cryptoOutcomeOf): nothing to quote.
  if (event?.kind === 'crypto' && row.reference && event.deposit.address !== row.reference) return undefined;
  return quoteDetails(deps, String(row.details['currency']), String(row.details['network']), centsToAmount(row.amount_cents + row.tax_cents));
}

/** The gateway took an attempt Pasarela called off meanwhile: the caller withdraws it there. */
export function calledOffMeanwhile(settled: Settlement | undefined): TransactionRow | undefined {
  const calledOff = settled?.kind === 'paid_elsewhere' || (settled?.kind === 'finished' && settled.row.auth_status === CANCELLED_AUTH_STATUS);
  return calledOff ? settled.row : undefined;
}

const cancelReasonOfRow = (row: TransactionRow) => cancelReasonOf({ authStatus: row.auth_status, details: row.details });

export const wasPaidElsewhere = (row: TransactionRow): boolean => cancelReasonOfRow(row) === 'paid_elsewhere';

/** The payment that paid the order this one was called off for, as the payer's answers name it (a receipt, a crypto payment). */
export function paidByOfRow(tx: TransactionRow): { codOper: string; method: string } | null {
  const { paidBy, paidWith } = tx.details;
  return wasPaidElsewhere(tx) && typeof paidBy === 'string' && typeof paidWith === 'string' ? { codOper: paidBy, method: paidWith } : null;
}

export function refuseIfPaidElsewhere(row: TransactionRow): void {
  if (wasPaidElsewhere(row)) throw paidElsewhereRefusal(row, 'Another payment paid this single-use link; this one was called off and charges nothing');
}

/** The refusal of a payment called off because another paid its link, naming that one when the row does. */
export function paidElsewhereRefusal(row: TransactionRow, detail: string): PaymentError {
  const { paidBy, paidWith } = row.details;
  // Which payment paid, so the payer's page can say how and show its receipt instead of a failure.
  const fields = typeof paidBy === 'string' && typeof paidWith === 'string' ? { paidBy, paidWith } : undefined;
  return new PaymentError('conflict', 'request_already_paid', detail, fields);
}

export function refuseIfVoidedByMerchant(row: TransactionRow): void {
  if (cancelReasonOfRow(row) === 'merchant') throw new PaymentError('conflict', 'payment_voided_by_merchant');
}

/**
 * Once a payment has paid its single-use link, the link's other waiting payments (a Nequi push, a
 * voucher, a 3DS challenge) are called off in the same transaction, so none of them can be paid later.
 */
async function callOffTheOthers(tx: Queryable, paid: Pick<TransactionRow, 'link_code' | 'cod_oper' | 'method'>): Promise<TransactionRow[]> {
  if (!paid.link_code) return [];
  const calledOff: TransactionRow[] = [];
  for (const other of await lockOtherOpenAttempts(tx, paid.link_code, paid.cod_oper)) {
    if (resultOf(other) === 'PENDING') calledOff.push(await writeOutcome(tx, other.cod_oper, cancelledOutcome(other, 'paid_elsewhere', paid)));
  }
  return calledOff;
}

/** After the call-offs are committed: each withdrawn at its gateway (a failure there changes nothing here). */
export async function withdrawAll(deps: Pick<Deps, 'gateways'>, calledOff: readonly TransactionRow[]): Promise<void> {
  await Promise.all(calledOff.map((row) => withdrawAtGateway(deps, row).catch(() => undefined)));
}

/** The subscription a payment activates when it passes (its first payment, not a renewal). */
function activatedSubscriptionOf(row: TransactionRow): number | undefined {
  const id = row.details['idSubscription'];
  return typeof id === 'number' && row.details['activates'] === true ? id : undefined;
}

/** An outcome, or what the payment's locked row makes of it (undefined: no change). */
export type OutcomeFor = PaymentOutcome | ((row: TransactionRow) => PaymentOutcome | undefined);

/** The attempt its caller has just recorded, as it recorded it, with its merchant's prices (read before it). */
export interface JustRecorded {
  row: TransactionRow;
  /** Its link is a single-use one (claimed by its approval, under the link's lock). */
  singleUseLink: boolean;
  prices: Record<string, MethodPrice>;
}

/**
 * The outcome of an attempt just recorded, in one statement and commit, while it is as recorded: no
 * other answer, call-off or sweep changed it meanwhile, no link to claim, no subscription to activate.
 * Undefined when settlePayment's transaction must decide.
 */
async function settleAsRecorded(deps: Pick<Deps, 'db'>, recorded: JustRecorded, outcome: PaymentOutcome, mailOf: SettledMail | undefined): Promise<Settlement | undefined> {
  const { row } = recorded;
  if (recorded.singleUseLink || resultOf(row) !== 'PENDING' || activatedSubscriptionOf(row) !== undefined) return undefined;
  const written = await writeRecordedOutcome(deps.db, recorded, outcome, await mailOf?.(deps.db, rowWithOutcome(row, outcome)));
  if (!written) return undefined;
  announceTransaction(deps.db, written.row);
  if (written.mailed) announceAdminChange(deps.db, { type: 'mail', ...written.mailed });
  return { kind: 'settled', row: written.row };
}

interface SettleOptions {
  /** The gateway's event that tells the outcome: recorded once, in the outcome's transaction. */
  event?: AttemptEvent;
  /** The e-mail the outcome sends, made in its transaction. */
  mailOf?: SettledMail;
  /** The attempt the caller has just recorded. */
  recorded?: JustRecorded;
}

/**
 * The one way a waiting payment gets its outcome, on any node: the row is locked and changed only while
 * pending; a single-use link is claimed and `event` recorded (once) in the same transaction. An
 * attempt `recorded` just now is settled by one statement while it is as recorded (settleAsRecorded).
 */
export async function settlePayment(
  deps: Pick<Deps, 'db' | 'gateways'>, codOper: string, outcomeFor: OutcomeFor, { event, mailOf, recorded }: SettleOptions = {},
): Promise<Settlement | undefined> {
  if (recorded && !event && typeof outcomeFor !== 'function') {
    const settled = await settleAsRecorded(deps, recorded, outcomeFor, mailOf);
    if (settled) return settled;
  }
  const quoteNow = await quoteOnArrival(deps, codOper, outcomeFor, event);
  let calledOff: TransactionRow[] = [];
  let claimedBy: TransactionRow | undefined;
  let lateOutcome: PaymentOutcome | undefined;
  let mailed: { id: number; merchantId: number | null } | undefined;
  let strayCoins: TransactionRow | undefined;
  const settlement = await deps.db.transaction(async (tx): Promise<Settlement | undefined> => {
    // The link before the payment (a card paying the same link at this moment takes them in that
    // order too), and the merchant's prices for the books line: one statement.
    const locked = await lockForOutcome(tx, codOper);
    if (!locked) return undefined;
    const { row, singleUseLink } = locked;
    if (event && !(await recordGatewayEvent(tx, event))) return { kind: 'repeated', row };
    // Coins at an address the payment moved from are the payer's, whatever became of the payment: recorded to go back, nothing else changed.
    if (event?.kind === 'crypto' && formerDepositOf(row, event.deposit.address)) {
      strayCoins = await recordStrayCoins(tx, row, event.deposit);
      return { kind: 'finished', row: strayCoins ?? row };
    }
    const asTold = typeof outcomeFor === 'function' ? outcomeFor(row) : outcomeFor;
    const outcome = asTold && resultOf(row) === 'PENDING' ? cryptoDepositByRule(row, asTold, quoteNow) : asTold;
    lateOutcome = outcome;
    if (resultOf(row) !== 'PENDING' || !outcome) {
      // Money taken for a payment called off meanwhile: recorded in this transaction, so it is never lost, then given back or owed.
      if (outcome && row.auth_status === CANCELLED_AUTH_STATUS && tookMoney(row, outcome)) {
        const taken = moneyTakenDetails(row, outcome);
        // A crypto payment's refund may be owed or sent already: the coins that came since are added to it.
        const written = row.method === 'crypto'
          ? await recordCoinsAfterCancellation(tx, row, taken.details)
          : await recordMoneyTaken(tx, codOper, taken.details, taken.messageKey);
        return { kind: 'finished', row: written ?? row };
      }
      // Coins reaching a crypto payment already paid are all beyond its quote: they raise its overpayment, the payer's.
      const late = outcome ? coinsAfterApproval(row, outcome) : undefined;
      if (late) return { kind: 'finished', row: (await recordCoinsAfterApproval(tx, codOper, late)) ?? row };
      return { kind: 'finished', row };
    }
    // Another payment paid its link or activated its subscription (`paid_elsewhere`), or the merchant cancelled
    // the subscription it would activate (`merchant`): called off, what it took given back.
    const paidElsewhere = async (reason: 'paid_elsewhere' | 'merchant' = 'paid_elsewhere'): Promise<Settlement> => {
      // Called off: all the coins that arrived are its refund, none of them an overpayment.
      const arrived = { ...row, details: { ...row.details, ...depositDetailsOf(outcome) } };
      // The payment that paid the link, named as callOffTheOthers names it: this payer's page shows its receipt.
      const winner = reason === 'paid_elsewhere' && row.link_code ? await findPaymentOfLink(tx, row.link_code) : undefined;
      const off = cancelledOutcome(arrived, reason, winner);
      const taken = approves(row, outcome) && row.method !== 'crypto' ? { owedToPayer: moneyTakenOf(row) } : {};
      return { kind: 'paid_elsewhere', row: await writeOutcome(tx, codOper, { ...off, details: { ...depositDetailsOf(outcome), ...off.details, ...taken } }) };
    };
    if (singleUseLink && approves(row, outcome)) {
      if (!(await claimSingleUseLink(tx, singleUseLink, codOper))) return paidElsewhere();
      calledOff = await callOffTheOthers(tx, row);
      claimedBy = row;
    }
    // The first payment that is approved (after its 3DS challenge, if any) activates it, once: of
    // two racing, the other finds it active and is called off. A wait or a challenge activates nothing.
    const subscriptionId = activatedSubscriptionOf(row);
    if (subscriptionId !== undefined && subscriptionActivatedBy(recordedPaymentResult({ method: row.method, status: outcome.status, authStatus: outcome.authStatus })) && row.card_token) {
      const card = { token: row.card_token, customer: row.card_customer, brand: row.card_brand ?? '', last4: row.card_last4 ?? '', payerName: row.payer_name, email: row.email, lang: recordedLanguage(row.lang) };
      const activation = await activateSubscription(tx, subscriptionId, card);
      if (activation !== 'activated') return paidElsewhere(activation === 'cancelled' ? 'merchant' : 'paid_elsewhere');
    }
    // The outcome, its books line and webhook event (migration 028's trigger) and its e-mail: one
    // statement, the e-mail made from the row the outcome makes.
    const mail = await mailOf?.(tx, rowWithOutcome(row, outcome));
    const settled = await writeLockedOutcome(tx, locked, outcome, mail);
    mailed = settled.mailed;
    return { kind: 'settled', row: settled.row };
  });
  if (settlement?.kind === 'settled') announceTransaction(deps.db, settlement.row);
  if (strayCoins) return { kind: 'finished', row: await returnStrayDeposits(deps, strayCoins) };
  if (mailed) announceAdminChange(deps.db, { type: 'mail', ...mailed });
  await withdrawAll(deps, calledOff);
  if (claimedBy && settlement?.kind === 'settled') await tellPagesLeftTheOrderIsPaid(deps, claimedBy).catch(() => undefined);
  // Called off meanwhile: what the gateway took is given back or owed, what it still asks for withdrawn.
  const late = calledOffMeanwhile(settlement);
  if (late && lateOutcome) await (approves(late, lateOutcome) ? giveBack(deps, late) : withdrawAtGateway(deps, late).catch(() => undefined));
  return settlement;
}

/**
 * In the caller's transaction: a paid payment claims its single-use link or throws request_already_paid
 * (rolling it all back). Returns the waiting payments called off, for withdrawAll after the commit.
 */
export async function claimLinkOrRefuse(tx: Queryable, row: TransactionRow, singleUse: boolean): Promise<TransactionRow[]> {
  if (!singleUse || !row.link_code || resultOf(row) !== 'APPROVED') return [];
  if (!(await claimSingleUseLink(tx, row.link_code, row.cod_oper))) {
    const paid = await findPaymentOfLink(tx, row.link_code);
    throw new PaymentError('conflict', 'request_already_paid', 'This single-use link was paid by another payment', paid ? { paidBy: paid.cod_oper, paidWith: paid.method } : {});
  }
  return callOffTheOthers(tx, row);
}
