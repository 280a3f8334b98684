import type { Language } from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import type { TransactionRow } from '../store/transactions';
import { callInDoubt, forgetIfNotSent, IN_DOUBT, refuseIfOtherProcessor } from './inDoubt';
import { checkLinkPayment, linkPaymentFingerprint, recordPayment, repeatedPayment, type LinkPaymentInput } from './linkPayment';
import { refuseIfPaidElsewhere, settlePayment } from './settlePayment';
import { bankPageShop } from '../brand/merchantBrand';
import { absoluteLogo } from './bankPageReturn';

export interface BankPaymentInput extends LinkPaymentInput {
  anonymousUserServiceId: number | undefined;
  lang: Language;
  /** On the checkout origin (claveBackUrl). */
  returnUrl: (codOper: string) => string;
  origin: string;
}

/** Clave: started at the bank under the attempt's key (the same key answers the same page); the payer's answer arrives as an event. */
export async function startBankPayment(deps: Deps, input: BankPaymentInput): Promise<{ row: TransactionRow; redirectUrl: string }> {
  const fingerprint = linkPaymentFingerprint(input, 'clave');
  let row = await repeatedPayment(deps, input, fingerprint);
  let inserted = false;
  if (!row) {
    const checked = await checkLinkPayment(deps, input, 'clave', input.anonymousUserServiceId);
    ({ row, inserted } = await recordPayment(deps, checked, input, { method: 'clave', ...IN_DOUBT }, input.lang, fingerprint));
  }
  const attempt = row;
  const shop = await bankPageShop(deps.db, attempt.cod_oper, { name: '', logo: null });
  refuseIfOtherProcessor(deps, attempt, 'bank');
  const started = await callInDoubt('bank', async () => {
    const { redirectUrl } = await deps.gateways.bank.start({
      ...gatewayCall(attempt.cod_oper), amountCents: attempt.amount_cents + attempt.tax_cents, currency: attempt.currency, description: attempt.description,
      merchant: { name: shop.name, logo: absoluteLogo(shop.logo, input.origin), color: shop.brandColor }, lang: input.lang, returnUrl: input.returnUrl(attempt.cod_oper),
    });
    if (attempt.auth_status !== IN_DOUBT.auth_status) return { row: attempt, redirectUrl };
    const settled = await settlePayment(deps, attempt.cod_oper, { status: -1, authStatus: 'PENDING', messageKey: 'pending' });
    return { row: settled?.row ?? attempt, redirectUrl };
  }, forgetIfNotSent(deps, attempt.cod_oper, { recorded: inserted ? 'this_request_attempt' : 'earlier_attempt', payerWaiting: true }));
    // Paid meanwhile: the page is closed and the payer not sent there.
  refuseIfPaidElsewhere(started.row);
  return started;
}
