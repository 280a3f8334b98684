import { randomUUID } from 'node:crypto';
import type { CardDecision, CardProcessor } from '../../CardProcessor';
import type { ImportedGatewaysModule } from '../../gatewaysModule';
import type { ContractInputs } from '../ContractInputs';
import { MEMORY_PAYOUT_ACCOUNTS, memoryPayoutRail, type PayoutBreakage } from './memoryPayoutRail';

/** How a test's processor goes wrong: a new charge for every call under one key; refunds it made and then forgets. */
export interface Breakage {
  chargesTwice?: boolean;
  forgetsRefunds?: boolean;
}

const card = (number: string) => ({ number, expMonth: '12', expYear: '34', cvc: '123', holder: 'KIT' });
export const memoryContract: ContractInputs = {
  cards: { approves: card('4242424242424242'), declines: card('4000000000000002') },
  supports: { threeDS: false, captureLater: true, savedCards: true, partialRefunds: true },
};

/** Its books outlive the adapter (a restart finds them), as a processor's do; with `payout`, a payout rail too (memoryPayoutRail.ts). */
export function memoryCardModule(breakage: Breakage = {}, payout?: PayoutBreakage): ImportedGatewaysModule {
  const charges = new Map<string, { key: string; decision: CardDecision; amountCents: number; capture: boolean; capturedCents: number; refunded: Map<string, number> }>();
  const byKey = new Map<string, string>();
  const tokens = new Map<string, string>();
  const make = (): CardProcessor => ({
    async authorize(request) {
      const known = byKey.get(request.idempotencyKey);
      if (known && !breakage.chargesTwice) return charges.get(known)?.decision as CardDecision;
      const reference = `mem_${randomUUID()}`;
      const number = 'number' in request.card ? request.card.number : '';
      const declined = number === '4000000000000002' || ('token' in request.card && ![...tokens.values()].includes(request.card.token));
      const decision: CardDecision = declined ? { status: 'declined', reference, reason: 'generic', message: 'declined' } : { status: 'approved', reference, message: 'approved' };
      charges.set(reference, { key: request.idempotencyKey, decision, amountCents: request.amountCents, capture: request.capture, capturedCents: 0, refunded: new Map() });
      byKey.set(request.idempotencyKey, reference);
      return decision;
    },
    async lookup(call) {
      const reference = call.reference ?? byKey.get(call.idempotencyKey);
      return (reference && charges.get(reference)?.decision) || null;
    },
    async capture(call) {
      const charge = charges.get(call.reference);
      if (!charge || charge.capture || charge.capturedCents > 0 || call.amountCents > charge.amountCents) return 'refused';
      charge.capturedCents = call.amountCents;
      return 'captured';
    },
    async refund(call) {
      const charge = charges.get(call.reference);
      if (!charge || charge.decision.status !== 'approved') return { status: 'refused' };
      if (charge.refunded.has(call.idempotencyKey)) return { status: 'refunded', reference: call.idempotencyKey };
      const paid = charge.capture ? charge.amountCents : charge.capturedCents;
      const refunded = [...charge.refunded.values()].reduce((a, b) => a + b, 0);
      if (call.amountCents <= 0 || refunded + call.amountCents > paid) return { status: 'refused' };
      charge.refunded.set(call.idempotencyKey, call.amountCents);
      return { status: 'refunded', reference: call.idempotencyKey };
    },
    async refundOutcome(call) {
      if (breakage.forgetsRefunds) return null;
      return charges.get(call.reference)?.refunded.has(call.idempotencyKey) ? 'refunded' : null;
    },
    async void(call) {
      const charge = charges.get(call.reference);
      return charge && charge.decision.status === 'pending' ? 'voided' : 'refused';
    },
    async saveCard(request) {
      if (request.card.number === '4000000000000002') return { status: 'declined', reason: 'generic', message: 'declined' };
      const token = tokens.get(request.idempotencyKey) ?? `memtok_${randomUUID()}`;
      tokens.set(request.idempotencyKey, token);
      return { status: 'saved', token, customer: request.customer ?? 'memcus_1', brand: 'VISA', last4: request.card.number.slice(-4) };
    },
  });
  const rail = payout && memoryPayoutRail(payout);
  const contract: ContractInputs = rail ? { ...memoryContract, payouts: MEMORY_PAYOUT_ACCOUNTS } : memoryContract;
  return { exports: { contract }, make: async () => ({ gateways: { card: make(), ...(rail ? { payout: rail() } : {}) } }) };
}
