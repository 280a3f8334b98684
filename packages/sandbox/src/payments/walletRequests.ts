import { amountToCents, walletRequestActionRefusal, WALLET_REQUEST_STATUS, type WalletRequestAction, type WalletRequestActor } from '@pasarela/core';
import type { Deps } from '../Deps';
import { PaymentError, type PaymentErrorKind } from '../errors/PaymentError';
import { creditBalance, decideWalletRequest as decideRequestRow, findWalletRequest, lockWallets, type WalletRequestRow } from '../store/balanceMovements';
import { debitBalance } from '../store/users';

const REFUSAL_KIND: Readonly<Record<NonNullable<ReturnType<typeof walletRequestActionRefusal>>, PaymentErrorKind>> = {
  payment_request_not_found: 'not_found', payment_request_to_self: 'refused', request_already_paid: 'conflict', payment_request_cancelled: 'conflict',
};

function actorOf(row: WalletRequestRow, userId: number, email: string): WalletRequestActor {
  if (row.user_id === userId) return 'requester';
  return email.trim() !== '' && row.data.to.trim().toLowerCase() === email.trim().toLowerCase() ? 'recipient' : 'other';
}

function refuseUnless(row: WalletRequestRow | undefined, userId: number, email: string, action: WalletRequestAction): WalletRequestRow {
  const refusal = row ? walletRequestActionRefusal(row.status, actorOf(row, userId, email), action) : 'payment_request_not_found';
  if (refusal || !row) throw new PaymentError(REFUSAL_KIND[refusal ?? 'payment_request_not_found'], refusal ?? 'payment_request_not_found');
  return row;
}

/**
 * A wallet payment request paid by its recipient (its balance to its requester's) or called off
 * (core walletRequestActionRefusal says who may). The status moves by one conditional write in the
 * transaction that moves the money, so a request is paid once, and one called off is never paid.
 */
export async function decideWalletRequest(deps: Pick<Deps, 'db'>, id: number, me: { id: number; email: string }, action: WalletRequestAction): Promise<WalletRequestRow> {
  const userId = me.id;
  const { pending, paid, declined } = WALLET_REQUEST_STATUS;
  const asked = refuseUnless(await findWalletRequest(deps.db, id), userId, me.email, action);
  const decided = await deps.db.transaction(async (tx) => {
    if (action === 'pay') await lockWallets(tx, [userId, asked.user_id]);
    const row = await decideRequestRow(tx, id, pending, action === 'pay' ? paid : declined, action === 'pay' ? userId : null);
    // Decided meanwhile: answered by what it became.
    if (!row) return refuseUnless(await findWalletRequest(tx, id), userId, me.email, action);
    if (action === 'pay') {
      const cents = amountToCents(row.data.amount);
      if (!(await debitBalance(tx, userId, cents))) throw new PaymentError('refused', 'wallet_insufficient_balance');
      const credit = await creditBalance(tx, row.user_id, cents);
      if (credit === 'balance_full') throw new PaymentError('refused', 'wallet_balance_full');
      if (credit === 'no_wallet') throw new PaymentError('not_found', 'payment_request_not_found');
    }
    return row;
  });
  return decided;
}
