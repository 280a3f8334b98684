import type { Database } from '../db/Database';
import { listenToChannel, schemaChannel, type ChannelEvents } from './channelEvents';

/** Migration 006's trigger NOTIFYs it for every recorded or settled transaction. */
export interface TransactionChange {
  codOper: string;
  method: string;
  status: number;
  authStatus: string;
  userId: number | null;
  /** A merchant's admin socket hears only its own. */
  merchantId: number | null;
  /** Database.sessionName of the writing node. */
  origin: string;
}

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

export function transactionChannelOf(db: Database): Promise<string> {
  return schemaChannel(db, 'pasarela_tx_');
}

/** So a push socket on any node hears a payment settled on any other; NOTIFY at commit, so never a rolled-back one. */
export async function listenToTransactions(db: Database): Promise<TransactionEvents> {
  return listenToChannel(db, await transactionChannelOf(db), parseChange);
}

export function pushMessageOf(tx: { codOper: string; method: string; status: number; authStatus: string }) {
  return { type: 'transaction', codOper: tx.codOper, method: tx.method, status: tx.status, authStatus: tx.authStatus };
}
