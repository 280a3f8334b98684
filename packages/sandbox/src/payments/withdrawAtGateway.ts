import type { Deps } from '../Deps';
import { gatewayCall, PAYMENT_CURRENCY } from '../gateways/GatewayCall';
import { cardReferenceOf } from './cardReference';
import { type TransactionRow } from '../store/transactions';
import { endGiveBack, type OwedToPayer } from '../store/transactionUpdates';

/**
 * A payment Pasarela called off (its single-use link paid another way, the payer left the wait) is
 * withdrawn at its gateway too, after the call-off is committed: a push, a voucher (the kiosk then
 * refuses it), a bank page (the bank then refuses it), a card challenge. Pasarela refuses any later
 * answer for it either way; this stops the gateway taking the payer's money. A crypto address
 * stays open: coins sent to it are owed back.
 */
export async function withdrawAtGateway(deps: Pick<Deps, 'gateways'>, row: TransactionRow): Promise<void> {
  const call = gatewayCall(row.cod_oper);
  if (row.method === 'nequi' || row.method === 'yappy') await deps.gateways.push.cancel(call);
  else if (row.method === 'cash') await deps.gateways.voucher.cancel(call);
  else if (row.method === 'clave') await deps.gateways.bank.cancel(call);
  // The give-back's void key: a void made here and asked again there answers voided (the money is back).
  else if (row.method === 'card') {
    const reference = await cardReferenceOf(deps, row.cod_oper, row.gateway_reference);
    if (reference) await deps.gateways.card.void({ ...gatewayCall(`${row.cod_oper}:void`), reference });
  }
}

/**
 * How a method's gateway gives back money it took for a payment called off (docs/gateways.md "Ways
 * back"): a card's authorization voided (or refunded once settled), a push or a bank payment
 * refunded through its port; cash paid at a kiosk and coins sent on chain cannot be pulled back by
 * the port: they are owed to the payer (coins are sent back by the crypto refund call).
 */
export type WayBack = 'void_or_refund' | 'refund' | 'owed';
export function wayBackOf(method: string): WayBack {
  if (method === 'card') return 'void_or_refund';
  if (method === 'nequi' || method === 'yappy' || method === 'clave') return 'refund';
  return 'owed';
}

/** What a gateway took for a called-off payment, as recorded before anything is given back (the whole amount charged). */
export function moneyTakenOf(row: Pick<TransactionRow, 'method' | 'amount_cents' | 'tax_cents' | 'campaign_cents'>, takenAt = new Date()): OwedToPayer {
  return {
    amountCents: row.amount_cents + row.tax_cents + row.campaign_cents,
    state: wayBackOf(row.method) === 'owed' ? 'owed' : 'giving_back', takenAt: takenAt.toISOString(),
  };
}

/**
 * The money a gateway took for a called-off payment (recorded as being given back by settlePayment),
 * given back through the same port, so the payer is charged once; where the port refuses, it is
 * recorded as owed to the payer (the merchant hears transaction.owed_to_payer). A port that does not
 * answer, or answers broken, may have given it back: it stays `giving_back` and the reconciler asks
 * the port again under the same keys (reconcileGiveBacks.ts). Never throws.
 */
export async function giveBack(deps: Pick<Deps, 'db' | 'gateways'>, row: TransactionRow): Promise<void> {
  const owed = row.details['owedToPayer'] as OwedToPayer | undefined;
  if (owed?.state !== 'giving_back') return;
  const said = await askPortToGiveBack(deps, row, owed.amountCents);
  if (said) await endGiveBack(deps.db, row.cod_oper, said).catch(() => undefined);
}

/**
 * Gives the money back through the row's port under the give-back's keys (`<codOper>:void`,
 * `<codOper>:refund`: asked again, the port answers as it did and moves nothing twice). Undefined
 * when what the port did is unknown (no answer, a broken one).
 */
export async function askPortToGiveBack(deps: Pick<Deps, 'gateways'>, row: TransactionRow, amountCents: number): Promise<'given_back' | 'owed' | undefined> {
  try {
    return (await throughPort(deps, row, amountCents)) ? 'given_back' : 'owed';
  } catch {
    return undefined;
  }
}

async function throughPort(deps: Pick<Deps, 'gateways'>, row: TransactionRow, amountCents: number): Promise<boolean> {
  const refund = { ...gatewayCall(`${row.cod_oper}:refund`), amountCents, currency: PAYMENT_CURRENCY };
  switch (row.method) {
    case 'card': {
      const reference = await cardReferenceOf(deps, row.cod_oper, row.gateway_reference);
      // Never received: nothing was taken, nothing to give back.
      if (!reference) return true;
      const voided = await deps.gateways.card.void({ ...gatewayCall(`${row.cod_oper}:void`), reference });
      return voided === 'voided' || (await deps.gateways.card.refund({ ...refund, reference })).status === 'refunded';
    }
    case 'nequi':
    case 'yappy':
      return (await deps.gateways.push.refund({ ...refund, requestKey: row.cod_oper })) === 'refunded';
    case 'clave':
      return (await deps.gateways.bank.refund({ ...refund, paymentKey: row.cod_oper })) === 'refunded';
    default:
      return false;
  }
}
