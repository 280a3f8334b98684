import { cashVoucherExpiresAt, type Language } from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall, GatewayOutcomeUnknown } from '../gateways/GatewayCall';
import type { CashNetwork } from '../gateways/VoucherNetwork';
import type { TransactionRow } from '../store/transactions';
import { voucherOutcomeOf } from './gatewayOutcomes';
import { checkLinkPayment, linkPaymentFingerprint, recordPayment, repeatedPayment, type LinkPaymentInput } from './linkPayment';
import { IN_DOUBT } from './inDoubt';
import { settlePayment } from './settlePayment';

export interface VoucherPaymentInput extends LinkPaymentInput {
  network: CashNetwork;
  anonymousUserServiceId: number | undefined;
  lang: Language;
}

/**
 * SPEC 7 "POST pay-cash / cash-point": core's rules and the link's checks, the attempt recorded as
 * in doubt, the voucher issued by the network through its port with the attempt's key, and its
 * number recorded. `fresh` is false for a repeat of the same request (the same voucher again).
 * Paying it at a kiosk arrives later as an event.
 */
export async function issueVoucherPayment(deps: Deps, input: VoucherPaymentInput): Promise<{ row: TransactionRow; fresh: boolean }> {
  const fingerprint = linkPaymentFingerprint(deps, input, 'cash', { variant: input.network });
  const repeated = await repeatedPayment(deps, input, fingerprint);
  if (repeated) return { row: repeated, fresh: false };
  const checked = await checkLinkPayment(deps, input, 'cash', input.anonymousUserServiceId);
  const expiresAt = cashVoucherExpiresAt();
  const attempt = await recordPayment(deps, checked, input, { method: 'cash', ...IN_DOUBT, expires_at: expiresAt, details: { network: input.network } }, input.lang, fingerprint);
  if (attempt.auth_status !== IN_DOUBT.auth_status) return { row: attempt, fresh: false };
  try {
    const voucher = await deps.gateways.voucher.issue({ ...gatewayCall(attempt.cod_oper), network: input.network, amountCents: attempt.amount_cents + attempt.tax_cents, expiresAt });
    // SPEC 4 cash "0 and -1 pending": an issued voucher waits at 0.
    const outcome = voucherOutcomeOf(voucher) ?? { status: 0, authStatus: 'PENDING', messageKey: 'pending' };
    const settled = await settlePayment(deps, attempt.cod_oper, { ...outcome, reference: voucher.reference });
    return { row: settled?.row ?? attempt, fresh: settled?.kind === 'settled' };
  } catch (error) {
    // Sent, its answer lost: the reconciler asks the network by the attempt's key.
    if (error instanceof GatewayOutcomeUnknown) return { row: attempt, fresh: false };
    throw error;
  }
}
