import type { GatewayCall, Voucher, VoucherNetwork, VoucherRequest } from '@pasarela/gateways';
import { randomInt } from 'node:crypto';
import type { SimulatorBooks } from './simulatorBook';

const PORT = 'voucher';

interface VoucherBookRequest {
  network: VoucherRequest['network'];
  amountCents: number;
  expiresAt: string;
}

const voucherNumber = () => `${randomInt(100000, 999999)}${randomInt(100000, 999999)}`;

function asOf(request: VoucherBookRequest, voucher: Voucher, now = Date.now()): Voucher {
  return voucher.state === 'issued' && Date.parse(request.expiresAt) <= now ? { ...voucher, state: 'expired' } : voucher;
}

export function simulatedVoucherNetwork(books: SimulatorBooks) {
  const network: VoucherNetwork = {
    async issue(request) {
      const entry = await books.recordOnce<VoucherBookRequest, Voucher>(PORT, request.idempotencyKey,
        { network: request.network, amountCents: request.amountCents, expiresAt: request.expiresAt.toISOString() },
        { reference: voucherNumber(), state: 'issued' });
      return asOf(entry.request, entry.state);
    },
    async status(call: GatewayCall) {
      const entry = await books.read<VoucherBookRequest, Voucher>(PORT, call.idempotencyKey);
      return entry ? asOf(entry.request, entry.state) : null;
    },
    async cancel(call: GatewayCall) {
      const moved = await books.move<VoucherBookRequest, Voucher>(PORT, call.idempotencyKey, ({ request, state }) =>
        asOf(request, state).state === 'issued' ? { ...state, state: 'cancelled' } : undefined);
      return moved ? asOf(moved.entry.request, moved.entry.state) : null;
    },
  };

  async function paidAtKiosk(key: string): Promise<Voucher | undefined> {
    const moved = await books.move<VoucherBookRequest, Voucher>(PORT, key, ({ request, state }) =>
      asOf(request, state).state === 'issued' ? { ...state, state: 'paid' } : undefined);
    return moved?.moved ? moved.entry.state : undefined;
  }

  return { network, paidAtKiosk };
}
