import { calledOffElsewhere } from '@pasarela/core';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { findPaymentOfLink } from '../store/links';
import type { TransactionRow } from '../store/transactions';

/**
 * A wait the payer called off (from this order's page in another browser, maybe) is no decline: it
 * answers where its order stands, paid by another payment (which, so its receipt can be shown) or only called off.
 */
export async function refuseIfCalledOffByPayer(deps: Pick<Deps, 'db'>, row: TransactionRow): Promise<void> {
  if (!calledOffElsewhere({ authStatus: row.auth_status, details: row.details })) return;
  const paid = row.link_code ? await findPaymentOfLink(deps.db, row.link_code) : undefined;
  if (paid && paid.cod_oper !== row.cod_oper) {
    throw new PaymentError('conflict', 'request_already_paid', 'Called off, and another payment paid its link; this one charges nothing', { paidBy: paid.cod_oper, paidWith: paid.method });
  }
  throw new PaymentError('conflict', 'payment_cancelled', 'The payer called this payment off; nothing was charged');
}
