import type { PaymentContext } from './paymentContext';
import * as v from 'valibot';
import { kept } from '../services/tabMemory';

/** The phone typed for a phone wallet on a link, apart from the attempt (the name stays: a page of any version reads it). */
export const phoneMemory = (method: 'yappy' | 'nequi', code: string) => kept(`pasarela.phone.${method}.${code}`, v.pipe(v.string(), v.minLength(1)));

/**
 * A phone wallet's number (Yappy, Nequi), kept in the tab apart from the attempt: the form a reload
 * opens after the wait ended has it, to send again with the caret in it; forgotten once paid.
 */
export function keptPhone(payment: PaymentContext, method: 'yappy' | 'nequi') {
  const session = payment.services.storage.session;
  const memory = phoneMemory(method, payment.data.info.code);
  return {
    typed: (): string => memory.get(session) ?? '',
    keep: (phone: string): void => (phone ? memory.set(session, phone) : memory.forget(session)),
    forget: (): void => memory.forget(session),
  };
}
