import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';

/**
 * The processor's reference of a card attempt: as recorded from its answer, else as the processor
 * tells it when asked by the attempt's key (an answer that was lost). Null when it never received it.
 */
export async function cardReferenceOf(deps: Pick<Deps, 'gateways'>, codOper: string, recorded: string | null): Promise<string | null> {
  if (recorded) return recorded;
  const decision = await deps.gateways.card.lookup({ ...gatewayCall(codOper), reference: null });
  return decision && 'reference' in decision ? decision.reference : null;
}
