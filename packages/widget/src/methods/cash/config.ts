import { GATEWAY_CODES, type MethodAvailability } from '@pasarela/core';
import { CASH_NETWORKS, type CashNetwork } from '../../payments/cashNetworks';

export function offeredNetworks(methods: Pick<MethodAvailability, 'payCash' | 'cashPoint'>): CashNetwork[] {
  return CASH_NETWORKS.filter((network) => (network === GATEWAY_CODES.payCash ? methods.payCash : methods.cashPoint));
}

/** A phone without a country code is read as Panamanian, where the cash networks are. */
/** A phone without a country code is Panamanian, where the cash networks are. */
export const CASH_PHONE_COUNTRY = 'PA';
/** What the sandbox's cash call accepts: e-mail 254 characters, phone 30. */
export const CASH_EMAIL_MAX_CHARS = 254;
export const CASH_PHONE_MAX_CHARS = 30;
