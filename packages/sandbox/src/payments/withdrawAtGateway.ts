import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import type { TransactionRow } from '../store/transactions';

/**
 * A payment Pasarela called off (its single-use link paid another way, the payer left the wait) is
 * withdrawn at its gateway too, after the call-off is committed: a push, a voucher, a bank page, a
 * card challenge. Pasarela refuses any later answer for it either way; this stops the gateway
 * asking the payer. A crypto address stays open: coins sent to it are owed back.
 */
export async function withdrawAtGateway(deps: Pick<Deps, 'gateways'>, row: TransactionRow): Promise<void> {
  const call = gatewayCall(row.cod_oper);
  if (row.method === 'nequi' || row.method === 'yappy') await deps.gateways.push.cancel(call);
  else if (row.method === 'cash') await deps.gateways.voucher.cancel(call);
  else if (row.method === 'clave') await deps.gateways.bank.cancel(call);
  else if (row.method === 'card') await deps.gateways.card.void({ ...call, authorizationKey: row.cod_oper });
}

/**
 * A gateway took the money for a payment Pasarela had called off (the payer approved on the phone
 * as the call-off went out, a card authorized for a link paid meanwhile): given back through the
 * same port, so the payer is charged once. Coins sent to a crypto address are recorded as owed back.
 */
export async function giveBack(deps: Pick<Deps, 'gateways'>, row: TransactionRow): Promise<void> {
  const amountCents = row.amount_cents + row.tax_cents + row.campaign_cents;
  if (row.method === 'card') {
    const voided = await deps.gateways.card.void({ ...gatewayCall(`${row.cod_oper}:void`), authorizationKey: row.cod_oper });
    if (voided !== 'voided') await deps.gateways.card.refund({ ...gatewayCall(`${row.cod_oper}:refund`), authorizationKey: row.cod_oper, amountCents });
  } else if (row.method === 'nequi' || row.method === 'yappy') {
    await deps.gateways.push.refund({ ...gatewayCall(`${row.cod_oper}:refund`), requestKey: row.cod_oper, amountCents });
  }
}
