import type { Deps } from '../Deps';
import { claimGiveBacks } from '../store/giveBacks';
import { endGiveBack, type OwedToPayer } from '../store/transactionUpdates';
import { askPortToGiveBack } from './withdrawAtGateway';

/** How many give-backs one pass looks at; the next pass takes the rest. */
const RECONCILE_BATCH = 100;

/** A give-back still `giving_back` this long after the money was taken had its first try cut (past the port call's deadline). */
export const GIVE_BACK_WAIT_MS = 15_000;

/** How long a node's claim on a give-back lasts: another node asks its port again only after it. */
const CLAIM_MS = 60_000;

/** A port still silent this long after the money was taken: the money is recorded owed, and a person checks the gateway. */
export const GIVE_BACK_GIVE_UP_MS = 24 * 60 * 60_000;

/**
 * The give-back reconciler: money a gateway took for a called-off payment, left `giving_back` because
 * its first try was cut (the node stopped, the port's answer lost), is asked of its port again under
 * the same keys, so money the gateway already gave back is not given twice; then recorded
 * `given_back`, or `owed` (the conditional write fires the one transaction.owed_to_payer webhook).
 * A port still silent leaves it for a later pass, until GIVE_BACK_GIVE_UP_MS. Each give-back is claimed by one
 * node at a time. Returns the payments this pass changed.
 */
export async function reconcileGiveBacks(deps: Pick<Deps, 'db' | 'gateways'>): Promise<string[]> {
  const rows = await claimGiveBacks(deps.db, { waitMs: GIVE_BACK_WAIT_MS, claimMs: CLAIM_MS, giveUpMs: GIVE_BACK_GIVE_UP_MS, limit: RECONCILE_BATCH });
  const changed: string[] = [];
  for (const { overdue, ...row } of rows) {
    const owed = row.details['owedToPayer'] as OwedToPayer;
    const said = (await askPortToGiveBack(deps, row, owed.amountCents)) ?? (overdue ? 'owed' : undefined);
    if (said && (await endGiveBack(deps.db, row.cod_oper, said))) changed.push(row.cod_oper);
  }
  return changed;
}
