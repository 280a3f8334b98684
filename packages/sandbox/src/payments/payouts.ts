import { randomUUID } from 'node:crypto';
import { arrivalDateOf, payoutPeriodOf, timeZoneOfCountry } from '@pasarela/core';
import type { Deps } from '../Deps';
import { isGatewayOutcomeUnknown, type PayoutTransfer } from '@pasarela/gateways';
import { gatewayCall } from '../gateways/GatewayCall';
import { statementReferenceOf } from '../merchantView/merchantPayout';
import {
  claimPendingPayouts, createPayout, findPayout, makePendingAvailable, markPayoutFailed, markPayoutPaid, merchantsWithAvailableMoney, recordPayoutReference,
  type PayableMerchant, type PayoutRow,
} from '../store/payouts';

const RECONCILE_BATCH = 100;
const CLAIM_MS = 60_000;

async function recordTransfer(deps: Pick<Deps, 'db' | 'metrics'>, payout: PayoutRow, transfer: PayoutTransfer): Promise<void> {
  if (transfer.status === 'paid') {
    if (await deps.db.transaction((tx) => markPayoutPaid(tx, payout.id, transfer.reference))) deps.metrics?.countPayout('paid');
  } else if (transfer.status === 'failed') {
    if (await deps.db.transaction((tx) => markPayoutFailed(tx, payout.id, 'returned_by_bank'))) deps.metrics?.countPayout('failed');
  } else await recordPayoutReference(deps.db, payout.id, transfer.reference);
}

/** Under its own id; no answer leaves it pending for the reconciler. */
async function sendPayout(deps: Pick<Deps, 'db' | 'gateways' | 'metrics'>, payout: PayoutRow): Promise<void> {
  let transfer: PayoutTransfer;
  try {
    transfer = await deps.gateways.payout.pay({ ...gatewayCall(payout.id), amountCents: payout.amount_cents, currency: payout.currency, destination: payout.destination,
      statementReference: statementReferenceOf(payout.id) });
  } catch {
    return;
  }
  await recordTransfer(deps, payout, transfer);
}

/** One payout per merchant and period (createPayout's conditional insert), each sent through the rail; past PAYOUT_MAX_CENTS, one per part of it. */
async function payOut(deps: Pick<Deps, 'db' | 'gateways' | 'metrics'>, periodOf: (merchant: PayableMerchant) => string | undefined, now: Date, onlyMerchant?: number): Promise<PayoutRow[]> {
  const made: PayoutRow[] = [];
  for (const merchant of await merchantsWithAvailableMoney(deps.db, onlyMerchant)) {
    const period = periodOf(merchant);
    if (period === undefined) continue;
    const arrival = arrivalDateOf(now, merchant.country);
    // More than one payout carries (PAYOUT_MAX_CENTS): the rest in the period's further parts, each once too.
    for (let part = 1; ; part++) {
      const partPeriod = part === 1 ? period : `${period}:${part}`;
      const created = await deps.db.transaction((tx) => createPayout(tx, merchant, partPeriod, arrival));
      if (!created) break;
      deps.metrics?.countPayout('created');
      await sendPayout(deps, created.payout);
      made.push(created.payout);
      if (!created.more) break;
    }
  }
  return made;
}

export function runScheduledPayouts(deps: Pick<Deps, 'db' | 'gateways' | 'metrics'>, now = new Date()): Promise<PayoutRow[]> {
  return payOut(deps, (m) => payoutPeriodOf(m.payout_schedule, now, timeZoneOfCountry(m.country)), now);
}

/** Pending payouts asked about by id; one the rail never received is sent again under the same id. */
export async function reconcilePayouts(deps: Pick<Deps, 'db' | 'gateways' | 'metrics'>, claimMs = CLAIM_MS): Promise<string[]> {
  const changed: string[] = [];
  for (const payout of await claimPendingPayouts(deps.db, { claimMs, limit: RECONCILE_BATCH })) {
    let transfer: PayoutTransfer | null;
    try {
      transfer = await deps.gateways.payout.lookup(gatewayCall(payout.id));
    } catch (error) {
      if (isGatewayOutcomeUnknown(error)) continue;
      throw error;
    }
    if (transfer === null) await sendPayout(deps, payout);
    else await recordTransfer(deps, payout, transfer);
    changed.push(payout.id);
  }
  return changed;
}

/** docs/sandbox.md "Payouts": everything available now, paid out at once and the rail asked straight away. */
export async function runSandboxPayouts(deps: Pick<Deps, 'db' | 'gateways' | 'metrics'>, onlyMerchant?: number): Promise<PayoutRow[]> {
  await makePendingAvailable(deps.db, onlyMerchant);
  const run = randomUUID();
  const made = await payOut(deps, () => `sandbox:${run}`, new Date(), onlyMerchant);
  await reconcilePayouts(deps, 0);
  return settledPayouts(deps, made);
}

/** How long a sandbox run waits for a payout another node is paying (the rail answers in well under a second). */
const SETTLE_WAIT_MS = 5_000;
const SETTLE_POLL_MS = 50;

/**
 * The payouts as they ended. On two nodes at once the other node's reconciler may be paying one of
 * them (this node's own call lost to it at the rail): waited for, so the answer says what it became.
 */
async function settledPayouts(deps: Pick<Deps, 'db'>, made: readonly PayoutRow[]): Promise<PayoutRow[]> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  for (;;) {
    const rows = await Promise.all(made.map(async (payout) => (await findPayout(deps.db, payout.id)) ?? payout));
    if (rows.every((row) => row.status !== 'pending') || Date.now() >= deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}
