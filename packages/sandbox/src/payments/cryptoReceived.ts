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

/**
 * The key the crypto processor keeps the payment's deposit (its address, what reached it) under, as the
 * payment holds it (details.depositKey); a payment that never changed its coin or network, or was
 * recorded before payments held it, is under its first key, `codOper:network`. updateQuote derives the
 * same key in SQL for the deposit a payment moves from (store/cryptoRefunds.test.ts holds the two together).
 */
export function depositKeyOf(tx: Pick<TransactionRow, 'cod_oper' | 'details'>): string {
  const key = tx.details['depositKey'];
  return typeof key === 'string' && key !== '' ? key : `${tx.cod_oper}:${String(tx.details['network'])}`;
}

/**
 * The key of the address a payment moved to another coin or network asks for: an address is one coin's
 * on one network, so a coin never gets another coin's address (nor what a stale page sent there).
 */
export const depositKeyFor = (codOper: string, currency: string, network: string) => `${codOper}:${network}.${currency}`;

/** The refund a cancelled payment owes (or sent), as recorded. */
export function cryptoRefundOf(tx: Pick<TransactionRow, 'details'>): CryptoRefund | null {
  const parsed = v.safeParse(CryptoRefundSchema, tx.details['refund']);
  return parsed.success ? parsed.output : null;
}

const FormerDepositSchema = v.object({ depositKey: v.pipe(v.string(), v.minLength(1)), coin: v.string(), network: v.string() });
export type FormerDeposit = v.InferOutput<typeof FormerDepositSchema>;

/**
 * The deposit at `address` when it is one the payment moved from (details.formerDeposits, kept by a
 * coin change), not its address now: coins there are the payer's, never the payment's coin's.
 */
export function formerDepositOf(tx: Pick<TransactionRow, 'details' | 'reference'>, address: string): FormerDeposit | undefined {
  if (address === tx.reference) return undefined;
  const former = tx.details['formerDeposits'];
  if (typeof former !== 'object' || former === null || !Object.hasOwn(former, address)) return undefined;
  const parsed = v.safeParse(FormerDepositSchema, (former as Record<string, unknown>)[address]);
  return parsed.success ? parsed.output : undefined;
}

const StrayDepositSchema = v.object({ ...CryptoRefundSchema.entries, sent: v.optional(v.number(), 0) });
export type StrayDeposit = v.InferOutput<typeof StrayDepositSchema>;

/** Coins that reached addresses the payment moved from (details.strayDeposits), by address: each owed back from its own deposit. */
export function strayDepositsOf(tx: Pick<TransactionRow, 'details'>): Array<{ address: string; stray: StrayDeposit }> {
  const strays = tx.details['strayDeposits'];
  if (typeof strays !== 'object' || strays === null) return [];
  return Object.entries(strays as Record<string, unknown>).flatMap(([address, value]) => {
    const parsed = v.safeParse(StrayDepositSchema, value);
    return parsed.success ? [{ address, stray: parsed.output }] : [];
  });
}
