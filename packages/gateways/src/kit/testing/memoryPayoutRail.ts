import { randomUUID } from 'node:crypto';
import type { PayoutRail, PayoutTransfer } from '../../PayoutRail';

/** How a test's rail goes wrong: a new transfer for every call under one key; a returned transfer reported paid. */
export interface PayoutBreakage {
  paysTwice?: boolean;
  hidesReturns?: boolean;
}

/** The accounts the memory rail pays, and sends back. */
export const MEMORY_PAYOUT_ACCOUNTS = { pays: '000123456789', returns: '000000000002' };

/**
 * A payout rail in this process's memory, for the kit's own tests: a transfer is pending when
 * taken, and settled at the first lookup (paid, or failed to the returning account). Its books
 * outlive the adapter (a restart finds them).
 */
export function memoryPayoutRail(breakage: PayoutBreakage = {}): () => PayoutRail {
  const transfers = new Map<string, { destination: string; transfer: PayoutTransfer }>();
  return () => ({
    async pay(request) {
      const known = transfers.get(request.idempotencyKey);
      if (known && !breakage.paysTwice) return known.transfer;
      const transfer: PayoutTransfer = { status: 'pending', reference: `memtr_${randomUUID()}` };
      transfers.set(request.idempotencyKey, { destination: request.destination, transfer });
      return transfer;
    },
    async lookup(call) {
      const known = transfers.get(call.idempotencyKey);
      if (!known) return null;
      if (known.transfer.status === 'pending') {
        const returned = known.destination === MEMORY_PAYOUT_ACCOUNTS.returns && !breakage.hidesReturns;
        known.transfer = { ...known.transfer, status: returned ? 'failed' : 'paid' };
      }
      return known.transfer;
    },
  });
}
