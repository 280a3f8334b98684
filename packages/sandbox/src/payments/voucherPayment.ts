import type { CashNetwork } from '@pasarela/gateways';
import { cashVoucherExpiresAt, type Language } from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import type { TransactionRow } from '../store/transactions';
import { voucherOutcomeOf } from './gatewayOutcomes';
import { linkPaymentAttempt, linkPaymentFingerprint, type LinkPaymentInput } from './linkPayment';
import { callInDoubt, forgetIfNotSent, IN_DOUBT, refuseIfOtherProcessor } from './inDoubt';
import { refuseIfPaidElsewhere, settlePayment } from './settlePayment';
import { cashResultOf, type CashResult } from './cashResult';
import { voucherOfSettled } from './receiptMail';

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
  return cashResultOf(await issueVoucher(deps, input));
}

async function issueVoucher(deps: Deps, input: VoucherPaymentInput): Promise<TransactionRow> {
  const fingerprint = linkPaymentFingerprint(input, 'cash', { variant: input.network });
  // A retry of an attempt still in doubt asks again under the same key: the same voucher.
  const { attempt, merchant, justRecorded, inserted } = await linkPaymentAttempt(deps, input, 'cash', input.anonymousUserServiceId, {
    method: 'cash', ...IN_DOUBT, expires_at: cashVoucherExpiresAt(), details: { network: input.network },
  }, input.lang, fingerprint, undefined, input.network);
  if (attempt.auth_status !== IN_DOUBT.auth_status) return refusedIfPaidElsewhere(attempt);
  const expiresAt = attempt.expires_at ?? cashVoucherExpiresAt();
  refuseIfOtherProcessor(deps, attempt, 'voucher network');
  const issued = await callInDoubt('voucher network', async () => {
    const voucher = await deps.gateways.voucher.issue({ ...gatewayCall(attempt.cod_oper), network: input.network, amountCents: attempt.amount_cents + attempt.tax_cents, currency: attempt.currency, expiresAt });
    // SPEC 4 cash: an issued voucher waits at 0.
    const outcome = voucherOutcomeOf(voucher) ?? { status: 0, authStatus: 'PENDING', messageKey: 'pending' };
    // Its number mailed in the commit that records it: once, since a repeat finds it settled. The
    // shop as the payment's checks read it (a retry's is read then).
    const mail = voucherOfSettled({ origin: input.origin, shop: merchant });
    const settled = await settlePayment(deps, attempt.cod_oper, { ...outcome, reference: voucher.reference }, { mailOf: mail, recorded: justRecorded && { row: attempt, ...justRecorded } });
    return settled?.row ?? attempt;
  }, forgetIfNotSent(deps, attempt.cod_oper, { recorded: inserted ? 'this_request_attempt' : 'earlier_attempt', payerWaiting: true }));
  return refusedIfPaidElsewhere(issued);
}

function refusedIfPaidElsewhere(row: TransactionRow): TransactionRow {
  refuseIfPaidElsewhere(row);
  return row;
}
