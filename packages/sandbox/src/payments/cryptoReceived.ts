import { CryptoRefundSchema, type CryptoRefund } from '@pasarela/core';
import * as v from 'valibot';
import type { TransactionRow } from '../store/transactions';

/** What the chain has delivered to a crypto payment, for core's cryptoRefundOnCancel. */
export function cryptoReceivedOf(tx: TransactionRow) {
  const sender = tx.details['senderAddress'];
  return {
    currency: String(tx.details['currency']), network: String(tx.details['network']), paidCrypto: Number(tx.details['paidCrypto'] ?? 0),
    senderAddress: typeof sender === 'string' ? sender : null,
  };
}

/** The crypto processor keeps one address per payment and network: the key it is asked under. */
export const depositKeyOf = (codOper: string, network: string) => `${codOper}:${network}`;

/** The refund a cancelled payment owes (or sent), as recorded. */
export function cryptoRefundOf(tx: Pick<TransactionRow, 'details'>): CryptoRefund | null {
  const parsed = v.safeParse(CryptoRefundSchema, tx.details['refund']);
  return parsed.success ? parsed.output : null;
}
