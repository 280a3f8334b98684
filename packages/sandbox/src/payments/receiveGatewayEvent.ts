import type { Deps } from '../Deps';
import type { GatewayEvent } from '../gateways/GatewayEvent';
import { outcomeOfEvent } from './gatewayOutcomes';
import { settlePayment, type Settlement } from './settlePayment';

/**
 * The inbound path of every gateway event (a processor's notification, a simulated payer, the
 * sandbox's settle calls): verified by whoever received it, recorded once by its id, and applied
 * to the attempt it names only while that attempt still waits, in any order.
 */
export function receiveGatewayEvent(deps: Pick<Deps, 'db' | 'gateways'>, event: GatewayEvent): Promise<Settlement | undefined> {
  return settlePayment(deps, event.key, (row) => outcomeOfEvent(row, event), event);
}
