import { randomUUID } from 'node:crypto';
import type { PayoutRail, PayoutTransfer } from '../../PayoutRail';
import type { MemorySend } from './memoryClient';

/** How a test's rail adapter goes wrong: a new transfer for every call under one key; a returned transfer reported paid. */
export interface PayoutBreakage {
  paysTwice?: boolean;
  hidesReturns?: boolean;
}

/** The payout rail over the memory processor: a transfer is pending when taken and settled at its first lookup. */
export function memoryPayoutRail(send: MemorySend, breakage: PayoutBreakage = {}): PayoutRail {
  const transferOf = (body: Record<string, unknown> | null): PayoutTransfer => {
    const status = body?.['status'] === 'failed' && breakage.hidesReturns ? 'paid' : (body?.['status'] as PayoutTransfer['status']);
    return { status, reference: String(body?.['reference']) };
  };
  return {
    async pay(request) {
      const key = breakage.paysTwice ? randomUUID() : request.idempotencyKey;
      const body = { key: request.idempotencyKey, amountCents: request.amountCents, currency: request.currency, destination: request.destination };
      return transferOf((await send('/transfers', request, { key, body })).body);
    },
    async lookup(call) {
      const answer = await send(`/transfers?key=${encodeURIComponent(call.idempotencyKey)}`, call);
      return answer.status === 200 ? transferOf(answer.body) : null;
    },
  };
}
