import type { Language } from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import type { TransactionRow } from '../store/transactions';
import { findMerchant } from '../store/merchants';
import { callInDoubt, IN_DOUBT } from './inDoubt';
import { checkLinkPayment, linkPaymentFingerprint, recordPayment, repeatedPayment, type LinkPaymentInput } from './linkPayment';
import { refuseIfPaidElsewhere, settlePayment } from './settlePayment';

export interface BankPaymentInput extends LinkPaymentInput {
  anonymousUserServiceId: number | undefined;
  lang: Language;
  /** Where the bank sends the payer back, naming the payment (routes/clave.ts claveReturnUrl). */
  returnPath: (codOper: string) => string;
}

/**
 * Clave: core's rules and the link's checks, the attempt recorded as in doubt, the payment started
 * at the bank through its port with the attempt's key (the same key answers the same page), and
 * recorded as waiting for the payer there. The payer's answer on the bank's page arrives as an event.
 */
export async function startBankPayment(deps: Deps, input: BankPaymentInput): Promise<{ row: TransactionRow; redirectUrl: string }> {
  const fingerprint = linkPaymentFingerprint(deps, input, 'clave');
  let row = await repeatedPayment(deps, input, fingerprint);
  if (!row) {
    const checked = await checkLinkPayment(deps, input, 'clave', input.anonymousUserServiceId);
    row = await recordPayment(deps, checked, input, { method: 'clave', ...IN_DOUBT }, input.lang, fingerprint);
  }
  const merchant = await findMerchant(deps.db, row.merchant_id);
  const attempt = row;
  const started = await callInDoubt('bank', async () => {
    const { redirectUrl } = await deps.gateways.bank.start({
      ...gatewayCall(attempt.cod_oper), amountCents: attempt.amount_cents + attempt.tax_cents, description: attempt.description,
      merchant: { name: merchant?.name ?? '', logo: merchant?.logo || null }, returnPath: input.returnPath(attempt.cod_oper),
    });
    if (attempt.auth_status !== IN_DOUBT.auth_status) return { row: attempt, redirectUrl };
    const settled = await settlePayment(deps, attempt.cod_oper, { status: -1, authStatus: 'PENDING', messageKey: 'pending' });
    return { row: settled?.row ?? attempt, redirectUrl };
  });
  // Called off while the bank opened its page (its link paid meanwhile): the page is closed, and the payer not sent there.
  refuseIfPaidElsewhere(started.row);
  return started;
}
