import type { Deps } from '../Deps';
import { claimGiveBacks } from '../store/giveBacks';
import { endGiveBack, type OwedToPayer } from '../store/transactionUpdates';
import { askPortToGiveBack } from './withdrawAtGateway';
import { reconcileStrayDeposits } from './cryptoStrayDeposits';

const RECONCILE_BATCH = 100;

/** Past the port call's deadline: its first try was cut. */
export const GIVE_BACK_WAIT_MS = 15_000;

const CLAIM_MS = 60_000;

/** Then the money is recorded owed, and a person checks the gateway. */
export const GIVE_BACK_GIVE_UP_MS = 24 * 60 * 60_000;

/**
 * Give-backs whose first try was cut are asked of their port again under the same keys, so nothing is
 * given twice; then `given_back` or `owed` (the conditional write fires one owed_to_payer webhook).
 */
export async function reconcileGiveBacks(deps: Pick<Deps, 'db' | 'gateways'>): Promise<string[]> {
  const rows = await claimGiveBacks(deps.db, { waitMs: GIVE_BACK_WAIT_MS, claimMs: CLAIM_MS, giveUpMs: GIVE_BACK_GIVE_UP_MS, limit: RECONCILE_BATCH });
  const changed: string[] = [];
  for (const { overdue, ...row } of rows) {
    const owed = row.details['owedToPayer'] as OwedToPayer;
    const said = (await askPortToGiveBack(deps, row, owed.amountCents)) ?? (overdue ? 'owed' : undefined);
    if (said && (await endGiveBack(deps.db, row.cod_oper, said))) changed.push(row.cod_oper);
  }
  // Coins at a crypto address the payment moved from, the first send cut or refused: asked again under their keys.
  changed.push(...(await reconcileStrayDeposits(deps)));
  return changed;
}
