import * as v from 'valibot';
import { CardPaymentPayloadSchema } from './cardPaymentSchema';
import { SERVICE_CODES } from './constants';
import { freeText } from './freeText';

// SPEC 7 "POST subscription payment via process tx (requestPay with card info,
// activateSubscription{idSubscription, subscriptionKey}, serviceCode, idMerchant)", as the server
// checks it. Issue messages are the error codes the server answers with.

const id = v.pipe(v.number('missing_arguments'), v.safeInteger('missing_arguments'), v.minValue(1, 'missing_arguments'));

/** SPEC 3 "activateSubscription (idSubscription, subscriptionKey)", in a process tx and an activity pay alike. */
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
      // SPEC 9 "subscription uses REC".
      serviceCode: v.literal(SERVICE_CODES.subscription, 'invalid_arguments'),
      idMerchant: id,
    },
    'missing_arguments',
  ),
  // The card payment pays the subscription it activates: a body naming another code is refused.
  v.forward(
    v.partialCheck([['requestPay', 'code'], ['activateSubscription', 'subscriptionKey']], (b) => b.requestPay.code === b.activateSubscription.subscriptionKey, 'invalid_arguments'),
    ['requestPay', 'code'],
  ),
);

/** Whether a process-tx body asks to activate a subscription (SPEC 7): it names activateSubscription. */
export function activatesSubscriptionBody(body: Record<string, unknown>): boolean {
  return body['activateSubscription'] !== undefined && body['activateSubscription'] !== null;
}
