import type { Language } from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall, PAYMENT_CURRENCY } from '../gateways/GatewayCall';
import type { TransactionRow } from '../store/transactions';
import { callInDoubt, IN_DOUBT } from './inDoubt';
import { checkLinkPayment, linkPaymentFingerprint, recordPayment, repeatedPayment, type LinkPaymentInput } from './linkPayment';
import { refuseIfPaidElsewhere, settlePayment } from './settlePayment';
import { bankPageShop } from '../brand/merchantBrand';
import { absoluteLogo } from './bankPageReturn';

export interface BankPaymentInput extends LinkPaymentInput {
  anonymousUserServiceId: number | undefined;
  lang: Language;
  /** Where the bank's page sends the payer back, naming the payment: an http(s) URL on the checkout origin (bankPageReturn.ts claveBackUrl). */
  returnUrl: (codOper: string) => string;
  /** The checkout origin, for the shop's logo as the bank's page (another origin) loads it. */
  origin: string;
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
  const attempt = row;
  // The shop as its payers know it (its brand), as the bank's page shows it.
  const shop = await bankPageShop(deps.db, attempt.cod_oper, { name: '', logo: null });
  const started = await callInDoubt('bank', async () => {
    const { redirectUrl } = await deps.gateways.bank.start({
      ...gatewayCall(attempt.cod_oper), amountCents: attempt.amount_cents + attempt.tax_cents, currency: PAYMENT_CURRENCY, description: attempt.description,
      merchant: { name: shop.name, logo: absoluteLogo(shop.logo, input.origin), color: shop.brandColor }, lang: input.lang, returnUrl: input.returnUrl(attempt.cod_oper),
    });
    if (attempt.auth_status !== IN_DOUBT.auth_status) return { row: attempt, redirectUrl };
    const settled = await settlePayment(deps, attempt.cod_oper, { status: -1, authStatus: 'PENDING', messageKey: 'pending' });
    return { row: settled?.row ?? attempt, redirectUrl };
  });
  // Called off while the bank opened its page (its link paid meanwhile): the page is closed, and the payer not sent there.
  refuseIfPaidElsewhere(started.row);
  return started;
}
