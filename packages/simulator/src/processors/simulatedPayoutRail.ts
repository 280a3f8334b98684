import { randomUUID } from 'node:crypto';
import type { GatewayCall, PayoutRail, PayoutRequest, PayoutTransfer } from '@pasarela/gateways';
import type { SimulatorBooks } from './simulatorBook';

const PORT = 'payout';

const RETURNED_ACCOUNT = /0002$/;

interface PayoutBookRequest {
  amountCents: number;
  currency: string;
  destination: string;
  /** As the merchant's bank statement shows the deposit. */
  statementReference: string | null;
}

export function simulatedPayoutRail(books: SimulatorBooks): PayoutRail {
  const settled = (request: PayoutBookRequest, transfer: PayoutTransfer): PayoutTransfer =>
    transfer.status === 'pending' ? { ...transfer, status: RETURNED_ACCOUNT.test(request.destination) ? 'failed' : 'paid' } : transfer;
  return {
    async pay(request: PayoutRequest) {
      const entry = await books.recordOnce<PayoutBookRequest, PayoutTransfer>(PORT, request.idempotencyKey,
        { amountCents: request.amountCents, currency: request.currency, destination: request.destination, statementReference: request.statementReference ?? null },
        { status: 'pending', reference: `tr_${randomUUID().replace(/-/g, '')}` });
      return entry.state;
    },
    async lookup(call: GatewayCall) {
      const moved = await books.move<PayoutBookRequest, PayoutTransfer>(PORT, call.idempotencyKey, ({ request, state }) => {
        const next = settled(request, state);
        return next === state ? undefined : next;
      });
      return moved ? moved.entry.state : null;
    },
  };
}
