import type { BankOutcome, BankPaymentRequest, BankRedirect, GatewayCall } from '@pasarela/gateways';
import { httpUrlOf } from './simulatedCardProcessor';
import type { SimulatorBooks } from './simulatorBook';

const PORT = 'bank';

export interface BankBookRequest {
  amountCents: number;
  description: string;
  merchant: BankPaymentRequest['merchant'];
  lang: BankPaymentRequest['lang'];
  returnUrl: string;
}

interface BankBookState {
  state: BankOutcome;
  /** A refund repeated with its key moves nothing again. */
  refundedCents?: number;
  refundKeys?: string[];
}

const bankPageUrl = (key: string, pagesUrl: string): string => `${pagesUrl.replace(/\/+$/, '')}/clave/${encodeURIComponent(key)}?returnTo=`;

/** A cancelled page takes no answer (payerDecides moves only a waiting one). */
export function simulatedBankRedirect(books: SimulatorBooks, options: { pagesUrl: string }) {
  const { pagesUrl } = options;
  const bank: BankRedirect = {
    async start(request) {
      await books.recordOnce<BankBookRequest, BankBookState>(PORT, request.idempotencyKey,
        { amountCents: request.amountCents, description: request.description, merchant: request.merchant, lang: request.lang === 'en' ? 'en' : 'es', returnUrl: httpUrlOf(request.returnUrl) ?? '' },
        { state: 'waiting' });
      return { redirectUrl: bankPageUrl(request.idempotencyKey, pagesUrl) };
    },
    async outcome(call: GatewayCall) {
      return (await books.read<BankBookRequest, BankBookState>(PORT, call.idempotencyKey))?.state.state ?? null;
    },
    async cancel(call: GatewayCall) {
      const moved = await books.move<BankBookRequest, BankBookState>(PORT, call.idempotencyKey, ({ state }) => (state.state === 'waiting' ? { state: 'cancelled' } : undefined));
      return moved?.entry.state.state ?? null;
    },
    async refund(call) {
      const moved = await books.move<BankBookRequest, BankBookState>(PORT, call.paymentKey, ({ request, state }) => {
        if (state.refundKeys?.includes(call.idempotencyKey)) return state;
        const refunded = state.refundedCents ?? 0;
        return state.state === 'approved' && call.amountCents > 0 && refunded + call.amountCents <= request.amountCents
          ? { ...state, refundedCents: refunded + call.amountCents, refundKeys: [...(state.refundKeys ?? []), call.idempotencyKey] } : undefined;
      });
      return moved?.moved ? 'refunded' : 'refused';
    },
  };

  async function waiting(key: string): Promise<BankBookRequest | undefined> {
    const entry = await books.read<BankBookRequest, BankBookState>(PORT, key);
    return entry?.state.state === 'waiting' ? entry.request : undefined;
  }

  async function payerDecides(key: string, approved: boolean): Promise<BankOutcome | undefined> {
    const moved = await books.move<BankBookRequest, BankBookState>(PORT, key, ({ state }) =>
      state.state === 'waiting' ? { state: approved ? 'approved' : 'declined' } : undefined);
    return moved?.moved ? moved.entry.state.state : undefined;
  }

  async function bankPage(key: string): Promise<{ state: 'waiting' | 'decided' | 'withdrawn'; request: BankBookRequest } | undefined> {
    const entry = await books.read<BankBookRequest, BankBookState>(PORT, key);
    if (!entry) return undefined;
    const { state } = entry.state;
    return { state: state === 'waiting' ? 'waiting' : state === 'cancelled' ? 'withdrawn' : 'decided', request: entry.request };
  }

  return { bank, waiting, payerDecides, bankPage };
}
