import type { GatewayCall, PushAnswer, PushRequest, PushWallet, PushWalletName } from '@pasarela/gateways';
import { centsToAmount } from '@pasarela/core';
import type { SimulatorBooks } from './simulatorBook';
import { phoneBehaviour } from './testPhones';

const PORT = 'push';

export const PHONE_ANSWER_MS = 1_000;

export interface PushBookRequest {
  wallet: PushWalletName;
  channel: PushRequest['channel'];
  /** In the minor units of `currency` (ISO 4217). */
  amountCents: number;
  /** As given; absent on requests booked before it was kept: USD. */
  currency?: string;
  expiresAt: string;
  answer: PushAnswer | null;
  refundedCents?: number;
}

/** A request past its window that nobody answered has lapsed at the wallet too. */
function asOf(request: PushBookRequest, state: PushAnswer, now = Date.now()): PushAnswer {
  return state.state === 'waiting' && Date.parse(request.expiresAt) <= now ? { ...state, state: 'expired' } : state;
}

/** A push to a test phone is answered a moment later; a QR waits for the sandbox's settle call. */
export function simulatedPushWallet(books: SimulatorBooks) {
  const wallet: PushWallet = {
    async request(request) {
      const qrValue = request.channel.kind === 'qr' ? `nequi://sandbox/pay?oper=${request.idempotencyKey}&amount=${centsToAmount(request.amountCents)}` : undefined;
      const behaviour = request.channel.kind === 'push' ? phoneBehaviour(request.wallet, request.channel.phone) : 'never_answers';
      const answer: PushAnswer | null = behaviour === 'approves' ? { state: 'approved', qrValue } : behaviour === 'declines' ? { state: 'declined', qrValue } : null;
      const entry = await books.recordOnce<PushBookRequest, PushAnswer>(PORT, request.idempotencyKey,
        { wallet: request.wallet, channel: request.channel, amountCents: request.amountCents, currency: (request.currency as string | undefined ?? 'USD').toUpperCase(), expiresAt: request.expiresAt.toISOString(), answer },
        { state: 'waiting', ...(qrValue ? { qrValue } : {}) },
        answer ? new Date(Date.now() + PHONE_ANSWER_MS) : null,
      );
      return asOf(entry.request, entry.state);
    },
    async status(call: GatewayCall) {
      const entry = await books.read<PushBookRequest, PushAnswer>(PORT, call.idempotencyKey);
      return entry ? asOf(entry.request, entry.state) : null;
    },
    async cancel(call: GatewayCall) {
      const moved = await books.move<PushBookRequest, PushAnswer>(PORT, call.idempotencyKey, ({ request, state }) =>
        asOf(request, state).state === 'waiting' ? { ...state, state: 'cancelled' } : undefined);
      return moved ? asOf(moved.entry.request, moved.entry.state) : null;
    },
    async refund(call) {
      const moved = await books.move<PushBookRequest, PushAnswer & { refundedCents?: number; refundKeys?: string[] }>(PORT, call.requestKey, ({ request, state }) => {
        const refunded = state.refundedCents ?? 0;
        // A refund repeated with its idempotency key answers as the first did and moves nothing again.
        if (state.refundKeys?.includes(call.idempotencyKey)) return state;
        // In the request's own currency only.
        return state.state === 'approved' && call.amountCents > 0 && refunded + call.amountCents <= request.amountCents && (request.currency ?? 'USD') === (call.currency as string | undefined ?? 'USD').toUpperCase()
          ? { ...state, refundedCents: refunded + call.amountCents, refundKeys: [...(state.refundKeys ?? []), call.idempotencyKey] } : undefined;
      });
      return moved?.moved ? 'refunded' : 'refused';
    },
    async refundOutcome(call) {
      const entry = await books.read<PushBookRequest, PushAnswer & { refundKeys?: string[] }>(PORT, call.requestKey);
      return entry?.state.refundKeys?.includes(call.idempotencyKey) ? 'refunded' : null;
    },
  };

  async function payerAnswers(key: string, approved: boolean): Promise<PushAnswer | undefined> {
    const moved = await books.move<PushBookRequest, PushAnswer>(PORT, key, ({ request, state }) =>
      asOf(request, state).state === 'waiting' ? { ...state, state: approved ? 'approved' : 'declined' } : undefined);
    return moved?.moved ? moved.entry.state : undefined;
  }

  return { wallet, payerAnswers };
}
