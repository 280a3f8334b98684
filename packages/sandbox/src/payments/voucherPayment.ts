import type { CashNetwork } from '@pasarela/gateways';
import { cashVoucherExpiresAt, type Language } from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall, PAYMENT_CURRENCY } from '../gateways/GatewayCall';
import type { TransactionRow } from '../store/transactions';
import { voucherOutcomeOf } from './gatewayOutcomes';
import { checkLinkPayment, linkPaymentFingerprint, recordPayment, repeatedPayment, type LinkPaymentInput } from './linkPayment';
import { callInDoubt, IN_DOUBT, refuseIfOtherProcessor } from './inDoubt';
import { refuseIfPaidElsewhere, settlePayment } from './settlePayment';
import { cashResultOf, type CashResult } from './cashResult';
import { mailVoucher } from './receiptMail';
import { findMerchant } from '../store/merchants';

export interface VoucherPaymentInput extends LinkPaymentInput {
  network: CashNetwork;
  anonymousUserServiceId: number | undefined;
  lang: Language;
  origin: string;
}

/**
 * SPEC 7 "POST pay-cash / cash-point": issued under the attempt's key and mailed once (a repeat answers
 * the same voucher, no second e-mail). Paying it at a kiosk arrives later as an event.
 */
export async function issueVoucherPayment(deps: Deps, input: VoucherPaymentInput): Promise<CashResult> {
  const { row, fresh } = await issueVoucher(deps, input);
  if (fresh) await mailVoucher(deps.db, row, (await findMerchant(deps.db, row.merchant_id))?.name ?? '', input.origin);
  return cashResultOf(row);
}

async function issueVoucher(deps: Deps, input: VoucherPaymentInput): Promise<{ row: TransactionRow; fresh: boolean }> {
  const fingerprint = linkPaymentFingerprint(input, 'cash', { variant: input.network });
  // A retry of an attempt still in doubt asks again under the same key: the same voucher.
  const attempt = (await repeatedPayment(deps, input, fingerprint)) ?? (await recordPayment(deps, await checkLinkPayment(deps, input, 'cash', input.anonymousUserServiceId), input, {
    method: 'cash', ...IN_DOUBT, expires_at: cashVoucherExpiresAt(), details: { network: input.network },
  }, input.lang, fingerprint));
  if (attempt.auth_status !== IN_DOUBT.auth_status) return { row: refusedIfPaidElsewhere(attempt), fresh: false };
  const expiresAt = attempt.expires_at ?? cashVoucherExpiresAt();
  refuseIfOtherProcessor(deps, attempt, 'voucher network');
  const issued = await callInDoubt('voucher network', async () => {
    const voucher = await deps.gateways.voucher.issue({ ...gatewayCall(attempt.cod_oper), network: input.network, amountCents: attempt.amount_cents + attempt.tax_cents, currency: PAYMENT_CURRENCY, expiresAt });
    // SPEC 4 cash: an issued voucher waits at 0.
    const outcome = voucherOutcomeOf(voucher) ?? { status: 0, authStatus: 'PENDING', messageKey: 'pending' };
    const settled = await settlePayment(deps, attempt.cod_oper, { ...outcome, reference: voucher.reference });
    return { row: settled?.row ?? attempt, fresh: settled?.kind === 'settled' };
  });
  return { ...issued, row: refusedIfPaidElsewhere(issued.row) };
}

function refusedIfPaidElsewhere(row: TransactionRow): TransactionRow {
  refuseIfPaidElsewhere(row);
  return row;
}
