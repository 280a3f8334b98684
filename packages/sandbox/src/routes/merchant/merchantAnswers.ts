import { captureMethodOf, centsToAmount, parseCustomFields } from '@pasarela/core';
import type { MerchantLinkWithState } from '../../store/merchantLinks';
import type { MerchantTransactionRow } from '../../store/merchantTransactions';
import type { RefundRow } from '../../store/refunds';
import { merchantTransactionOf } from '../../merchantView/merchantTransaction';
import { LINK_BRANDS } from './merchantSchemas';
import { descriptionsOfLink } from '../../store/links';

// The merchant API's answers, the shapes its OpenAPI document (openApiDocument.ts) describes.

const BRANDS: ReadonlySet<string> = new Set(LINK_BRANDS);

/** A payment link: its code (what `Checkout.open({ code })` takes) and its checkout URL, and what the merchant set. */
export function linkAnswer(link: MerchantLinkWithState, origin: string) {
  const tokens = link.card_types ? link.card_types.split(',') : [];
  const brands = tokens.filter((t) => BRANDS.has(t));
  // Stored brands stand for CARD (merchantApi's cardTypesOf): read back, a link limited to brands takes
  // cards among its methods, never the empty list that means every method.
  const methods = [...new Set([...(brands.length > 0 ? ['CARD'] : []), ...tokens.filter((t) => !BRANDS.has(t))])];
  return {
    code: link.code,
    url: `${origin}/${link.slug}`,
    state: link.state,
    amount: centsToAmount(link.amount_cents),
    taxAmount: centsToAmount(link.tax_cents),
    description: link.description,
    /** The description per language the merchant gave; a payer reads theirs, else `description`. */
    descriptions: descriptionsOfLink(link.translations),
    orderReference: link.order_reference,
    metadata: link.metadata,
    singleUse: link.single_use,
    captureMethod: captureMethodOf(link.transactions_type),
    brands,
    methods,
    returnUrl: link.return_url === '' ? null : link.return_url,
    /** SPEC 3 "Custom field": what the checkout asks the payer, as core reads the link's. */
    customFields: parseCustomFields(link.custom_fields, 'link'),
    expiresAt: link.expires_at ? link.expires_at.toISOString() : null,
    /** The payment that paid a single-use link. */
    paidBy: link.paid_cod_oper,
    payments: link.payments,
    createdAt: link.created_at.toISOString(),
    /** Its last change: a write, a payment made on it, its expiry passing (updatedFrom / updatedTo filter on it). */
    updatedAt: link.changed_at.toISOString(),
  };
}

export function refundAnswer(refund: RefundRow) {
  return {
    id: refund.id,
    codOper: refund.cod_oper,
    amount: centsToAmount(refund.amount_cents),
    status: refund.state,
    createdAt: refund.created_at.toISOString(),
  };
}

/** What the payment's lines in the books add up to (docs/merchant-api.md "Books"): null fee and net before it has any. */
function booksOf(row: Pick<MerchantTransactionRow, 'book_lines'>) {
  const { feeCents, netCents, ids } = row.book_lines;
  return {
    fee: feeCents === null ? null : centsToAmount(Number(feeCents)),
    net: netCents === null ? null : centsToAmount(Number(netCents)),
    balanceTransactionIds: ids ?? [],
  };
}

/** A transaction as the verify call, the list and the webhooks show it; with its refunds when they are given. */
export function transactionAnswer(row: MerchantTransactionRow, refunds?: readonly RefundRow[]) {
  return {
    ...merchantTransactionOf(row),
    ...booksOf(row),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ...(refunds ? { refunds: refunds.map(refundAnswer) } : {}),
  };
}

/** A subscription (docs/merchant-api.md "Subscriptions"): the same object its webhook event carries. */
export { merchantSubscriptionOf as subscriptionAnswer } from '../../merchantView/merchantSubscription';

/** One page of a list: the rows, and the cursor of the next page when there is one. */
export function pageOf<T>(data: readonly T[], nextCursor: string | null) {
  return { data, hasMore: nextCursor !== null, nextCursor };
}
