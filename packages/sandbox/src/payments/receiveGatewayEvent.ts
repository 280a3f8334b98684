import type { GatewayEvent } from '@pasarela/gateways';
import type { Deps } from '../Deps';
import { returnCryptoOverpayment } from './cryptoOverpayment';
import { applyDisputeEvent } from './disputes';
import { outcomeOfEvent } from './gatewayOutcomes';
import { applyRefundEvent } from './refundEvents';
import { receiptOfSettled } from './receiptMail';
import { settlePayment, type Settlement } from './settlePayment';

/**
 * Every gateway event: recorded once by its id and applied only while its attempt still waits, in any
 * order. A refund's or a dispute's moves money only as the processor's books say (undefined for both).
 */
export async function receiveGatewayEvent(deps: Pick<Deps, 'db' | 'gateways' | 'metrics'>, event: GatewayEvent, receiptOrigin?: string): Promise<Settlement | undefined> {
  if (event.kind === 'refund') {
    await applyRefundEvent(deps, event);
    return undefined;
  }
  if (event.kind === 'dispute') {
    await applyDisputeEvent(deps, event);
    return undefined;
  }
  const receipt = receiptOrigin !== undefined && (event.kind === 'card' || event.kind === 'voucher') ? receiptOfSettled({ origin: receiptOrigin }) : undefined;
  const settled = await settlePayment(deps, event.key, (row) => outcomeOfEvent(row, event), { event, mailOf: receipt });
  // Coins beyond the quote, recorded with the approval or after it, go back to the payer once committed.
  if ((settled?.kind === 'settled' || settled?.kind === 'finished') && event.kind === 'crypto') return { ...settled, row: await returnCryptoOverpayment(deps, settled.row, receiptOrigin) };
  return settled;
}
