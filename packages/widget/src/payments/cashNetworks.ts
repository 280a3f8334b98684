import { GATEWAY_CODES, type CatalogKey } from '@pasarela/core';

export const CASH_NETWORKS = [GATEWAY_CODES.payCash, GATEWAY_CODES.cashPoint] as const;
export type CashNetwork = (typeof CASH_NETWORKS)[number];

export const NETWORK_TEXT_KEYS: Record<CashNetwork, { name: CatalogKey; where: CatalogKey; instructions: CatalogKey }> = {
  PAYCASH: { name: 'cash_network_paycash', where: 'cash_network_paycash_where', instructions: 'cash_instructions_paycash' },
  PC: { name: 'cash_network_cash_point', where: 'cash_network_cash_point_where', instructions: 'cash_instructions_cash_point' },
};
