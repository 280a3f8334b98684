import { readTypedPesos } from '@pasarela/core';

/** Why a typed amount in pesos is refused, as the console's text key. */
export type PesosError = 'pesos.whole' | 'pesos.invalid';

/**
 * Whole pesos as an operator types them for a Colombian merchant, read by core's readTypedPesos
 * ("25.000", "25,000", "25000" are all twenty-five thousand); centavos named as such, anything else
 * refused. Never read as dollars, where "25.000" is 25.
 */
export function pesosTyped(text: string): { amount: number } | { error: PesosError } {
  const read = readTypedPesos(text);
  if ('pesos' in read) return { amount: read.pesos };
  return { error: read.refused === 'amount_whole_pesos' ? 'pesos.whole' : 'pesos.invalid' };
}
