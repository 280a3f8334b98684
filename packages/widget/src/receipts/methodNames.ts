import type { CatalogKey, StatusFamily } from '@pasarela/core';

/** A payment's method as the payer reads it on its receipt and its result page ("Efectivo", "Cash"), never its code ("CASH"). */
export const METHOD_KEYS: Readonly<Record<StatusFamily, CatalogKey>> = {
  card: 'method_card', balance: 'method_balance', crypto: 'method_crypto', clave: 'method_clave', nequi: 'method_nequi',
  cash: 'method_cash', cashPoint: 'method_cash', yappy: 'method_yappy',
};
