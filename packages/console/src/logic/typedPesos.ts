import { typedAmountSlip, typedPesos } from '@pasarela/core';

/** Why a typed amount in pesos is refused, as the console's text key. */
export type PesosError = 'pesos.whole' | 'pesos.invalid';

/**
 * Whole pesos as an operator types them for a Colombian merchant: grouped as Colombia writes them or
 * not ("25.000", "25,000", "25000" are all twenty-five thousand: core's typedPesos); centavos named
 * as such (core's typedAmountSlip), anything else refused. Never read as dollars, where "25.000" is 25.
 */
export function pesosTyped(text: string): { amount: number } | { error: PesosError } {
  if (typedAmountSlip(text, 'COP') === 'amount_whole_pesos') return { error: 'pesos.whole' };
  const pesos = typedPesos(text);
  return pesos === null ? { error: 'pesos.invalid' } : { amount: pesos };
}
