import type { Deps } from '../Deps';
import type { MethodPrice } from '@pasarela/core';
import { setMerchantPrice } from '../store/balanceTransactions';
import { setMerchantPayoutSettings } from '../store/payouts';
import { requireCurrentKey } from '../store/merchantKeys';

/** A merchant's prices per method and payout settings, as the sandbox sets them. */
export interface MerchantBooksChange {
  prices?: Readonly<Record<string, MethodPrice>> | undefined;
  payoutSchedule?: string | undefined;
  payoutAccount?: string | undefined;
}

/**
 * Changes a merchant's prices and payout settings together, or none of them. Where and when its money
 * is paid out is changed only by its current secret key (`callerKey`; undefined: the operator), checked
 * with the merchant locked in this transaction: a key being retired after a roll, leaked perhaps, gets
 * `secret_key_retiring`, so it cannot send the payouts to an account of its own.
 */
export async function setMerchantBooks(deps: Pick<Deps, 'db'>, merchantId: number, change: MerchantBooksChange, callerKey: string | undefined): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const payoutsChange = change.payoutAccount !== undefined || change.payoutSchedule !== undefined;
    if (payoutsChange) await requireCurrentKey(tx, merchantId, callerKey);
    for (const [method, price] of Object.entries(change.prices ?? {})) await setMerchantPrice(tx, merchantId, method, price);
    await setMerchantPayoutSettings(tx, merchantId, { schedule: change.payoutSchedule, account: change.payoutAccount });
  });
}
