// The memory processor's adapters as a module file the kit's command runs (`pasarela-gateways
// contract <this file>`), broken in the ways KIT_MEMORY_BREAKAGE names (a comma-separated list of
// Breakage's and PayoutBreakage's fields), read each time the module is made. Tests only.
import type { GatewaysModuleExport } from '../../gatewaysModule';
import { memoryCardModule, type Breakage } from './memoryCardModule';
import type { PayoutBreakage } from './memoryPayoutRail';
import { startMemoryProcessor } from './memoryProcessor';

const PAYOUT_BREAKAGES: ReadonlyArray<keyof PayoutBreakage> = ['paysTwice', 'hidesReturns'];
const processor = await startMemoryProcessor({ unref: true });

function named(): { card: Breakage; payout: PayoutBreakage } {
  const names = (process.env['KIT_MEMORY_BREAKAGE'] ?? '').split(',').filter(Boolean);
  const on = (list: readonly string[]) => Object.fromEntries(list.map((name) => [name, true]));
  return { card: on(names.filter((n) => !PAYOUT_BREAKAGES.includes(n as keyof PayoutBreakage))), payout: on(names.filter((n) => PAYOUT_BREAKAGES.includes(n as keyof PayoutBreakage))) };
}

export const contract = memoryCardModule(processor, {}, {}).exports['contract'];

const exported: GatewaysModuleExport = (context) => {
  const { card, payout } = named();
  return memoryCardModule(processor, card, payout).make(context);
};
export default exported;
