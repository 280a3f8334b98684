import {
  buildPaymentResult, CHANNEL, securityFields, type PaymentSecurity, subscriptionReceiptRoute, totalWithTax, type OverallResult, type PayerMessage, type PaymentMethodEntry, type PaymentMethodId,
  type DeclineField, type Receipt, type RememberedAttempt,
} from '@pasarela/core';
import type { CheckoutData } from './checkoutData';
import { RECEIPT_PATH } from '../services/route';
import { clearSession } from '../services/session';
import { keptMethods } from '../services/tabMemory';
import { markAddress } from './pendingAddress';
import type { Services } from '../services/services';
import type { SavedAttempt } from './attemptStore';
import type { CloseGuard } from '../embed/closeGuard';
import { pushUrlFor } from './pushUrl';
import type { FlightLog } from './paymentIntent';
import { createPayerDetails, type PayerDetailsStore } from './payerDetails';

export interface LinkFields {
  code: string;
  amount: number;
  taxAmount: number;
  email: string;
  phone: string;
  concept: string;
  description: string;
  txChannel: string;
}

export interface AttemptOutcome {
  result: OverallResult;
  codOper: string;
  type: string;
  user?: string | undefined;
  reason?: string | null | undefined;
}

export interface PaymentContext {
  method: PaymentMethodId;
  data: CheckoutData;
  services: Services;
  arrivalMessage: PayerMessage | null;
  challengeAnswer: ChallengeAnswer | null;
  setBusy(busy: boolean): void;
  /** The order ended here without this page's payment (paid elsewhere): nothing else is offered around it. */
  setEnded(ended: boolean): void;
  total: number;
  /** The payer's e-mail, phone and name as typed in any method's form of this checkout. */
  payerDetails: PayerDetailsStore;
  entry: PaymentMethodEntry | undefined;
  linkFields(contact?: { email?: string; phone?: string }): LinkFields;
  /** The payer's custom-field answers go with the card only. Throws when the captcha does not let the payer pay. */
  paymentFields(contact?: { email?: string; phone?: string }): Promise<LinkFields & ReturnType<typeof securityFields> & { customFieldValues: unknown[] }>;
  security(): Promise<PaymentSecurity>;
  report(outcome: AttemptOutcome): void;
  showReceipt(codOper: string): void;
  pushUrl(codOper: string): string;
  donation(): { amount: number; idCampaignBridge: number | string } | null;
  /** The checkout's extras for this method (a donation) that Pay must not send: each now says why at its field. */
  extrasToFix(): ExtrasToFix | null;
  customFieldValues(): unknown[];
  /** Closing meanwhile asks first, and tells the merchant page it is PENDING. */
  holdClose(codOper: string | null): void;
  /** Closing while a payment's first answer is on its way asks first, and the shop still hears the answer. */
  flight: FlightLog;
  /** Resumed when this tab kept nothing: a frame may have no storage. */
  resumeFrom(pending: { codOper: string; deadline: number | null }): void;
  resumedFromServer(): boolean;
  memory(): { load(): SavedAttempt | null; save(saved: SavedAttempt): void; clear(): void };
}

export const ATTEMPT_MEMORY_PREFIX = 'pasarela.attempt.';

function attemptMemoryKey(method: PaymentMethodId, code: string): string {
  return `${ATTEMPT_MEMORY_PREFIX}${method}.${code}`;
}

export function hasWaitingAttempt(session: Storage | null, method?: PaymentMethodId): boolean {
  const prefix = method ? `${ATTEMPT_MEMORY_PREFIX}${method}.` : ATTEMPT_MEMORY_PREFIX;
  try {
    for (let i = 0; i < (session?.length ?? 0); i++) if (session?.key(i)?.startsWith(prefix)) return true;
  } catch {
    return false;
  }
  return false;
}

/** A method other than the card kept in the tab: the first screen is not the one the server renders (the card form). */
export function keepsOtherMethod(session: Storage | null): boolean {
  return keptMethods(session).some((method) => method !== 'card');
}

/** Cash has none: its voucher is reported PENDING as soon as it exists. */
const PENDING_TYPE: Partial<Record<PaymentMethodId, string>> = { nequi: 'NEQUI', yappy: 'YAPPY', clave: 'CLAVE', crypto: 'CRYPTO' };

const LEAVES_THE_PAGE: ReadonlySet<PaymentMethodId> = new Set(['clave', 'card']);

const AVAILABILITY_KEY: Partial<Record<PaymentMethodId, keyof CheckoutData['methods']['entries']>> = { balance: 'pfw' };

/** How a card payment the address names at its 3DS challenge stood when the page was made. */
export interface ChallengeAnswer {
  codOper: string;
  receipt: Receipt;
  /** Failed (core challengeEndsOnForm): the card form's alert, on it from the first render. */
  refusal: { alert: PayerMessage; alertField: DeclineField | null } | null;
}

/** What the payer must fix outside the method's own form before paying. */
export interface ExtrasToFix {
  /** Its field takes the focus (when no field of the form comes before it). */
  focus(): void;
}

export interface ShellHooks {
  arrivalMessage: PayerMessage | null;
  /** The card reads it. */
  challengeAnswer?: ChallengeAnswer | null | undefined;
  setBusy: (busy: boolean) => void;
  setEnded?: ((ended: boolean) => void) | undefined;
  donation?: (() => { amount: number; idCampaignBridge: number | string } | null) | undefined;
  extrasToFix?: (() => ExtrasToFix | null) | undefined;
  customFieldValues?: (() => unknown[]) | undefined;
  security: () => Promise<PaymentSecurity>;
  closeGuard?: CloseGuard | undefined;
  /** One for the checkout, shared by its methods; a context alone has its own. */
  payerDetails?: PayerDetailsStore | undefined;
}

export function createPaymentContext(method: PaymentMethodId, data: CheckoutData, services: Services, shell: ShellHooks): PaymentContext {
  const { info } = data;
  const total = totalWithTax(info.amount, info.taxAmount);
  const memoryKey = attemptMemoryKey(method, info.code);
  const session = services.storage.session;
  const entryKey = AVAILABILITY_KEY[method] ?? (method as keyof CheckoutData['methods']['entries']);
  let donated = false;
  let fromServer: SavedAttempt | null = null;
  let resumed = false;
  // null until told, so the first word always goes.
  let remembered: string | null = null;
  const remember = (attempt: RememberedAttempt | null) => {
    const key = attempt ? JSON.stringify(attempt) : '';
    if (key === remembered) return;
    remembered = key;
    // With its merchant and link: a checkout opened on another link of the shop shows it first.
    services.bridge.notify({ type: 'pending', attempt, merchant: info.idMerchant, link: info.code });
    // Back from the bank's page lands on an address that carries the payment.
    if (LEAVES_THE_PAGE.has(method)) markAddress(attempt);
  };
  const linkFields = (contact: { email?: string; phone?: string } = {}): LinkFields => ({
    code: info.code,
    amount: info.amount,
    taxAmount: info.taxAmount,
    email: (contact.email ?? info.email).trim(),
    phone: (contact.phone ?? '').trim(),
    concept: info.detail,
    description: info.description,
    txChannel: info.txChannel || CHANNEL.widget,
  });
  const resultOf = (outcome: AttemptOutcome) => buildPaymentResult(method, {
    result: outcome.result,
    totalPaid: total,
    at: services.now(),
    type: outcome.type,
    codOper: outcome.codOper,
    user: outcome.user ?? info.email,
    reason: outcome.reason,
    returnUrl: info.returnUrlString,
  });
  return {
    method,
    data,
    services,
    arrivalMessage: shell.arrivalMessage,
    challengeAnswer: shell.challengeAnswer ?? null,
    setBusy: shell.setBusy,
    setEnded: (ended) => shell.setEnded?.(ended),
    total,
    payerDetails: shell.payerDetails ?? createPayerDetails({ email: info.email }),
    entry: data.methods.entries[entryKey],
    linkFields,
    security: shell.security,
    paymentFields: async (contact) => ({ ...linkFields(contact), customFieldValues: info.customFieldValues, ...securityFields(await shell.security()) }),
    report: (outcome) => {
      const result = resultOf(outcome);
      shell.closeGuard?.noteResult(result);
      services.bridge.notify({ type: 'result', result });
    },
    holdClose: (codOper) => {
      const type = PENDING_TYPE[method];
      if (!shell.closeGuard) return;
      if (!codOper) return shell.closeGuard.hold(method, null);
      shell.closeGuard.hold(method, { codOper, pending: type ? () => resultOf({ result: 'PENDING', codOper, type }) : null });
    },
    flight: {
      start: (trackId) => shell.closeGuard?.takeOff({ method, link: info.code, trackId }),
      land: (trackId, lost) => shell.closeGuard?.land(trackId, lost),
    },
    customFieldValues: () => shell.customFieldValues?.() ?? info.customFieldValues,
    extrasToFix: () => shell.extrasToFix?.() ?? null,
    donation: () => {
      const chosen = shell.donation?.() ?? null;
      donated = chosen !== null;
      return chosen;
    },
    showReceipt: (codOper) => {
      clearSession(services.storage.local);
      if (donated) {
        // The donation's own receipt first; it links to the payment's receipt.
        services.navigate(`/pf/receipt/campaign?Oper=${encodeURIComponent(codOper)}`);
        return;
      }
      const { subscription } = data;
      // SPEC 4: a charge applied at once goes to the default receipt; otherwise the subscription's own.
      const subscriptionPath = subscription
        ? (subscriptionReceiptRoute(subscription.plan.chargeNow, codOper) ?? `/${encodeURIComponent(subscription.subscriptionKey)}/receive?Oper=${encodeURIComponent(codOper)}`)
        : null;
      services.navigate(subscriptionPath ?? RECEIPT_PATH + encodeURIComponent(codOper));
    },
    pushUrl: (codOper) => pushUrlFor(services.config.apiBase, codOper, services.address().href),
    resumeFrom: ({ codOper, deadline }) => {
      fromServer = { codOper, deadline };
      resumed = true;
    },
    resumedFromServer: () => resumed,
    memory: () => ({
      load() {
        try {
          const raw = session?.getItem(memoryKey);
          const value = raw ? (JSON.parse(raw) as Partial<SavedAttempt>) : null;
          if (!value || typeof value.codOper !== 'string') return fromServer;
          // An attempt whose answer was lost has no codOper yet, only its trackId.
          if (value.codOper === '' && typeof value.trackId !== 'string') return null;
          return {
            codOper: value.codOper,
            deadline: typeof value.deadline === 'number' ? value.deadline : null,
            ...(typeof value.trackId === 'string' ? { trackId: value.trackId } : {}),
          };
        } catch {
          return fromServer;
        }
      },
      save(saved) {
        fromServer = null;
        try {
          session?.setItem(memoryKey, JSON.stringify(saved));
        } catch {
          // Without storage a reload starts over; the server still records one payment per trackId.
        }
        // A payment that exists and waits: the loader remembers it for a reopen, and this page's
        // address carries it for a reload or Back from an outside page.
        if (saved.codOper !== '') remember({ method, codOper: saved.codOper, deadline: saved.deadline });
      },
      clear() {
        fromServer = null;
        try {
          session?.removeItem(memoryKey);
        } catch {
        }
        remember(null);
      },
    }),
  };
}
