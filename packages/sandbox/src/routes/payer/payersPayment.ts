import type { Context } from 'hono';
import * as v from 'valibot';
import { isTrackId } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { userIdOf } from '../../auth/sessions';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { parseOr400 } from '../../payments/validatePayload';
import { findTransaction, type TransactionRow } from '../../store/transactions';

const CodOperParamSchema = v.object({ codOper: v.pipe(v.string(), v.check(isTrackId, 'codOper must be 1 to 64 letters, digits or -_.:')) });

/**
 * The payment of `method` that a payer's route names by its `:codOper`, for the payer to act on
 * (leave a 3DS challenge, cancel a Clave wait, read or leave a Nequi or Yappy wait). A wallet user's payment is theirs alone (SPEC 6): to
 * anyone else, as for no payment of that method, it is 404 PAYMENT_NOT_FOUND.
 */
export async function payersPaymentOf(deps: Pick<Deps, 'db'>, c: Context<AppEnv>, method: string): Promise<TransactionRow> {
  const { codOper } = parseOr400(CodOperParamSchema, { codOper: c.req.param('codOper') });
  const tx = await findTransaction(deps.db, codOper);
  if (!tx || tx.method !== method || !(await mayReadPayment(deps, c, tx))) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
  return tx;
}

/**
 * Whether the request may read the payment: a guest's hangs on its unguessable code; a wallet user's
 * is theirs alone (SPEC 6). A token of no live session is 401 session_expired, as everywhere.
 */
export async function mayReadPayment(deps: Pick<Deps, 'db'>, c: Context<AppEnv>, tx: Pick<TransactionRow, 'user_id'>): Promise<boolean> {
  if (tx.user_id === null) return true;
  return (await walletUserOf(deps, c)) === tx.user_id;
}

/**
 * The wallet user whose token the request carries (SPEC 6), whose payment it makes or asks for;
 * undefined for a guest. A token of no live session is 401 session_expired, as everywhere.
 */
export async function walletUserOf(deps: Pick<Deps, 'db'>, c: Context<AppEnv>): Promise<number | undefined> {
  const auth = c.req.header('authorization');
  return auth ? userIdOf(deps.db, auth) : undefined;
}
