import { isGatewayOutcomeUnknown, type PushRequest, type PushWalletName } from '@pasarela/gateways';
import { nequiPhoneRule, type Language } from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import { PaymentError } from '../errors/PaymentError';
import type { TransactionRow } from '../store/transactions';
import { pushOutcomeOf } from './gatewayOutcomes';
import { callInDoubt, forgetIfNotSent, IN_DOUBT, refuseIfOtherProcessor } from './inDoubt';
import type { PaymentOpening } from '../store/paymentOpening';
import { linkPaymentAttempt, linkPaymentFingerprint, readOpening, type LinkPaymentInput } from './linkPayment';
import { nequiPhone } from './walletPhones';
import { refuseIfPaidElsewhere, settlePayment } from './settlePayment';

export interface PushPaymentInput extends LinkPaymentInput {
  wallet: PushWalletName;
  channel: PushRequest['channel'];
  anonymousUserServiceId: number | undefined;
  /** SPEC 6: the wallet user paying with their token; the payment is theirs. */
  userId?: number | undefined;
  lang: Language;
}

/**
 * SPEC 7 Nequi "send push": the phone read first as a mobile of the payee's country (3xx xxx xxxx
 * Colombia, 6xxx xxxx Panama), which the payment's opening read brings with the link (no read of its
 * own); one that is no Nequi mobile is refused before anything is verified or recorded.
 */
export async function requestNequiPush(deps: Deps, input: Omit<PushPaymentInput, 'wallet' | 'channel'>): Promise<TransactionRow> {
  const opening = await readOpening(deps, input);
  const country = opening.merchant?.country;
  const phone = nequiPhone(input.phone, country);
  if (!phone) {
    const mobiles = nequiPhoneRule(country).country === 'CO' ? 'Colombia (3xx xxx xxxx) or Panama (6xxx xxxx)' : 'Panama (6xxx xxxx) or Colombia (3xx xxx xxxx)';
    throw new PaymentError('invalid', 'invalid_phone_number', `phone must be a Nequi mobile of ${mobiles}`);
  }
  return requestPushPayment(deps, { ...input, phone, wallet: 'nequi', channel: { kind: 'push', phone } }, opening);
}

/**
 * SPEC 7 Nequi push / QR and Yappy's request: recorded in doubt, asked under the attempt's key; the
 * payer's answer arrives later as an event. A wallet that refused the connection of this request's
 * first try was sent nothing: the attempt is forgotten (503 method_payments_unavailable).
 */
export async function requestPushPayment(deps: Deps, input: PushPaymentInput, opening?: PaymentOpening): Promise<TransactionRow> {
  const fingerprint = linkPaymentFingerprint(input, input.wallet, input.channel.kind === 'push' && input.wallet === 'nequi' ? { variant: 'push' } : input.channel.kind === 'qr' ? { variant: 'qr' } : {});
  const windowMs = input.wallet === 'nequi' ? deps.payerWindows.nequiMs : deps.payerWindows.yappyMs;
  // A retry of an attempt still in doubt asks the wallet again under the same key.
  const { attempt, justRecorded, inserted } = await linkPaymentAttempt(deps, input, input.wallet, input.anonymousUserServiceId, {
    method: input.wallet, ...IN_DOUBT, expires_at: new Date(Date.now() + windowMs), user_id: input.userId ?? null,
    details: input.wallet === 'nequi' ? { kind: input.channel.kind } : {},
  }, input.lang, fingerprint, opening);
  if (attempt.auth_status !== IN_DOUBT.auth_status) {
    refuseIfPaidElsewhere(attempt);
    return attempt;
  }
  const expiresAt = attempt.expires_at ?? new Date(Date.now() + windowMs);
  refuseIfOtherProcessor(deps, attempt, 'wallet');
  const asked = await callInDoubt('wallet', async () => {
    const answer = await deps.gateways.push.request({
      ...gatewayCall(attempt.cod_oper), wallet: input.wallet, channel: input.channel, amountCents: attempt.amount_cents + attempt.tax_cents, currency: attempt.currency, expiresAt,
    });
    const outcome = pushOutcomeOf(input.wallet, answer) ?? { status: -1, authStatus: 'PENDING', messageKey: 'pending' };
    const settled = await settlePayment(deps, attempt.cod_oper, { ...outcome, details: answer.qrValue ? { qrValue: answer.qrValue } : {} }, { recorded: justRecorded && { row: attempt, ...justRecorded } });
    return settled?.row ?? attempt;
  }, forgetIfNotSent(deps, attempt.cod_oper, { recorded: inserted ? 'this_request_attempt' : 'earlier_attempt', payerWaiting: true }));
  refuseIfPaidElsewhere(asked);
  return asked;
}

/** The wallet withdraws the request first (approved meanwhile is recorded as such), then the payment is called off. */
export async function withdrawPushPayment(deps: Deps, row: TransactionRow): Promise<TransactionRow> {
  let answer;
  try {
    answer = await deps.gateways.push.cancel(gatewayCall(row.cod_oper));
  } catch (error) {
    if (isGatewayOutcomeUnknown(error)) throw new PaymentError('unavailable', 'connection_error', 'The wallet did not answer: the payment was not called off');
    throw error;
  }
  const outcome = answer ? pushOutcomeOf(row.method, answer) : pushOutcomeOf(row.method, { state: 'cancelled' });
  const settled = outcome ? await settlePayment(deps, row.cod_oper, { ...outcome, details: outcome.authStatus === 'CANCELLED' ? { cancelReason: 'payer' } : {} }) : undefined;
  return settled?.row ?? row;
}

/** Read as timed out before the sweep records it. */
export function lapsedUnanswered(row: TransactionRow, now = Date.now()): boolean {
  return row.status === -1 && row.expires_at !== null && row.expires_at.getTime() <= now;
}
