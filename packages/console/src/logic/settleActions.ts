import type { Transaction } from '../api/schemas';
import { canRefund } from './refundAmount';

/** The outside parties the console plays, one button each (docs/sandbox.md "Playing the payer's other parts"). */
export type SettleAction =
  | 'nequiApprove' | 'nequiFail'
  | 'yappyApprove' | 'yappyFail'
  | 'cashPaid'
  | 'cryptoFull' | 'cryptoUnder'
  | 'claveApprove' | 'claveFail'
  | 'threeDsApprove' | 'threeDsFail'
  | 'subscriptionDue'
  | 'randomCharge' | 'revealCharge'
  /** The merchant's calls (docs/merchant-api.md), made by the provider's dashboard: refund (all that remains or a part), void what waits, capture a hold (all of it). */
  | 'refund' | 'void' | 'capture';

/** The card auth status of a payment waiting on the 3DS challenge page. */
export const THREE_DS_PENDING = 'PENDING_3DS';

/**
 * Which buttons a transaction carries: pending payments get the calls that settle them; an approved
 * card payment can take a random charge (or show the one it has); a paid subscription can fall due.
 */
export function settleActionsOf(tx: Pick<Transaction, 'method' | 'status' | 'authStatus' | 'outcome' | 'reference' | 'subscriptionKey' | 'underpaid' | 'validationState' | 'paidAmount' | 'refunds' | 'capturableAmount'> & Partial<Pick<Transaction, 'currency' | 'disputes'>>): SettleAction[] {
  const pending = tx.outcome === 'PENDING';
  const actions: SettleAction[] = [];
  if (tx.method === 'nequi' && pending && tx.status === -1) actions.push('nequiApprove', 'nequiFail');
  // The test phones answer by themselves; one that never answers (63333333) is answered here.
  if (tx.method === 'yappy' && pending) actions.push('yappyApprove', 'yappyFail');
  if (tx.method === 'cash' && pending && tx.reference) actions.push('cashPaid');
  // An under-paid payment still waits for the rest: a full confirmation finishes it.
  if (tx.method === 'crypto' && pending) actions.push(...(tx.underpaid ? (['cryptoFull'] as const) : (['cryptoFull', 'cryptoUnder'] as const)));
  if (tx.method === 'clave' && pending && tx.status === -1) actions.push('claveApprove', 'claveFail');
  if (tx.method === 'card' && tx.authStatus === THREE_DS_PENDING) actions.push('threeDsApprove', 'threeDsFail');
  if (tx.subscriptionKey && tx.outcome === 'APPROVED') actions.push('subscriptionDue');
  if (tx.method === 'card' && tx.outcome === 'APPROVED') actions.push(tx.validationState === null ? 'randomCharge' : 'revealCharge');
  // An approved payment of a method with a way back and something left to give back (core's refundCheck,
  // pending refunds holding their part); a pending one can be called off.
  if (canRefund(tx)) actions.push('refund');
  // A manual-capture payment's open hold: taken whole, or released.
  if (tx.capturableAmount > 0) actions.push('capture');
  if (pending || tx.capturableAmount > 0) actions.push('void');
  return actions;
}

/** Half the quoted coin amount: clearly short, so the checkout shows what is still owed. */
export function underpaymentOf(cryptoDue: number | null): number {
  return cryptoDue === null ? 0 : Math.round((cryptoDue / 2) * 1e8) / 1e8;
}
