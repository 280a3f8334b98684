import type { Gateways } from '@pasarela/gateways';
import type { Queryable } from '../src/db/Database';
import { gatewayCall } from '../src/gateways/GatewayCall';
import { MERCHANT_API_PREFIX } from '../src/http/merchantApiPrefix';
import { canonical, requestHashOf } from '../src/routes/merchant/idempotency';
import { claimIdempotencyKey } from '../src/store/idempotencyKeys';
import { insertMerchantLink } from '../src/store/merchantLinks';
import { insertRefund } from '../src/store/refunds';

/** How far a node got in a merchant refund before it was killed. */
export type RefundReached = 'claimed' | 'recorded' | 'asked_the_processor';

/**
 * What a node killed in the middle of `POST /transactions/:codOper/refunds` leaves, written on `db`
 * as that node (`owner`, its session name) wrote it: the key claimed, then the refund recorded under
 * it, then the processor asked under the refund's id, its answer never recorded. The refund's id.
 */
export async function refundLeftByDeadNode(
  db: Queryable, gateways: Gateways, at: RefundReached,
  call: { owner: string; merchantId: number; key: string; codOper: string; amountCents: number; body: Record<string, unknown> },
): Promise<string | undefined> {
  const path = `POST ${MERCHANT_API_PREFIX}/transactions/${call.codOper}/refunds`;
  if (!(await claimIdempotencyKey(db, call.merchantId, call.key, path, requestHashOf(path, canonical(call.body)), call.owner))) throw new Error('the key was taken');
  if (at === 'claimed') return undefined;
  const refund = await insertRefund(db, { codOper: call.codOper, merchantId: call.merchantId, amountCents: call.amountCents, requestKey: call.key });
  if (at === 'asked_the_processor') {
    const [payment] = await db.query<{ gateway_reference: string; currency: string }>('select gateway_reference, currency from transactions where cod_oper = $1', [call.codOper]);
    const answer = await gateways.card.refund({ ...gatewayCall(refund.id), reference: String(payment?.gateway_reference), amountCents: call.amountCents, currency: String(payment?.currency) });
    if (answer.status !== 'refunded') throw new Error(`the processor answered ${answer.status}`);
  }
  return refund.id;
}

/** The same of `POST /payment-links`: the key claimed and the link made, its answer never kept. The link's code. */
export async function linkLeftByDeadNode(db: Queryable, call: { owner: string; merchantId: number; key: string; body: Record<string, unknown> }): Promise<string> {
  const path = `POST ${MERCHANT_API_PREFIX}/payment-links`;
  if (!(await claimIdempotencyKey(db, call.merchantId, call.key, path, requestHashOf(path, canonical(call.body)), call.owner))) throw new Error('the key was taken');
  const link = await insertMerchantLink(db, {
    merchantId: call.merchantId, description: String(call.body['description']), amountCents: Math.round(Number(call.body['amount']) * 100), taxCents: 0, cardTypes: null,
    expiresAt: null, singleUse: false, returnUrl: '', orderReference: null, metadata: {}, translations: {}, transactionsType: 'AUTH_CAPTURE', requestKey: call.key,
  });
  return String(link?.code);
}
