import { CARD_AUTH_STATUS } from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import { findMerchant } from '../store/merchants';
import { findTransaction } from '../store/transactions';
import { bankOutcomeOf, cardOutcomeOf } from './gatewayOutcomes';
import { mailReceipt } from './receiptMail';
import { settlePayment } from './settlePayment';

/**
 * The payer is back from the issuer's 3DS page or the bank's Clave page (the processor's, on its own
 * origin): what the page decided is asked of the port by the payment's key and recorded while the
 * payment still waits there (settlePayment), so the return finds it settled even when the
 * processor's notification is late or never comes. Whichever records it first changes it; a port
 * that does not answer leaves it to the notification.
 */
export async function settleOnReturn(deps: Pick<Deps, 'db' | 'gateways'>, codOper: string, origin: string): Promise<void> {
  const row = await findTransaction(deps.db, codOper);
  if (!row || row.status !== -1) return;
  try {
    if (row.method === 'card' && row.auth_status === CARD_AUTH_STATUS.three_ds) {
      const decision = await deps.gateways.card.lookup({ ...gatewayCall(codOper), reference: row.gateway_reference });
      if (!decision || decision.status === 'challenge' || decision.status === 'pending') return;
      const settled = await settlePayment(deps, codOper, cardOutcomeOf(decision));
      // The receipt e-mail a card approved at once gets (the notification, had it come first, sends it).
      if (settled?.kind === 'settled') await mailReceipt(deps.db, settled.row, (await findMerchant(deps.db, settled.row.merchant_id))?.name ?? '', origin);
    } else if (row.method === 'clave') {
      const answer = await deps.gateways.bank.outcome(gatewayCall(codOper));
      const outcome = answer ? bankOutcomeOf(answer) : undefined;
      if (outcome) await settlePayment(deps, codOper, outcome);
    }
  } catch {
    // No answer now (GatewayOutcomeUnknown, the database away): the notification settles it.
  }
}
