import { GatewayOutcomeUnknown, type CardAuthorization, type CardDecision, type Gateways } from '@pasarela/gateways';

type Authorize = (request: CardAuthorization) => Promise<CardDecision>;

/**
 * createTestApp's wrapGateways for a test that watches or changes the card port's authorization:
 * `around` is given the simulated port's authorize and each request; every other call is the simulator's.
 */
export function aroundCardAuthorize(around: (authorize: Authorize, request: CardAuthorization) => Promise<CardDecision>): (gateways: Gateways) => Gateways {
  return (gateways) => ({ ...gateways, card: { ...gateways.card, authorize: (request) => around((r) => gateways.card.authorize(r), request) } });
}

/** The processor took the call and decided, and its answer was lost on the way back: the outcome is unknown. */
export async function loseAnswer(decided: Promise<CardDecision>): Promise<never> {
  await decided;
  throw new GatewayOutcomeUnknown('card processor: the answer was lost on the way back');
}
