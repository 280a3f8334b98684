import * as v from 'valibot';
import { CardPaymentPayloadSchema } from './cardPaymentSchema';
import { SERVICE_CODES } from './constants';
import { freeText } from './freeText';

const id = v.pipe(v.number('missing_arguments'), v.safeInteger('missing_arguments'), v.minValue(1, 'missing_arguments'));

export const ActivateSubscriptionSchema = v.object(
  {
    idSubscription: id,
    subscriptionKey: v.pipe(freeText(64, { tooLongMessage: 'missing_arguments' }), v.regex(/^[A-Za-z0-9_-]+$/, 'missing_arguments')),
  },
  'missing_arguments',
);

export const SubscriptionProcessTxSchema = v.pipe(
  v.object(
    {
      requestPay: CardPaymentPayloadSchema,
      activateSubscription: ActivateSubscriptionSchema,
      serviceCode: v.literal(SERVICE_CODES.subscription, 'invalid_arguments'),
      idMerchant: id,
    },
    'missing_arguments',
  ),
  // A body naming another code than the subscription's is refused.
  v.forward(
    v.partialCheck([['requestPay', 'code'], ['activateSubscription', 'subscriptionKey']], (b) => b.requestPay.code === b.activateSubscription.subscriptionKey, 'invalid_arguments'),
    ['requestPay', 'code'],
  ),
);

export function activatesSubscriptionBody(body: Record<string, unknown>): boolean {
  return body['activateSubscription'] !== undefined && body['activateSubscription'] !== null;
}
