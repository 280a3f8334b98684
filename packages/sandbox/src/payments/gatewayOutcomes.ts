import { CARD_AUTH_STATUS, CARD_RESULT_STATUS, CANCELLED_AUTH_STATUS, cancelledStatusOf, type CardResultKey } from '@pasarela/core';
import type { BankOutcome } from '../gateways/BankRedirect';
import type { CardDecision } from '../gateways/CardProcessor';
import type { CryptoDeposit } from '../gateways/CryptoProcessor';
import type { GatewayEvent } from '../gateways/GatewayEvent';
import type { PushAnswer } from '../gateways/PushWallet';
import type { Voucher } from '../gateways/VoucherNetwork';
import type { PaymentOutcome, TransactionRow } from '../store/transactions';

// What each port's answer records on the payment, in SPEC 4's status codes for its method.

export function cardResultKeyOf(decision: CardDecision): CardResultKey {
  if (decision.status === 'declined') return decision.reason;
  if (decision.status === 'challenge') return 'three_ds';
  return decision.status;
}

export function cardOutcomeOf(decision: CardDecision): PaymentOutcome {
  const key = cardResultKeyOf(decision);
  return { status: CARD_RESULT_STATUS[key], authStatus: CARD_AUTH_STATUS[key], messageKey: key };
}

/** SPEC 4 Nequi "1 approved, -1 pending" and Yappy "1 approved, -1 and 0 pending"; an end unpaid is 0 with its auth status. */
export function pushOutcomeOf(method: string, answer: PushAnswer): PaymentOutcome | undefined {
  switch (answer.state) {
    case 'waiting': return undefined;
    case 'approved': return { status: 1, authStatus: 'APPROVED', messageKey: 'approved' };
    case 'declined': return { status: 0, authStatus: 'DECLINED', messageKey: 'generic' };
    case 'expired': return { status: 0, authStatus: 'EXPIRED', messageKey: method === 'yappy' ? 'pending' : 'generic' };
    case 'cancelled': return { status: cancelledStatusOf(method), authStatus: CANCELLED_AUTH_STATUS, messageKey: 'cancelled' };
  }
}

/** SPEC 4 cash: "3 declined, 0 and -1 pending, 1 completed, 2 paid". */
export function voucherOutcomeOf(voucher: Voucher): PaymentOutcome | undefined {
  switch (voucher.state) {
    case 'issued': return undefined;
    case 'paid': return { status: 2, authStatus: 'PAID', messageKey: 'approved' };
    case 'expired': return { status: 3, authStatus: 'EXPIRED', messageKey: 'generic' };
    case 'cancelled': return { status: 3, authStatus: CANCELLED_AUTH_STATUS, messageKey: 'cancelled' };
  }
}

/** SPEC 4 "Crypto: 1 approved, all others pending": paid in full, or under-paid (still pending, with what is owed). */
export function cryptoOutcomeOf(row: Pick<TransactionRow, 'details'>, deposit: CryptoDeposit): PaymentOutcome | undefined {
  if (deposit.paidCrypto <= 0) return undefined;
  const due = Number(row.details['amountCrypto']);
  const underpaid = deposit.paidCrypto + 1e-9 < due;
  return {
    status: underpaid ? 0 : 1, authStatus: underpaid ? 'UNDERPAID' : 'APPROVED', messageKey: underpaid ? 'pending' : 'approved',
    details: { paidCrypto: deposit.paidCrypto, underpaid, senderAddress: deposit.senderAddress },
  };
}

/** SPEC 4 "Clave: 0 declined, 1 approved, -1 pending". */
export function bankOutcomeOf(outcome: BankOutcome): PaymentOutcome | undefined {
  switch (outcome) {
    case 'waiting': return undefined;
    case 'approved': return { status: 1, authStatus: 'APPROVED', messageKey: 'approved' };
    case 'declined': return { status: 0, authStatus: 'DECLINED', messageKey: 'generic' };
    case 'cancelled': return { status: 0, authStatus: CANCELLED_AUTH_STATUS, messageKey: 'cancelled' };
  }
}

/** What an event records on the payment it names; undefined when it changes nothing. */
export function outcomeOfEvent(row: TransactionRow, event: GatewayEvent): PaymentOutcome | undefined {
  switch (event.kind) {
    case 'card': return cardOutcomeOf(event.decision);
    case 'push': return pushOutcomeOf(row.method, event.answer);
    case 'voucher': return voucherOutcomeOf(event.voucher);
    case 'crypto': return cryptoOutcomeOf(row, event.deposit);
    case 'bank': return bankOutcomeOf(event.outcome);
  }
}
