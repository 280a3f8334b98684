import type { BankOutcome, BankPaymentRequest, BankRedirect, GatewayCall } from '@pasarela/gateways';
import { httpUrlOf } from './simulatedCardProcessor';
import type { SimulatorBooks } from './simulatorBook';

const PORT = 'bank';

export interface BankBookRequest {
  amountCents: number;
  description: string;
  merchant: BankPaymentRequest['merchant'];
  lang: BankPaymentRequest['lang'];
  /** Where the page sends the payer back (the call's returnUrl, an http(s) URL); '' for none given. */
  returnUrl: string;
}

interface BankBookState {
  state: BankOutcome;
  /** What was given back of an approved payment, and under which keys (a refund repeated with its key moves nothing again). */
  refundedCents?: number;
  refundKeys?: string[];
}

/** Where the bank's page of a key is: on the simulator's own origin, asking for `returnTo` as the issuer's page does. */
const bankPageUrl = (key: string, pagesUrl: string): string => `${pagesUrl.replace(/\/+$/, '')}/clave/${encodeURIComponent(key)}?returnTo=`;

/**
 * The sandbox's Clave: the bank's page (the simulator's pages/clavePage.ts), where the payer
 * approves or refuses. A cancelled page takes no answer (payerDecides moves only a waiting one);
 * an approved payment can be given back.
 */
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

  /** What the bank's page shows while the payment waits; undefined once it ended or when unknown. */
  async function waiting(key: string): Promise<BankBookRequest | undefined> {
    const entry = await books.read<BankBookRequest, BankBookState>(PORT, key);
    return entry?.state.state === 'waiting' ? entry.request : undefined;
  }

  /** The payer approves or refuses on the bank's page. Undefined when nothing waits there. */
  async function payerDecides(key: string, approved: boolean): Promise<BankOutcome | undefined> {
    const moved = await books.move<BankBookRequest, BankBookState>(PORT, key, ({ state }) =>
      state.state === 'waiting' ? { state: approved ? 'approved' : 'declined' } : undefined);
    return moved?.moved ? moved.entry.state.state : undefined;
  }

  /** What the bank's page of a key shows: the payment waiting, `decided` once answered, `withdrawn` once cancelled; undefined when unknown. */
  async function bankPage(key: string): Promise<{ state: 'waiting' | 'decided' | 'withdrawn'; request: BankBookRequest } | undefined> {
    const entry = await books.read<BankBookRequest, BankBookState>(PORT, key);
    if (!entry) return undefined;
    const { state } = entry.state;
    return { state: state === 'waiting' ? 'waiting' : state === 'cancelled' ? 'withdrawn' : 'decided', request: entry.request };
  }

  return { bank, waiting, payerDecides, bankPage };
}
