import { randomInt } from 'node:crypto';
import type { Database } from '../../db/Database';
import type { GatewayCall } from '../GatewayCall';
import type { Voucher, VoucherNetwork, VoucherRequest } from '../VoucherNetwork';
import { moveEntry, readEntry, recordOnce } from './simulatorBook';

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

/** The sandbox's cash networks: a 12-digit voucher per key, paid at a kiosk by the sandbox's settle call. */
export function simulatedVoucherNetwork(db: Database) {
  const network: VoucherNetwork = {
    async issue(request) {
      const entry = await recordOnce<VoucherBookRequest, Voucher>(db, PORT, request.idempotencyKey,
        { network: request.network, amountCents: request.amountCents, expiresAt: request.expiresAt.toISOString() },
        { reference: voucherNumber(), state: 'issued' });
      return asOf(entry.request, entry.state);
    },
    async status(call: GatewayCall) {
      const entry = await readEntry<VoucherBookRequest, Voucher>(db, PORT, call.idempotencyKey);
      return entry ? asOf(entry.request, entry.state) : null;
    },
    async cancel(call: GatewayCall) {
      const moved = await moveEntry<VoucherBookRequest, Voucher>(db, PORT, call.idempotencyKey, ({ request, state }) =>
        asOf(request, state).state === 'issued' ? { ...state, state: 'cancelled' } : undefined);
      return moved ? asOf(moved.entry.request, moved.entry.state) : null;
    },
  };

  /** The payer pays the voucher at a kiosk. Undefined when it cannot be paid (paid, lapsed, called off). */
  async function paidAtKiosk(key: string): Promise<Voucher | undefined> {
    const moved = await moveEntry<VoucherBookRequest, Voucher>(db, PORT, key, ({ request, state }) =>
      asOf(request, state).state === 'issued' ? { ...state, state: 'paid' } : undefined);
    return moved?.moved ? moved.entry.state : undefined;
  }

  return { network, paidAtKiosk };
}
