import { isDeepStrictEqual } from 'node:util';
import type { Deps } from '../Deps';
import type { GatewayEvent, Gateways } from '@pasarela/gateways';
import { gatewayCall } from '../gateways/GatewayCall';
import { findRefund } from '../store/refunds';
import { findTransaction, findTransactionByGatewayReference, type TransactionRow } from '../store/transactions';
import { type PaymentOutcome } from '../store/transactionUpdates';
import { depositKeyOf } from './cryptoReceived';
import { outcomeOfEvent, type AttemptEvent } from './gatewayOutcomes';
import { receiveGatewayEvent } from './receiveGatewayEvent';
import type { Settlement } from './settlePayment';

/** The port a method's attempts are made at; undefined for a method no gateway takes (the wallet's balance). */
function portOfMethod(method: string): keyof Gateways | undefined {
  switch (method) {
    case 'card': return 'card';
    case 'nequi': case 'yappy': return 'push';
    case 'cash': return 'voucher';
    case 'crypto': return 'crypto';
    case 'clave': return 'bank';
    default: return undefined;
  }
}

/** What a processor's notification did. */
export type NotificationReceipt =
  | Settlement
  /** It names no attempt of the port it came in on (another method's, or none): nothing changed. */
  | { kind: 'not_this_port' }
  /** The processor's own books, asked by the attempt's key, say otherwise: nothing changed, nothing recorded. */
  | { kind: 'contradicted' }
  /** A refund's or a dispute's event: applied to the refund or the dispute, the payment's outcome unchanged. */
  | { kind: 'not_a_payment_change' };

/** The attempt as the processor's books hold it now, as an event of the same kind; undefined when they hold nothing under its key. */
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
      const deposit = await deps.gateways.crypto.status(gatewayCall(depositKeyOf(row.cod_oper, String(row.details['network']))));
      return deposit ? { ...event, deposit } : undefined;
    }
    case 'bank': {
      const outcome = await deps.gateways.bank.outcome(call);
      return outcome ? { ...event, outcome } : undefined;
    }
  }
}

/** An outcome as the books and the event must agree on it: the processor's reference is the books' to give, an event may leave it out. */
const withoutReference = (outcome: PaymentOutcome | undefined) => (outcome ? { ...outcome, gatewayReference: undefined } : outcome);

/** The payment an event is about: its attempt's key, a refund's payment, or the charge a dispute names by the processor's reference. */
async function paymentOf(deps: Pick<Deps, 'db'>, event: GatewayEvent): Promise<TransactionRow | undefined> {
  if (event.kind === 'refund') {
    const refund = await findRefund(deps.db, event.key);
    return refund ? findTransaction(deps.db, refund.cod_oper) : undefined;
  }
  if (event.kind === 'dispute') return findTransactionByGatewayReference(deps.db, event.paymentReference);
  return findTransaction(deps.db, event.key);
}

/** A refund the event says was made: the card processor's books must hold it made too. */
async function refundBooksAgree(deps: Pick<Deps, 'db' | 'gateways'>, row: TransactionRow, event: Extract<GatewayEvent, { kind: 'refund' }>): Promise<boolean> {
  if (event.outcome !== 'refunded' || row.method !== 'card' || !row.gateway_reference) return true;
  const refund = await findRefund(deps.db, event.key);
  const made = await deps.gateways.card.refundOutcome({
    ...gatewayCall(event.key), reference: row.gateway_reference, refundReference: refund?.gateway_reference ?? event.reference ?? null,
  });
  return made === 'refunded';
}

/**
 * A processor's notification, once its handler verified it, arriving at `port`'s route: each event
 * changes only an attempt of that port, and only when the processor's books agree. The signature
 * proves who sent it, not that it is still true (a replay, a handler's bug, a leaked secret), so
 * before an event that would change the payment is applied, the port's own lookup is asked by the
 * attempt's key; the event is applied, under its own id, only if what the books hold records the
 * same outcome. A contradicted one is neither applied nor recorded: the genuine event under that
 * id still applies when it comes, and the reconciler settles from the books anyway. A lookup that
 * fails throws, so the route answers 5xx and the processor sends the notification again.
 */
export async function receiveNotification(deps: Pick<Deps, 'db' | 'gateways'>, port: keyof Gateways, event: GatewayEvent, receiptOrigin: string): Promise<NotificationReceipt> {
  const row = await paymentOf(deps, event);
  const ofThisPort = event.kind === 'refund' || event.kind === 'dispute' || event.kind === port;
  if (!row || !ofThisPort || portOfMethod(row.method) !== port) return { kind: 'not_this_port' };
  if (event.kind === 'refund' || event.kind === 'dispute') {
    if (event.kind === 'refund' && !(await refundBooksAgree(deps, row, event))) return { kind: 'contradicted' };
    await receiveGatewayEvent(deps, event, receiptOrigin);
    return { kind: 'not_a_payment_change' };
  }
  const claimed = outcomeOfEvent(row, event);
  if (claimed) {
    const books = await booksSay(deps, row, event);
    if (!books || !isDeepStrictEqual(withoutReference(claimed), withoutReference(outcomeOfEvent(row, books)))) return { kind: 'contradicted' };
  }
  return (await receiveGatewayEvent(deps, event, receiptOrigin)) ?? { kind: 'not_this_port' };
}
