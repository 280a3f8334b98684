import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import { cardReferenceOf } from './cardReference';
import { paidCentsOf, type TransactionRow } from '../store/transactions';
import { endGiveBack, type OwedToPayer } from '../store/transactionUpdates';
import { tellPageWhyGone } from './pageGone';

/**
 * A payment Pasarela called off is withdrawn at its gateway too, after the call-off commits, so the
 * gateway stops taking the payer's money. A crypto address stays open: coins sent to it are owed back.
 * A page of the sandbox's simulated issuer or bank is told why first (tellPageWhyGone), when the
 * caller's deps carry the database and those controls.
 */
export async function withdrawAtGateway(deps: Pick<Deps, 'gateways'> & Partial<Pick<Deps, 'db' | 'sandbox'>>, row: TransactionRow): Promise<void> {
  // Told first, so the page never reads as withdrawn without its reason.
  if (deps.db) await tellPageWhyGone({ db: deps.db, sandbox: deps.sandbox }, row).catch(() => undefined);
  await withdrawThere(deps, row);
}

async function withdrawThere(deps: Pick<Deps, 'gateways'>, row: TransactionRow): Promise<void> {
  const call = gatewayCall(row.cod_oper);
  if (row.method === 'nequi' || row.method === 'yappy') await deps.gateways.push.cancel(call);
  else if (row.method === 'cash') await deps.gateways.voucher.cancel(call);
  else if (row.method === 'clave') await deps.gateways.bank.cancel(call);
  // The give-back's void key: a void made there already answers voided.
  else if (row.method === 'card') {
    const reference = await cardReferenceOf(deps, row.cod_oper, row.gateway_reference);
    if (reference) await deps.gateways.card.void({ ...gatewayCall(`${row.cod_oper}:void`), reference });
  }
}

/** docs/gateways.md "Ways back": cash paid at a kiosk and coins on chain cannot be pulled back by a port. */
export type WayBack = 'void_or_refund' | 'refund' | 'owed';
export function wayBackOf(method: string): WayBack {
  if (method === 'card') return 'void_or_refund';
  if (method === 'nequi' || method === 'yappy' || method === 'clave') return 'refund';
  return 'owed';
}

export function moneyTakenOf(row: Pick<TransactionRow, 'method' | 'amount_cents' | 'tax_cents' | 'campaign_cents'>, takenAt = new Date()): OwedToPayer {
  return {
    amountCents: paidCentsOf(row),
    state: wayBackOf(row.method) === 'owed' ? 'owed' : 'giving_back', takenAt: takenAt.toISOString(),
  };
}

/**
 * Given back through the same port, else recorded owed. A port that does not answer may have given it
 * back: it stays `giving_back` for the reconciler (reconcileGiveBacks.ts). Never throws.
 */
export async function giveBack(deps: Pick<Deps, 'db' | 'gateways'>, row: TransactionRow): Promise<void> {
  const owed = row.details['owedToPayer'] as OwedToPayer | undefined;
  if (owed?.state !== 'giving_back') return;
  const said = await askPortToGiveBack(deps, row, owed.amountCents);
  if (said) await endGiveBack(deps.db, row.cod_oper, said).catch(() => undefined);
}

/** Asked again under the same keys the port moves nothing twice; undefined when what it did is unknown. */
export async function askPortToGiveBack(deps: Pick<Deps, 'gateways'>, row: TransactionRow, amountCents: number): Promise<'given_back' | 'owed' | undefined> {
  try {
    return (await throughPort(deps, row, amountCents)) ? 'given_back' : 'owed';
  } catch {
    return undefined;
  }
}

async function throughPort(deps: Pick<Deps, 'gateways'>, row: TransactionRow, amountCents: number): Promise<boolean> {
  const refund = { ...gatewayCall(`${row.cod_oper}:refund`), amountCents, currency: row.currency };
  switch (row.method) {
    case 'card': {
      const reference = await cardReferenceOf(deps, row.cod_oper, row.gateway_reference);
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
