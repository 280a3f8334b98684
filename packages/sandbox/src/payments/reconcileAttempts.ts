import { isGatewayOutcomeUnknown, type GatewayOutcomeUnknown } from '@pasarela/gateways';
import { cancelledStatusOf } from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import { type TransactionRow } from '../store/transactions';
import { dropUnsentAttempt, type PaymentOutcome } from '../store/transactionUpdates';
import { attemptsOfOtherProcessors, attemptsToReconcile } from '../store/attemptsToReconcile';
import { reachablePairs, type ProcessorNames } from '../gateways/processors';
import { giveRenewalPeriodBack } from '../store/subscriptions';
import { bankOutcomeOf, cardOutcomeOf, cryptoOutcomeOf, pushOutcomeOf, voucherOutcomeOf } from './gatewayOutcomes';
import { settlePayment } from './settlePayment';
import { receiptOfSettled } from './receiptMail';
import { reconcileOverpayments, returnCryptoOverpayment } from './cryptoOverpayment';
import { depositKeyOf } from './cryptoReceived';
import { reconcileCardChecks } from './cardCheck';
import { reconcileGiveBacks } from './reconcileGiveBacks';

const RECONCILE_BATCH = 200;

/** Past the call's deadline. */
export const IN_DOUBT_AFTER_MS = 15_000;

const NEVER_RECEIVED = 'never_received';

/** A wait past its window is withdrawn there first, then expired. */
async function askGateway(deps: Pick<Deps, 'gateways'>, row: TransactionRow, lapsed: boolean): Promise<PaymentOutcome | typeof NEVER_RECEIVED | undefined> {
  const call = gatewayCall(row.cod_oper);
  switch (row.method) {
    case 'nequi': case 'yappy': {
      const answer = lapsed ? await deps.gateways.push.cancel(call) : await deps.gateways.push.status(call);
      if (!answer) return NEVER_RECEIVED;
      if (answer.state === 'cancelled' || (lapsed && answer.state === 'waiting')) return pushOutcomeOf(row.method, { state: 'expired' });
      return pushOutcomeOf(row.method, answer) ?? { status: -1, authStatus: 'PENDING', messageKey: 'pending', details: answer.qrValue ? { qrValue: answer.qrValue } : {} };
    }
    case 'cash': {
      const voucher = lapsed ? await deps.gateways.voucher.cancel(call) : await deps.gateways.voucher.status(call);
      if (!voucher) return NEVER_RECEIVED;
      if (voucher.state === 'cancelled' || (lapsed && voucher.state === 'issued')) return voucherOutcomeOf({ ...voucher, state: 'expired' });
      return { ...(voucherOutcomeOf(voucher) ?? { status: 0, authStatus: 'PENDING', messageKey: 'pending' }), reference: voucher.reference };
    }
    case 'card': {
      const decision = await deps.gateways.card.lookup({ ...call, reference: row.gateway_reference });
      if (!decision) return NEVER_RECEIVED;
      // Kept for the payer's retry to go to.
      return { ...cardOutcomeOf(decision), ...(decision.status === 'challenge' ? { redirectUrl: decision.url } : {}) };
    }
    case 'crypto': {
      const deposit = await deps.gateways.crypto.status(gatewayCall(depositKeyOf(row)));
      if (!deposit) return NEVER_RECEIVED;
      return cryptoOutcomeOf(row, deposit) ?? { status: 0, authStatus: 'PENDING', messageKey: 'pending', reference: deposit.address };
    }
    case 'clave': {
      const outcome = await deps.gateways.bank.outcome(call);
      if (!outcome) return NEVER_RECEIVED;
      return bankOutcomeOf(outcome) ?? { status: -1, authStatus: 'PENDING', messageKey: 'pending' };
    }
    default: return undefined;
  }
}

/**
 * Attempts whose answer was never recorded, and waits past their window, settled from what the gateway
 * says under the attempt's key, never by charging again; one it never received is forgotten. Every
 * node runs it: the settle is conditional, so an attempt two nodes look at changes once. A node
 * settles only the attempts whose processor it has (and those recorded without one). A card payment
 * approved or a voucher paid gets its receipt, as when a notification settles it (linked on
 * `publicOrigin`), written with the outcome: once, whichever node or notification settles it.
 */
export async function reconcileAttempts(deps: Pick<Deps, 'db' | 'gateways' | 'processors'> & Partial<Pick<Deps, 'publicOrigin'>>): Promise<string[]> {
  const rows = await attemptsToReconcile(deps.db, {
    inDoubtAfterMs: IN_DOUBT_AFTER_MS, limit: RECONCILE_BATCH,
    // Another processor's attempt is left for a node that has it: asked here, it would say "never received" and be forgotten.
    reachable: deps.processors && reachablePairs(deps.processors),
  });
  const changed: string[] = [];
  // A silent gateway leaves its attempts for the next pass; the others go on (one processor away
  // would otherwise hold back every method's attempts).
  let unanswered: GatewayOutcomeUnknown | undefined;
  for (const { lapsed, ...row } of rows) {
    let said: Awaited<ReturnType<typeof askGateway>>;
    try {
      said = await askGateway(deps, row, lapsed);
    } catch (error) {
      if (!isGatewayOutcomeUnknown(error)) throw error;
      unanswered ??= error;
      continue;
    }
    if (said === NEVER_RECEIVED && (await dropUnsentAttempt(deps.db, row.cod_oper))) {
      const subscriptionId = row.details['idSubscription'];
      if (row.details['renewal'] === true && typeof subscriptionId === 'number') await giveRenewalPeriodBack(deps.db, subscriptionId);
      changed.push(row.cod_oper);
      continue;
    }
    const outcome = said === NEVER_RECEIVED ? { status: cancelledStatusOf(row.method), authStatus: 'ERROR', messageKey: 'failed' } : said;
    if (!outcome) continue;
    const receipt = deps.publicOrigin !== undefined ? receiptOfSettled({ origin: deps.publicOrigin }) : undefined;
    const settled = await settlePayment(deps, row.cod_oper, outcome, { mailOf: receipt });
    if (settled && settled.kind !== 'finished') changed.push(row.cod_oper);
    if (settled?.kind === 'settled' && row.method === 'crypto') await returnCryptoOverpayment(deps, settled.row, deps.publicOrigin);
  }
  changed.push(...(await reconcileCardChecks(deps)));
  changed.push(...(await reconcileGiveBacks(deps)));
  changed.push(...(await reconcileOverpayments(deps)));
  // Thrown last, so the timer's log names the gateway that did not answer.
  if (unanswered) throw unanswered;
  return changed;
}

/** How many attempts of each processor and method /health and the start count before they say "at least". */
export const UNREACHABLE_ATTEMPTS_CAP = 1_000;

/** The attempts waiting for a processor this node does not have: said at start and in /health (up to `cap` each), never settled here. */
export function unreachableAttempts(db: Deps['db'], processors: ProcessorNames, cap = UNREACHABLE_ATTEMPTS_CAP): ReturnType<typeof attemptsOfOtherProcessors> {
  return attemptsOfOtherProcessors(db, reachablePairs(processors), cap);
}
