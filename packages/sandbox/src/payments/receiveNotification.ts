import { isDeepStrictEqual } from 'node:util';
import type { Deps } from '../Deps';
import type { GatewayEvent, Gateways } from '@pasarela/gateways';
import { gatewayCall } from '../gateways/GatewayCall';
import { findRefund } from '../store/refunds';
import { cardAttemptAwaitingAnswer, findTransaction, findTransactionByGatewayReference, type TransactionRow } from '../store/transactions';
import { type PaymentOutcome } from '../store/transactionUpdates';
import { depositKeyOf, formerDepositOf } from './cryptoReceived';
import { outcomeOfEvent, type AttemptEvent } from './gatewayOutcomes';
import { portOfMethod } from '../gateways/processors';
import { receiveGatewayEvent } from './receiveGatewayEvent';
import { applyDisputeEvent } from './disputes';
import { applyRefundEvent } from './refundEvents';
import type { Settlement } from './settlePayment';

export type NotificationReceipt =
  | Settlement
  /** Names no attempt of the port it came in on. */
  | { kind: 'not_this_port' }
  /** A dispute on a charge not known here yet while a card attempt still waits for its answer: to be sent again. */
  | { kind: 'charge_not_yet_known' }
  /** The processor's books, asked by the attempt's key, say otherwise: nothing recorded. */
  | { kind: 'contradicted' }
  /** A refund's or dispute's event; the payment's outcome unchanged. */
  | { kind: 'not_a_payment_change' };

/** How long a card attempt waiting for its answer may explain a dispute on a charge not known yet. */
const AWAITED_ANSWER_MS = 5 * 60_000;

/** Undefined when they hold nothing under its key. */
async function booksSay(deps: Pick<Deps, 'gateways'>, row: TransactionRow, event: AttemptEvent): Promise<AttemptEvent | undefined> {
  const call = gatewayCall(row.cod_oper);
  switch (event.kind) {
    case 'card': {
      const decision = await deps.gateways.card.lookup({ ...call, reference: row.gateway_reference });
      return decision ? { ...event, decision } : undefined;
    }
    case 'push': {
      const answer = await deps.gateways.push.status(call);
      return answer ? { ...event, answer } : undefined;
    }
    case 'voucher': {
      const voucher = await deps.gateways.voucher.status(call);
      return voucher ? { ...event, voucher } : undefined;
    }
    case 'crypto': {
      const deposit = await deps.gateways.crypto.status(gatewayCall(depositKeyOf(row)));
      return deposit ? { ...event, deposit } : undefined;
    }
    case 'bank': {
      const outcome = await deps.gateways.bank.outcome(call);
      return outcome ? { ...event, outcome } : undefined;
    }
  }
}

/** The reference is the books' to give; an event may leave it out. */
const withoutReference = (outcome: PaymentOutcome | undefined) => (outcome ? { ...outcome, gatewayReference: undefined } : outcome);

async function paymentOf(deps: Pick<Deps, 'db'>, event: GatewayEvent): Promise<TransactionRow | undefined> {
  if (event.kind === 'refund') {
    const refund = await findRefund(deps.db, event.key);
    return refund ? findTransaction(deps.db, refund.cod_oper) : undefined;
  }
  if (event.kind === 'dispute') return findTransactionByGatewayReference(deps.db, event.paymentReference);
  return findTransaction(deps.db, event.key);
}

/**
 * A verified notification changes only an attempt of its port, and only when the processor's books
 * agree: a signature proves the sender, not that it is still true (a replay, a leaked secret). A
 * contradicted event is not recorded, so the genuine one under that id still applies; a failed
 * lookup throws, so the processor sends it again.
 */
export async function receiveNotification(deps: Pick<Deps, 'db' | 'gateways'>, port: keyof Gateways, event: GatewayEvent, receiptOrigin: string): Promise<NotificationReceipt> {
  const row = await paymentOf(deps, event);
  const ofThisPort = event.kind === 'refund' || event.kind === 'dispute' || event.kind === port;
  // The processor may tell a dispute before the answer that names its charge is recorded here (the
  // answer still on its way): asked again later rather than acknowledged and lost. Bounded by the
  // attempts' recent change, so a charge of another system on a shared account is acknowledged once
  // no card attempt here waits.
  if (!row && event.kind === 'dispute' && port === 'card' && await cardAttemptAwaitingAnswer(deps.db, new Date(Date.now() - AWAITED_ANSWER_MS))) return { kind: 'charge_not_yet_known' };
  if (!row || !ofThisPort || portOfMethod(row.method) !== port) return { kind: 'not_this_port' };
  if (event.kind === 'refund') return (await applyRefundEvent(deps, event)) === 'contradicted' ? { kind: 'contradicted' } : { kind: 'not_a_payment_change' };
  if (event.kind === 'dispute') {
    const applied = await applyDisputeEvent(deps, event);
    // A hold's dispute told before its capture's answer is recorded here: asked again, as above.
    if (applied === 'capture_not_recorded') return { kind: 'charge_not_yet_known' };
    return applied === 'contradicted' ? { kind: 'contradicted' } : { kind: 'not_a_payment_change' };
  }
  // Coins reported at an address the payment moved from: recorded as the payer's only as the books of that deposit say.
  const former = event.kind === 'crypto' ? formerDepositOf(row, event.deposit.address) : undefined;
  if (former && event.kind === 'crypto') {
    const books = await deps.gateways.crypto.status(gatewayCall(former.depositKey));
    const { address, paidCrypto, senderAddress } = event.deposit;
    if (!books || !isDeepStrictEqual({ address, paidCrypto, senderAddress }, { address: books.address, paidCrypto: books.paidCrypto, senderAddress: books.senderAddress })) return { kind: 'contradicted' };
  }
  const claimed = outcomeOfEvent(row, event);
  if (claimed) {
    const books = await booksSay(deps, row, event);
    if (!books || !isDeepStrictEqual(withoutReference(claimed), withoutReference(outcomeOfEvent(row, books)))) return { kind: 'contradicted' };
  }
  return (await receiveGatewayEvent(deps, event, receiptOrigin)) ?? { kind: 'not_this_port' };
}
