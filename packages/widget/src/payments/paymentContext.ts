import {
  buildPaymentResult, CHANNEL, securityFields, type PaymentSecurity, subscriptionReceiptRoute, totalWithTax, type OverallResult, type PayerMessage, type PaymentMethodEntry, type PaymentMethodId,
  type RememberedAttempt,
} from '@pasarela/core';
import type { CheckoutData } from '../checkout/checkoutStore';
import { RECEIPT_PATH } from '../services/route';
import { clearSession } from '../services/session';
import { markAddress } from './pendingAddress';
import type { Services } from '../services/services';
import type { SavedAttempt } from './attemptStore';
import type { CloseGuard } from '../embed/closeGuard';
import { pushUrlFor } from './pushUrl';

/** What every method sends about the payment link it pays (the sandbox's LinkPaymentFields). */
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
  /** Tipo: the method's label on the receipt (NEQUI, YAPPY, PAYCASH, ...). */
  type: string;
  user?: string | undefined;
  reason?: string | null | undefined;
}

/** What a method screen is given: the payment, the shell's services, and the steps every method shares. */
export interface PaymentContext {
  method: PaymentMethodId;
  data: CheckoutData;
  services: Services;
  /** A message to show on arrival: why the payer is back from a bank or 3DS page that refused. */
  arrivalMessage: PayerMessage | null;
  /** A payment of this method is under way (sending or waiting): the method choice holds. */
  setBusy(busy: boolean): void;
  /** Amount plus tax, what the payer pays. */
  total: number;
  /** The merchant's service entry this method pays through (gateway, limit). */
  entry: PaymentMethodEntry | undefined;
  linkFields(contact?: { email?: string; phone?: string }): LinkFields;
  /**
   * What a method other than the card sends: the link fields, the link's own custom field values
   * (the payer's answers go with the card only) and the captcha and fingerprint fields. Throws
   * error_captcha / invalid_score_captcha when the captcha does not let the payer pay.
   */
  paymentFields(contact?: { email?: string; phone?: string }): Promise<LinkFields & ReturnType<typeof securityFields> & { customFieldValues: unknown[] }>;
  /** SPEC 3: the captcha token and score and the fingerprint ids for this attempt. */
  security(): Promise<PaymentSecurity>;
  /** SPEC 3 "Notification to the parent on result", for every attempt that finishes. */
  report(outcome: AttemptOutcome): void;
  /** SPEC 3 "On success in the widget the stored session is cleared", then the receipt. */
  showReceipt(codOper: string): void;
  pushUrl(codOper: string): string;
  /** The donation to send with this attempt (card only), or null; throws when the payer's amount is wrong. */
  donation(): { amount: number; idCampaignBridge: number | string } | null;
  /** SPEC 3 customFieldValues for this attempt; throws field_required when a required one is empty. */
  customFieldValues(): unknown[];
  /**
   * A payment of this method is pending (its codOper) or no longer (null): closing the checkout
   * meanwhile asks first, and tells the merchant page it is PENDING.
   */
  holdClose(codOper: string | null): void;
  /**
   * The server's record of a payment of this method left pending (the checkout was closed during
   * its wait): the attempt store resumes it when this tab kept nothing (a frame may have no storage).
   */
  resumeFrom(pending: { codOper: string; deadline: number | null }): void;
  /** Whether this page waits on a payment found through resumeFrom (its result was never reported). */
  resumedFromServer(): boolean;
  /** Where a waiting attempt is kept across a reload of this checkout (session storage). */
  memory(): { load(): SavedAttempt | null; save(saved: SavedAttempt): void; clear(): void };
}

export const ATTEMPT_MEMORY_PREFIX = 'pasarela.attempt.';

/** Where a waiting attempt of `method` for the payment `code` is kept in this tab (session storage). */
function attemptMemoryKey(method: PaymentMethodId, code: string): string {
  return `${ATTEMPT_MEMORY_PREFIX}${method}.${code}`;
}

/** Whether this tab keeps a waiting attempt of any payment, or of `method`'s (the checkout then opens on it). */
export function hasWaitingAttempt(session: Storage | null, method?: PaymentMethodId): boolean {
  const prefix = method ? `${ATTEMPT_MEMORY_PREFIX}${method}.` : ATTEMPT_MEMORY_PREFIX;
  try {
    for (let i = 0; i < (session?.length ?? 0); i++) if (session?.key(i)?.startsWith(prefix)) return true;
  } catch {
    return false;
  }
  return false;
}

/**
 * Tipo of the PENDING result sent when the payer closes during a wait. Cash has none: its voucher
 * is reported PENDING as soon as it exists.
 */
const PENDING_TYPE: Partial<Record<PaymentMethodId, string>> = { nequi: 'NEQUI', yappy: 'YAPPY', clave: 'CLAVE', crypto: 'CRYPTO' };

/** Methods whose payment continues on an outside page the payer may come Back from (the bank's, a 3DS challenge). */
const LEAVES_THE_PAGE: ReadonlySet<PaymentMethodId> = new Set(['clave', 'card']);

const AVAILABILITY_KEY: Partial<Record<PaymentMethodId, keyof CheckoutData['methods']['entries']>> = { balance: 'pfw' };

export interface ShellHooks {
  arrivalMessage: PayerMessage | null;
  /** A payment of this method is under way: the method choice holds until it ends. */
  setBusy: (busy: boolean) => void;
  /** The campaign donation the payer chose, when the merchant has an active campaign. */
  donation?: (() => { amount: number; idCampaignBridge: number | string } | null) | undefined;
  /** The custom fields' values the payer filled in, with the link's hidden ones. */
  customFieldValues?: (() => unknown[]) | undefined;
  /** The captcha check and the fingerprint (security/), once per attempt. */
  security: () => Promise<PaymentSecurity>;
  /** Asks before the payer closes during a wait (embed/closeGuard). */
  closeGuard?: CloseGuard | undefined;
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
  // What the loader was last told ('' nothing waits); null until told, so the first word always goes.
  let remembered: string | null = null;
  /** Tells the loader (and this page's address) of the payment waiting now, once per change. */
  const remember = (attempt: RememberedAttempt | null) => {
    const key = attempt ? JSON.stringify(attempt) : '';
    if (key === remembered) return;
    remembered = key;
    // With its merchant and link: a checkout opened on another link of the shop shows it first.
    services.bridge.notify({ type: 'pending', attempt, merchant: info.idMerchant, link: info.code });
    // A payment that sends the payer to an outside page (the bank's): Back lands on an address
    // that carries it. Other waits stay on this page, whose tab storage and the loader keep them.
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
    setBusy: shell.setBusy,
    total,
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
    customFieldValues: () => shell.customFieldValues?.() ?? info.customFieldValues,
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
          // nothing kept
        }
        remember(null);
      },
    }),
  };
}
