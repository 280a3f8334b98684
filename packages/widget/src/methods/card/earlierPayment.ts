import * as v from 'valibot';
import { duplicateStateOfAnswer, PAYMENT_METHOD_IDS, type DuplicateState, type PaymentMethodId } from '@pasarela/core';
import { ChallengePageSchema } from '../../payments/challengePage';

const EarlierPaymentSchema = v.object({
  codOper: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  method: v.picklist(PAYMENT_METHOD_IDS),
  // Anything but a web page is left out, not the payment.
  challengeUrl: v.fallback(v.optional(ChallengePageSchema), undefined),
});

export interface EarlierPayment {
  codOper: string;
  method: PaymentMethodId;
  state: DuplicateState;
  /** Its 3DS challenge's page, as the server knows it, to open again from this browser (null: none). */
  challengeUrl: string | null;
}

/** Null when the answer names none (a node from before). */
export function earlierPaymentOf(fields: Readonly<Record<string, unknown>>): EarlierPayment | null {
  const parsed = v.safeParse(EarlierPaymentSchema, fields);
  if (!parsed.success) return null;
  const { codOper, method, challengeUrl } = parsed.output;
  return { codOper, method, state: duplicateStateOfAnswer(fields), challengeUrl: challengeUrl ?? null };
}
