import type { Language } from './constants';
import { CARD_STATUS } from './cardOutcome';

/** `processing`: sent, answer not recorded yet; `failed`: the processor could not decide and charged nothing. */
const CARD_RESULT_KEYS = [
  'approved', 'pending', 'three_ds', 'processing', 'failed', 'cancelled',
  'generic', 'insufficient_funds', 'expired_card', 'incorrect_cvc', 'three_ds_failed',
] as const;
export type CardResultKey = (typeof CARD_RESULT_KEYS)[number];

function isCardResultKey(value: string): value is CardResultKey {
  return (CARD_RESULT_KEYS as readonly string[]).includes(value);
}

export const CARD_AUTH_STATUS: Readonly<Record<CardResultKey, string>> = {
  approved: 'APPROVED',
  pending: 'PENDING',
  three_ds: 'PENDING_3DS',
  processing: 'PROCESSING',
  failed: 'ERROR',
  cancelled: 'CANCELLED',
  generic: 'DECLINED',
  insufficient_funds: 'INSUFFICIENT_FUNDS',
  expired_card: 'EXPIRED_CARD',
  incorrect_cvc: 'INCORRECT_CVC',
  three_ds_failed: 'AUTHENTICATION_FAILED',
};

export const CARD_RESULT_STATUS: Readonly<Record<CardResultKey, number>> = {
  approved: CARD_STATUS.approved,
  pending: CARD_STATUS.pending,
  three_ds: CARD_STATUS.pending,
  processing: CARD_STATUS.pending,
  failed: CARD_STATUS.declined,
  cancelled: CARD_STATUS.declined,
  generic: CARD_STATUS.declined,
  insufficient_funds: CARD_STATUS.declined,
  expired_card: CARD_STATUS.declined,
  incorrect_cvc: CARD_STATUS.declined,
  three_ds_failed: CARD_STATUS.declined,
};

const MESSAGES: Readonly<Record<Language, Readonly<Record<CardResultKey, string>>>> = {
  es: {
    approved: 'Transacción aprobada',
    pending: 'Transacción pendiente de confirmación del banco',
    three_ds: 'Se requiere autenticación 3D Secure',
    processing: 'Transacción en proceso',
    failed: 'El procesador no pudo completar la transacción; no se hizo ningún cargo',
    cancelled: 'Pago cancelado antes de completarse; no se hizo ningún cargo',
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
    processing: 'Transaction in progress',
    failed: 'The processor could not complete the transaction; nothing was charged',
    cancelled: 'Payment cancelled before it was completed; nothing was charged',
    generic: 'Transaction declined by the issuing bank',
    insufficient_funds: 'Insufficient funds',
    expired_card: 'Expired card',
    incorrect_cvc: 'Incorrect security code (CVC)',
    three_ds_failed: '3D Secure authentication failed',
  },
};

export function cardResultMessage(key: string, lang: Language): string {
  return isCardResultKey(key) ? MESSAGES[lang][key] : key;
}
