import { holdLapsed } from '@pasarela/core';
import type { Deps } from '../Deps';
import { holdOf } from '../merchantView/paymentHold';
import { holdsToReconcile } from '../store/holds';
import { findTransaction } from '../store/transactions';
import { askCapture } from './capturePayment';
import { askRelease, releaseHold } from './releaseHold';

const BATCH = 50;

/**
 * Holds the merchant left open past their deadline (HOLD_RELEASE_AFTER_MS, shorter than the card
 * processor keeps an authorization) are released before they lapse there, so none is booked or paid
 * out; a capture or release whose answer was lost is asked again under its key (a capture recorded
 * then mails its receipt, linked on `publicOrigin`). Returns the payments it settled.
 */
export async function reconcileHolds(deps: Pick<Deps, 'db' | 'gateways'> & Partial<Pick<Deps, 'publicOrigin'>>, now = new Date()): Promise<string[]> {
  const settled: string[] = [];
  for (const due of await holdsToReconcile(deps.db, BATCH)) {
    const row = await findTransaction(deps.db, due.cod_oper);
    const hold = row ? holdOf(row) : null;
    if (!row || !hold) continue;
    try {
      if (hold.state === 'capturing') await askCapture(deps, row, deps.publicOrigin === undefined ? undefined : { origin: deps.publicOrigin });
      // Who began it is not kept: past the deadline it is the lapse, before it the merchant's void.
      else if (hold.state === 'releasing') await askRelease(deps, row, row.capture_before && row.capture_before <= now ? 'expired' : 'released');
      else if (row.capture_before && holdLapsed(hold, row.capture_before, now)) await releaseHold(deps, row.cod_oper, 'expired');
      else continue;
      settled.push(row.cod_oper);
    } catch {
      // No answer, or a refusal: the next round asks again.
    }
  }
  return settled;
}
