import type { CatalogKey } from '@pasarela/core';
import { createStore } from 'zustand/vanilla';
import * as v from 'valibot';
import {
  cashPointResult, declinedCashRecord, displayStatusOf, email, GATEWAY_CODES, isValidationKey, payCashResultStatus, CASH_RESULT_STATUS,
  type PayerMessage,
} from '@pasarela/core';
import { createAttemptStore, type AttemptDeps, type AttemptVerdict } from '../../payments/attemptStore';
import type { AttemptOutcome } from '../../payments/paymentContext';
import type { AttemptRecord } from '../../api/lookupAttempt';
import type { CashVoucher } from './api';
import { CASH_EMAIL_MAX_CHARS, CASH_PHONE_MAX_CHARS } from './config';
import type { CashNetwork } from '../../payments/cashNetworks';
import { PAID_ELSEWHERE } from '../../payments/paidElsewhere';

export const CASH_FIELDS = ['email', 'phone'] as const;
export type CashField = (typeof CASH_FIELDS)[number];
export type CashContact = Record<CashField, string>;

export interface CashState {
  networks: readonly CashNetwork[];
  network: CashNetwork;
  askEmail: boolean;
  values: CashContact;
  errors: Partial<Record<CashField, CatalogKey>>;
  checking: boolean;
  setNetwork(network: CashNetwork): void;
  setValue(field: CashField, value: string): void;
  submit(): Promise<CashField | null>;
}

export interface CashStoreDeps {
  networks: readonly CashNetwork[];
  paymentEmail: string;
  supportEmail?: string | undefined;
  checkPhone(phone: string): Promise<CatalogKey | null>;
  issue(network: CashNetwork, contact: CashContact, trackId: string): Promise<CashVoucher>;
  check(codOper: string): Promise<CashVoucher>;
  lookup(trackId: string): Promise<AttemptRecord | null>;
  report(outcome: AttemptOutcome): void;
  showReceipt(codOper: string): void;
  now(): Date;
  newTrackId(): string;
  pushUrl(codOper: string): string | null;
  memory?: AttemptDeps<CashVoucher>['memory'];
  watch?: AttemptDeps<CashVoucher>['watch'];
}

const familyOf = (network: CashNetwork) => (network === GATEWAY_CODES.cashPoint ? 'cashPoint' : 'cash');

/** A code the table does not list keeps the voucher watched: it is payable until the server lapses it. */
export function cashVerdict(voucher: CashVoucher, network: CashNetwork = GATEWAY_CODES.payCash): AttemptVerdict {
  const display = displayStatusOf(familyOf(network), voucher.status);
  if (display === 'paid' || display === 'completed') return 'approved';
  return display === 'declined' ? 'declined' : 'pending';
}

/** As the server wrote it: after a reload the store no longer knows. */
export function networkOf(voucher: CashVoucher | null, fallback: CashNetwork): CashNetwork {
  return voucher?.type === GATEWAY_CODES.payCash || voucher?.type === GATEWAY_CODES.cashPoint ? voucher.type : fallback;
}

export function issuedVoucher(network: CashNetwork, voucher: CashVoucher, at: Date, user: string): { codOper: string; voucher: CashVoucher } {
  let message = voucher.message;
  if (network === GATEWAY_CODES.cashPoint && voucher.result !== null) {
    const parsed = cashPointResult(voucher.result);
    if (parsed.success && parsed.codOper) return { codOper: parsed.codOper, voucher };
    message = parsed.message;
  } else if (network === GATEWAY_CODES.payCash && voucher.resultCode !== null) {
    if (payCashResultStatus(voucher.resultCode) === CASH_RESULT_STATUS.success) return { codOper: voucher.Oper, voucher };
  } else if (voucher.Oper !== '' && cashVerdict(voucher, network) !== 'declined') {
    return { codOper: voucher.Oper, voucher };
  }
  const total = Number(voucher.totalAmount);
  const record = declinedCashRecord({ totalAmount: Number.isFinite(total) ? total : 0, at, type: network, user, message });
  return { codOper: '', voucher: { ...voucher, ...record, reference: null, expiresAt: null } };
}

function emailError(value: string, supportEmail: string | undefined): CatalogKey | null {
  const result = v.safeParse(email(supportEmail), value);
  if (result.success) return null;
  const key = result.issues[0]?.message;
  return key && isValidationKey(key) ? key : 'invalid_email';
}

export function createCashStore(deps: CashStoreDeps) {
  // Set synchronously on click, before any await, so a double click cannot ask twice.
  let busy = false;
  const askEmail = deps.paymentEmail.trim() === '';
  const contact = () => {
    const { values } = state.getState();
    return { email: askEmail ? values.email.trim() : deps.paymentEmail.trim(), phone: values.phone.trim() };
  };

  const state = createStore<CashState>()((set, get) => ({
    networks: deps.networks,
    network: deps.networks[0] ?? GATEWAY_CODES.payCash,
    askEmail,
    values: { email: '', phone: '' },
    errors: {},
    checking: false,
    setNetwork(network) {
      const phase = attempt.getState().phase;
      if (deps.networks.includes(network) && (phase === 'idle' || phase === 'failed')) set({ network });
    },
    setValue(field, value) {
      const max = field === 'email' ? CASH_EMAIL_MAX_CHARS : CASH_PHONE_MAX_CHARS;
      const { [field]: _, ...errors } = get().errors;
      set({ values: { ...get().values, [field]: value.slice(0, max) }, errors });
    },
    async submit() {
      const phase = attempt.getState().phase;
      if (busy || phase === 'sending' || phase === 'waiting' || phase === 'approved') return null;
      busy = true;
      set({ checking: true });
      try {
        const { values } = get();
        const errors: Partial<Record<CashField, CatalogKey>> = {};
        const emailKey = askEmail ? emailError(values.email, deps.supportEmail) : null;
        if (emailKey) errors.email = emailKey;
        const phoneKey = await deps.checkPhone(values.phone).catch(() => 'connection_error' as const);
        if (phoneKey) errors.phone = phoneKey;
        set({ errors, checking: false });
        if (errors.email) return 'email';
        if (errors.phone) return 'phone';
        await attempt.getState().start();
        return null;
      } finally {
        busy = false;
        set({ checking: false });
      }
    },
  }));

  const outcome = (result: AttemptOutcome['result'], codOper: string, voucher: CashVoucher | null, reason?: string) => ({
    result,
    codOper,
    // Tipo: the network the voucher is paid through (PAYCASH or PC).
    type: networkOf(voucher, state.getState().network),
    user: voucher?.user || contact().email,
    reason,
  });

  const attempt = createAttemptStore<CashVoucher>({
    send: async (trackId) => {
      const { network } = state.getState();
      const answer = await deps.issue(network, contact(), trackId);
      const issued = issuedVoucher(network, answer, deps.now(), contact().email);
      const deadline = issued.voucher.expiresAt ? Date.parse(issued.voucher.expiresAt) : null;
      return { codOper: issued.codOper, deadline: Number.isNaN(deadline) ? null : deadline, answer: issued.voucher };
    },
    check: (codOper) => deps.check(codOper),
    lookup: (trackId) => deps.lookup(trackId),
    verdict: (voucher) => cashVerdict(voucher, networkOf(voucher, state.getState().network)),
    // A voucher that had a number lapsed unpaid; one without was refused by the network.
    declinedMessage: (voucher): PayerMessage =>
      voucher.reference ? { key: 'request_expired' } : voucher.message ? { key: 'payment_rejected', text: voucher.message } : { key: 'payment_rejected' },
    timeoutKey: 'request_expired',
    newTrackId: deps.newTrackId,
    pushUrl: deps.pushUrl,
    memory: deps.memory,
    watch: deps.watch,
    // SPEC 4: PENDING notifies as success, so the merchant hears of the voucher at once.
    onWaiting: ({ codOper, answer }) => {
      if (cashVerdict(answer, networkOf(answer, state.getState().network)) === 'pending') deps.report(outcome('PENDING', codOper, answer));
    },
    onEnd: ({ verdict, codOper, answer, message }) => {
      if (verdict === 'approved') {
        deps.report(outcome('APPROVED', codOper, answer));
        deps.showReceipt(codOper);
        return;
      }
      // Called off because another payment paid the order: the shop hears of that one, never of a decline here.
      if (message?.key === PAID_ELSEWHERE) return;
      deps.report(outcome('DECLINED', codOper, answer, message?.text ?? message?.key ?? ''));
    },
  });
  return { state, attempt };
}
export type CashStores = ReturnType<typeof createCashStore>;
