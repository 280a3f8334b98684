import * as v from 'valibot';
import { duplicateStateOfAnswer, PAYMENT_METHOD_IDS, type DuplicateState, type PaymentMethodId } from '@pasarela/core';

const EarlierPaymentSchema = v.object({
  codOper: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  method: v.picklist(PAYMENT_METHOD_IDS),
});

export interface EarlierPayment {
  codOper: string;
  method: PaymentMethodId;
  state: DuplicateState;
}

/** Null when the answer names none (a node from before). */
export function earlierPaymentOf(fields: Readonly<Record<string, unknown>>): EarlierPayment | null {
  const parsed = v.safeParse(EarlierPaymentSchema, fields);
  return parsed.success ? { codOper: parsed.output.codOper, method: parsed.output.method, state: duplicateStateOfAnswer(fields) } : null;
}
