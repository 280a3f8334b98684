import type { Deps } from '../Deps';
import type { MethodPrice } from '@pasarela/core';
import { setMerchantPrice } from '../store/balanceTransactions';
import { setMerchantPayoutSettings } from '../store/payouts';

/** A merchant's prices per method and payout settings, as the sandbox sets them. */
export interface MerchantBooksChange {
  prices?: Readonly<Record<string, MethodPrice>> | undefined;
  payoutSchedule?: string | undefined;
  payoutAccount?: string | undefined;
}

/** Changes a merchant's prices and payout settings together, or none of them. */
export async function setMerchantBooks(deps: Pick<Deps, 'db'>, merchantId: number, change: MerchantBooksChange): Promise<void> {
  await deps.db.transaction(async (tx) => {
    for (const [method, price] of Object.entries(change.prices ?? {})) await setMerchantPrice(tx, merchantId, method, price);
    await setMerchantPayoutSettings(tx, merchantId, { schedule: change.payoutSchedule, account: change.payoutAccount });
  });
}
