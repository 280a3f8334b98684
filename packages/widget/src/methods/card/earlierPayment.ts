import * as v from 'valibot';
import { duplicateStateOfAnswer, PAYMENT_METHOD_IDS, type DuplicateState, type PaymentMethodId } from '@pasarela/core';
import { ChallengePageSchema } from '../../payments/challengePage';

/** The earlier payment a duplicate answer names (SPEC 8 possible_duplicated_tx): this card's own, minutes ago. */
const EarlierPaymentSchema = v.object({
  codOper: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  method: v.picklist(PAYMENT_METHOD_IDS),
  // Anything but a web page is left out, not the payment.
  challengeUrl: v.fallback(v.optional(ChallengePageSchema), undefined),
});

export interface EarlierPayment {
  codOper: string;
  method: PaymentMethodId;
  /** Charged (its receipt) or waiting (its 3DS challenge, which may still charge). */
  state: DuplicateState;
  /** Its 3DS challenge's page, as the server knows it, to open again from this browser (null: none). */
  challengeUrl: string | null;
}

/** The earlier payment of a duplicate answer's fields; null when the answer names none (a node from before). */
export function earlierPaymentOf(fields: Readonly<Record<string, unknown>>): EarlierPayment | null {
  const parsed = v.safeParse(EarlierPaymentSchema, fields);
  if (!parsed.success) return null;
  const { codOper, method, challengeUrl } = parsed.output;
  return { codOper, method, state: duplicateStateOfAnswer(fields), challengeUrl: challengeUrl ?? null };
}
