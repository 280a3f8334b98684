import { isDeepStrictEqual } from 'node:util';
import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import type { GatewayEvent } from '../gateways/GatewayEvent';
import type { Gateways } from '../gateways/Gateways';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { depositKeyOf } from './cryptoReceived';
import { outcomeOfEvent } from './gatewayOutcomes';
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
  | { kind: 'contradicted' };

/** The attempt as the processor's books hold it now, as an event of the same kind; undefined when they hold nothing under its key. */
async function booksSay(deps: Pick<Deps, 'gateways'>, row: TransactionRow, event: GatewayEvent): Promise<GatewayEvent | undefined> {
  const call = gatewayCall(row.cod_oper);
  switch (event.kind) {
    case 'card': {
      const decision = await deps.gateways.card.lookup(call);
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
  const row = await findTransaction(deps.db, event.key);
  if (!row || event.kind !== port || portOfMethod(row.method) !== port) return { kind: 'not_this_port' };
  const claimed = outcomeOfEvent(row, event);
  if (claimed) {
    const books = await booksSay(deps, row, event);
    if (!books || !isDeepStrictEqual(claimed, outcomeOfEvent(row, books))) return { kind: 'contradicted' };
  }
  return (await receiveGatewayEvent(deps, event, receiptOrigin)) ?? { kind: 'not_this_port' };
}
