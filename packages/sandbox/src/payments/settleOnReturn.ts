import { CARD_AUTH_STATUS } from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import { findTransaction } from '../store/transactions';
import { bankOutcomeOf, cardOutcomeOf } from './gatewayOutcomes';
import { settlePayment } from './settlePayment';
import { receiptOfSettled } from './receiptMail';

/** Asked of the port by the payment's key, so the return finds it settled even when the notification is late. */
export async function settleOnReturn(deps: Pick<Deps, 'db' | 'gateways'>, codOper: string, origin: string): Promise<void> {
  const row = await findTransaction(deps.db, codOper);
  if (!row || row.status !== -1) return;
  try {
    if (row.method === 'card' && row.auth_status === CARD_AUTH_STATUS.three_ds) {
      const decision = await deps.gateways.card.lookup({ ...gatewayCall(codOper), reference: row.gateway_reference });
      if (!decision || decision.status === 'challenge' || decision.status === 'pending') return;
      await settlePayment(deps, codOper, cardOutcomeOf(decision), { mailOf: receiptOfSettled({ origin }) });
    } else if (row.method === 'clave') {
      const answer = await deps.gateways.bank.outcome(gatewayCall(codOper));
      const outcome = answer ? bankOutcomeOf(answer) : undefined;
      if (outcome) await settlePayment(deps, codOper, outcome);
    }
  } catch {
    // No answer now: the notification settles it.
  }
}
