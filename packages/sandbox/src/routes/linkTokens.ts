import * as v from 'valibot';
import { linkTokensNotTaken, PaymentMethodEntrySchema } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { ApiError } from '../errors/ApiError';
import { listMerchantServices, paymentMethodOf } from '../store/merchants';

/** Links are made with the default service type; the payment checks them against it. */
const LINK_TYPE = 'LK';

/** 400 naming `field` when the link lists a brand or method its merchant cannot take (core linkTokensNotTaken). */
export async function refuseUntakenLinkTokens(db: Queryable, merchantId: number, lists: Readonly<Record<string, readonly string[] | undefined>>): Promise<void> {
  const entries = (await listMerchantServices(db, merchantId)).map(paymentMethodOf).filter((e) => v.is(PaymentMethodEntrySchema, e));
  for (const [field, tokens] of Object.entries(lists)) {
    const refused = tokens ? linkTokensNotTaken(entries, LINK_TYPE, tokens) : [];
    if (refused.length > 0) throw new ApiError(400, 'invalid_arguments', `${field}: this merchant does not take ${refused.join(', ')}`);
  }
}
