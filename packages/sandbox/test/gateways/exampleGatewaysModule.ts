// An adapters module as a provider writes one for GATEWAYS_MODULE (docs/gateways.md): here a card
// processor of its own (the simulated one's rules, its books in this module's memory) and its
// notification handler. The contract suite loads it as the server would; tests only.
import type { GatewaysModuleExport, SandboxControls } from '@pasarela/gateways';
import { memoryBooks } from '@pasarela/simulator';
import { simulatedGateways } from '@pasarela/simulator';

const calls = { card: 0 };
let controls: SandboxControls | undefined;
/** Its issuer's 3DS page answered as a payer would (the last loaded copy's books), for a test to play. */
const issuer = { completeChallenge: (key: string, approved: boolean) => controls?.card.completeChallenge(key, approved, 'es') };

const exported: GatewaysModuleExport = () => {
  // Its issuer's 3DS pages would be on its own origin; the contract suite opens none.
  const simulated = simulatedGateways(memoryBooks(), { pagesUrl: 'https://issuer.example' });
  controls = simulated.controls;
  const { card } = simulated.gateways;
  // Counting what reaches it, so a test sees the server charge through this adapter.
  const counted = new Proxy(card, {
    get: (target, name, receiver) => {
      const value = Reflect.get(target, name, receiver) as unknown;
      return typeof value === 'function' ? (...args: unknown[]) => ((calls.card += 1), (value as (...a: unknown[]) => unknown).apply(target, args)) : value;
    },
  });
  return {
    gateways: { card: counted },
    // Its processor's notifications: a JSON list of events under a header it trusts (a real one verifies a signature).
    notifications: { card: async ({ body, headers }) => (headers.get('x-example-processor') === 'trusted' ? JSON.parse(body) : undefined) },
  };
};

export default exported;
export { calls, issuer };
