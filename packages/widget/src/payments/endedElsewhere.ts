import { CALLED_OFF_ELSEWHERE, PAID_ELSEWHERE } from './paidElsewhere';

/**
 * A push wallet's wait ended by what happened away from this page: the order paid by another
 * payment, or the wait called off from the order in another browser. Neither is a decline here.
 * Out of paidElsewhere.ts: only the push wallets' chunks read it.
 */
export function endedElsewhere(key: string | undefined): boolean {
  return key === PAID_ELSEWHERE || key === CALLED_OFF_ELSEWHERE;
}
