import type { Database } from '../../db/Database';
import type { BankOutcome, BankPaymentRequest, BankRedirect } from '../BankRedirect';
import type { GatewayCall } from '../GatewayCall';
import { moveEntry, readEntry, recordOnce } from './simulatorBook';

const PORT = 'bank';

export interface BankBookRequest {
  amountCents: number;
  description: string;
  merchant: BankPaymentRequest['merchant'];
  returnPath: string;
}

interface BankBookState {
  state: BankOutcome;
}

/** The sandbox's Clave: the bank's page under /sandbox/clave/:key, where the payer approves or refuses. */
export function simulatedBankRedirect(db: Database) {
  const bank: BankRedirect = {
    async start(request) {
      await recordOnce<BankBookRequest, BankBookState>(db, PORT, request.idempotencyKey,
        { amountCents: request.amountCents, description: request.description, merchant: request.merchant, returnPath: request.returnPath }, { state: 'waiting' });
      return { redirectUrl: `/sandbox/clave/${encodeURIComponent(request.idempotencyKey)}` };
    },
    async outcome(call: GatewayCall) {
      return (await readEntry<BankBookRequest, BankBookState>(db, PORT, call.idempotencyKey))?.state.state ?? null;
    },
    async cancel(call: GatewayCall) {
      const moved = await moveEntry<BankBookRequest, BankBookState>(db, PORT, call.idempotencyKey, ({ state }) => (state.state === 'waiting' ? { state: 'cancelled' } : undefined));
      return moved?.entry.state.state ?? null;
    },
  };

  /** What the bank's page shows while the payment waits; undefined once it ended or when unknown. */
  async function waiting(key: string): Promise<BankBookRequest | undefined> {
    const entry = await readEntry<BankBookRequest, BankBookState>(db, PORT, key);
    return entry?.state.state === 'waiting' ? entry.request : undefined;
  }

  /** The payer approves or refuses on the bank's page. Undefined when nothing waits there. */
  async function payerDecides(key: string, approved: boolean): Promise<BankOutcome | undefined> {
    const moved = await moveEntry<BankBookRequest, BankBookState>(db, PORT, key, ({ state }) =>
      state.state === 'waiting' ? { state: approved ? 'approved' : 'declined' } : undefined);
    return moved?.moved ? moved.entry.state.state : undefined;
  }

  return { bank, waiting, payerDecides };
}
