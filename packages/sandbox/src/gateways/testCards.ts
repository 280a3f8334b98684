import { CARD_STATUS as STATUS, type Language } from '@pasarela/core';

/** What the simulated card gateway answers; PRODUCT.md's test-input table, row by row. */
export type CardOutcome =
  | { kind: 'approved' }
  | { kind: 'declined'; reason: DeclineReason }
  | { kind: 'processing_error' }
  | { kind: 'three_ds' }
  | { kind: 'pending' };

export type DeclineReason = 'generic' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'three_ds_failed';

const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4000000000000002': { kind: 'declined', reason: 'generic' },
  '4000000000009995': { kind: 'declined', reason: 'insufficient_funds' },
  '4000000000000069': { kind: 'declined', reason: 'expired_card' },
  '4000000000000127': { kind: 'declined', reason: 'incorrect_cvc' },
  '4000000000000119': { kind: 'processing_error' },
  '4000000000003220': { kind: 'three_ds' },
  '4000000000000259': { kind: 'pending' },
};

/** Every other valid card (4242..., 4111..., 5555...4444, 3782...0005 and the rest) is approved. */
export function cardOutcomeFor(cardNumberDigits: string): CardOutcome {
  return TEST_CARDS[cardNumberDigits] ?? { kind: 'approved' };
}

/** The gateway's authStatus and the key of its messageSys for a stored outcome. */
/** `cancelled`: a waiting payment called off (by the payer, or because another payment paid its single-use link). */
export type OutcomeKey = 'approved' | 'pending' | 'three_ds' | 'cancelled' | DeclineReason;

export function outcomeKey(outcome: CardOutcome): OutcomeKey {
  if (outcome.kind === 'declined') return outcome.reason;
  if (outcome.kind === 'processing_error') return 'generic';
  return outcome.kind;
}

export const AUTH_STATUS: Readonly<Record<OutcomeKey, string>> = {
  approved: 'APPROVED',
  pending: 'PENDING',
  three_ds: 'PENDING_3DS',
  cancelled: 'CANCELLED',
  generic: 'DECLINED',
  insufficient_funds: 'INSUFFICIENT_FUNDS',
  expired_card: 'EXPIRED_CARD',
  incorrect_cvc: 'INCORRECT_CVC',
  three_ds_failed: 'AUTHENTICATION_FAILED',
};

/** SPEC 4 card status codes: -1 pending, 0 declined, 1 approved. */
export const CARD_STATUS: Readonly<Record<OutcomeKey, number>> = {
  approved: STATUS.approved,
  pending: STATUS.pending,
  three_ds: STATUS.pending,
  cancelled: STATUS.declined,
  generic: STATUS.declined,
  insufficient_funds: STATUS.declined,
  expired_card: STATUS.declined,
  incorrect_cvc: STATUS.declined,
  three_ds_failed: STATUS.declined,
};

/** The issuer's text (messageSys), as a real gateway sends it; the widget shows it as text. */
const MESSAGE_SYS: Readonly<Record<Language, Readonly<Record<OutcomeKey, string>>>> = {
  es: {
    approved: 'Transacción aprobada',
    pending: 'Transacción pendiente de confirmación del banco',
    three_ds: 'Se requiere autenticación 3D Secure',
    cancelled: 'Pago cancelado antes de completarse',
    generic: 'Transacción declinada por el banco emisor',
    insufficient_funds: 'Fondos insuficientes',
    expired_card: 'Tarjeta vencida',
    incorrect_cvc: 'Código de seguridad (CVC) incorrecto',
    three_ds_failed: 'La autenticación 3D Secure falló',
  },
  en: {
    approved: 'Transaction approved',
    pending: 'Transaction pending confirmation from the bank',
    three_ds: '3D Secure authentication required',
    cancelled: 'Payment cancelled before it was completed',
    generic: 'Transaction declined by the issuing bank',
    insufficient_funds: 'Insufficient funds',
    expired_card: 'Expired card',
    incorrect_cvc: 'Incorrect security code (CVC)',
    three_ds_failed: '3D Secure authentication failed',
  },
};

export function isOutcomeKey(value: string): value is OutcomeKey {
  return Object.hasOwn(AUTH_STATUS, value);
}

export function messageSysFor(key: string, lang: Language): string {
  return isOutcomeKey(key) ? MESSAGE_SYS[lang][key] : key;
}
