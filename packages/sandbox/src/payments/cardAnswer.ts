import { cardResultMessage } from '@pasarela/core';
import type { Language } from '@pasarela/core';
import type { TransactionRow } from '../store/transactions';
import { maskedNumber } from './cardFingerprint';

/** The 200 answer of auth-capture (core's CardAuthResponseSchema reads it). */
export interface CardAnswer {
  status: number;
  codOper: string;
  messageSys: string;
  authStatus: string;
  cardType: string;
  displayNum: string;
  redirectUrl?: string;
}

export function cardAnswerOf(row: TransactionRow, lang: Language): CardAnswer {
  return {
    status: row.status,
    codOper: row.cod_oper,
    messageSys: cardResultMessage(row.message_key, lang),
    authStatus: row.auth_status,
    cardType: row.card_brand ?? '',
    displayNum: maskedNumber(row.card_last4 ?? ''),
    ...(row.redirect_url ? { redirectUrl: row.redirect_url } : {}),
  };
}
