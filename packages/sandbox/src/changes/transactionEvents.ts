import type { Database } from '../db/Database';
import { listenToChannel, schemaChannel, type ChannelEvents } from './channelEvents';

/** What migration 006's trigger NOTIFYs for every recorded or settled transaction, on any node. */
export interface TransactionChange {
  codOper: string;
  method: string;
  status: number;
  authStatus: string;
  userId: number | null;
  /** The merchant paid (migration 011): a merchant's admin socket hears only its own. */
  merchantId: number | null;
  /** The application_name of the node that wrote it (Database.sessionName). */
  origin: string;
}

/** The changes of every node's transactions, as an emitter; close() stops listening. */
export type TransactionEvents = ChannelEvents<TransactionChange>;

function parseChange(payload: string): TransactionChange | undefined {
  try {
    const value = JSON.parse(payload) as Partial<TransactionChange>;
    if (typeof value.codOper !== 'string' || typeof value.status !== 'number') return undefined;
    return {
      codOper: value.codOper,
      method: String(value.method ?? ''),
      status: value.status,
      authStatus: String(value.authStatus ?? ''),
      userId: typeof value.userId === 'number' ? value.userId : null,
      merchantId: typeof value.merchantId === 'number' ? value.merchantId : null,
      origin: String(value.origin ?? ''),
    };
  } catch {
    return undefined;
  }
}

/** The channel migration 006 notifies for the schema this node works in. */
export function transactionChannelOf(db: Database): Promise<string> {
  return schemaChannel(db, 'pasarela_tx_');
}

/**
 * Transaction changes through PostgreSQL's LISTEN/NOTIFY (PGlite's in the embedded case), so a push
 * socket on any node hears a payment settled on any other. A NOTIFY is sent at commit, so nobody
 * hears of a payment that was rolled back.
 */
export async function listenToTransactions(db: Database): Promise<TransactionEvents> {
  return listenToChannel(db, await transactionChannelOf(db), parseChange);
}

export function pushMessageOf(tx: { codOper: string; method: string; status: number; authStatus: string }) {
  return { type: 'transaction', codOper: tx.codOper, method: tx.method, status: tx.status, authStatus: tx.authStatus };
}
