import type { Deps } from '../Deps';
import type { GatewayEvent } from '../gateways/GatewayEvent';
import { outcomeOfEvent } from './gatewayOutcomes';
import { mailReceiptOfSettled } from './receiptMail';
import { settlePayment, type Settlement } from './settlePayment';

/**
 * The inbound path of every gateway event (a processor's notification, a simulated payer, the
 * sandbox's settle calls): verified by whoever received it, recorded once by its id, and applied
 * to the attempt it names only while that attempt still waits, in any order. With `receiptOrigin`
 * (the checkout origin its links use), a card or voucher the event pays gets its receipt e-mail.
 */
export async function receiveGatewayEvent(deps: Pick<Deps, 'db' | 'gateways'>, event: GatewayEvent, receiptOrigin?: string): Promise<Settlement | undefined> {
  const settled = await settlePayment(deps, event.key, (row) => outcomeOfEvent(row, event), event);
  if (receiptOrigin !== undefined && (event.kind === 'card' || event.kind === 'voucher')) await mailReceiptOfSettled(deps.db, settled, receiptOrigin);
  return settled;
}
