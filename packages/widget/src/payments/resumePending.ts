import type { PaymentMethodId } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { lookupPendingAttempt } from '../api/lookupPendingAttempt';
import type { PaymentContext } from './paymentContext';

/**
 * A payment of the link left pending (the checkout closed during its wait) is waited on again,
 * from the server's record: the frame may keep nothing. `open` shows its method, or says no (the
 * payer has started elsewhere meanwhile). Its own chunk, fetched after the first screen.
 */
export async function resumePending(
  api: ApiClient,
  code: string,
  contexts: ReadonlyMap<PaymentMethodId, PaymentContext>,
  open: (method: PaymentMethodId, resume: () => void) => void,
): Promise<void> {
  const pending = await lookupPendingAttempt(api, code);
  const payment = pending ? contexts.get(pending.method) : undefined;
  if (!pending || !payment) return;
  const deadline = pending.expiresAt ? Date.parse(pending.expiresAt) : NaN;
  open(pending.method, () => payment.resumeFrom({ codOper: pending.codOper, deadline: Number.isNaN(deadline) ? null : deadline }));
}
