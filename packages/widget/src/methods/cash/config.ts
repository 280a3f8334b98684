import { GATEWAY_CODES, type CatalogKey, type MethodAvailability } from '@pasarela/core';

/** SPEC 1 cash networks by gateway code: the pay-cash voucher network, then the cash-point network. */
export const CASH_NETWORKS = [GATEWAY_CODES.payCash, GATEWAY_CODES.cashPoint] as const;
export type CashNetwork = (typeof CASH_NETWORKS)[number];

/** The networks the payment may use (SPEC 4 "Cash and cash-point availability flags"). */
export function offeredNetworks(methods: Pick<MethodAvailability, 'payCash' | 'cashPoint'>): CashNetwork[] {
  return CASH_NETWORKS.filter((network) => (network === GATEWAY_CODES.payCash ? methods.payCash : methods.cashPoint));
}

/** Catalogue keys naming each network (its radio) and saying where to pay. */
export const NETWORK_TEXT_KEYS: Record<CashNetwork, { name: CatalogKey; where: CatalogKey; instructions: CatalogKey }> = {
  PAYCASH: { name: 'cash_network_paycash', where: 'cash_network_paycash_where', instructions: 'cash_instructions_paycash' },
  PC: { name: 'cash_network_cash_point', where: 'cash_network_cash_point_where', instructions: 'cash_instructions_cash_point' },
};

/** A phone without a country code is read as Panamanian, where the cash networks are. */
export const CASH_PHONE_COUNTRY = 'PA';
/** What the sandbox's cash call accepts (LinkPaymentFields): e-mail 254 characters, phone 30. */
export const CASH_EMAIL_MAX_CHARS = 254;
export const CASH_PHONE_MAX_CHARS = 30;
