import { EventEmitter } from 'node:events';
import type { TransactionRow } from '../store/transactions';

/** Every recorded or settled transaction, for the push-notification socket. */
export const transactionEvents = new EventEmitter<{ change: [TransactionRow] }>();
// One listener per open socket; many payers may wait at once.
transactionEvents.setMaxListeners(0);

export function pushMessageOf(tx: TransactionRow) {
  return { type: 'transaction', codOper: tx.cod_oper, method: tx.method, status: tx.status, authStatus: tx.auth_status };
}
