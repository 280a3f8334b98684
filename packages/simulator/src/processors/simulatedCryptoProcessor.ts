import type { CryptoDeposit, CryptoProcessor, GatewayCall } from '@pasarela/gateways';
import { randomBytes } from 'node:crypto';
import { COINS, NETWORKS, quote } from './cryptoMarket';
import type { SimulatorBooks } from './simulatorBook';

const PORT = 'crypto';

interface CryptoBookRequest {
  currency: string;
  network: string;
  amountCrypto: number;
}

interface CryptoBookRefund {
  key: string;
  to: string;
  amountCrypto: number;
}

/** `refunded`: the one refund a deposit took before refunds carried keys (kept readable). */
type CryptoBookState = CryptoDeposit & { refunded?: { to: string; amountCrypto: number }; refunds?: CryptoBookRefund[] };

const sentBack = (state: CryptoBookState) => (state.refunded?.amountCrypto ?? 0) + (state.refunds ?? []).reduce((sum, r) => sum + r.amountCrypto, 0);

const newAddress = (network: string) => `sbx${network.toLowerCase()}_${randomBytes(16).toString('hex')}`;

const depositOf = ({ refunded: _r, refunds: _k, ...deposit }: CryptoBookState): CryptoDeposit => deposit;

export function simulatedCryptoProcessor(books: SimulatorBooks) {
  const processor: CryptoProcessor = {
    coins: async () => COINS.map((c) => ({ label: c.label, value: c.value, networks: NETWORKS[c.value] ?? [] })),
    quote: async ({ currency, amountUsd }) => quote(currency, amountUsd),
    async address(request) {
      const entry = await books.recordOnce<CryptoBookRequest, CryptoBookState>(PORT, request.idempotencyKey,
        { currency: request.currency, network: request.network, amountCrypto: request.amountCrypto },
        { address: newAddress(request.network), paidCrypto: 0, senderAddress: null });
      return { address: entry.state.address };
    },
    async status(call: GatewayCall) {
      const entry = await books.read<CryptoBookRequest, CryptoBookState>(PORT, call.idempotencyKey);
      return entry ? depositOf(entry.state) : null;
    },
    async refund(call) {
      const moved = await books.move<CryptoBookRequest, CryptoBookState>(PORT, call.depositKey, ({ state }) => {
        // A refund repeated with its idempotency key answers as the first did and sends nothing again.
        if (state.refunds?.some((r) => r.key === call.idempotencyKey)) return state;
        return call.amountCrypto > 0 && sentBack(state) + call.amountCrypto <= state.paidCrypto + 1e-9
          ? { ...state, refunds: [...(state.refunds ?? []), { key: call.idempotencyKey, to: call.to, amountCrypto: call.amountCrypto }] } : undefined;
      });
      return moved?.moved ? 'refunded' : 'refused';
    },
    async refundOutcome(call) {
      const entry = await books.read<CryptoBookRequest, CryptoBookState>(PORT, call.depositKey);
      return entry?.state.refunds?.some((r) => r.key === call.idempotencyKey) ? 'refunded' : null;
    },
  };

  async function chainConfirms(key: string, paidCrypto: number, senderAddress: string | null): Promise<CryptoDeposit | undefined> {
    const moved = await books.move<CryptoBookRequest, CryptoBookState>(PORT, key, ({ state }) => ({ ...state, paidCrypto, senderAddress: senderAddress ?? state.senderAddress }));
    return moved ? depositOf(moved.entry.state) : undefined;
  }

  return { processor, chainConfirms };
}
