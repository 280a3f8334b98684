import * as v from 'valibot';
import { PAYMENT_METHOD_IDS, type PaymentMethodId } from '@pasarela/core';

// What the checkout keeps per tab (sessionStorage: per tab and per origin, so no other page plants it).
// The names stay as they are: a payer mid-payment during a deploy still has what an older page kept.
// A frame denied storage (cross-site, Safari private mode) gets null or a storage that throws: nothing
// is kept, nothing is read, nothing throws. What is read is checked: a tampered or older value is none.
// Not here yet: a waiting attempt (pasarela.attempt.*, payments/paymentContext.ts) and the card form's
// draft (pasarela.card.draft, payments/challengeDraft.ts).

type Tab = Storage | null;

function quietly<T>(use: () => T, otherwise: T): T {
  try {
    return use();
  } catch {
    return otherwise;
  }
}

export function kept<T>(key: string, schema: v.GenericSchema<string, T>, write: (value: T) => string = String) {
  return {
    get: (tab: Tab): T | null => {
      const read = v.safeParse(schema, quietly(() => tab?.getItem(key), null));
      return read.success ? read.output : null;
    },
    set: (tab: Tab, value: T): void => quietly(() => tab?.setItem(key, write(value)), undefined),
    forget: (tab: Tab): void => quietly(() => tab?.removeItem(key), undefined),
  };
}

function keysStartingWith(tab: Tab, prefix: string): string[] {
  return quietly(() => {
    const keys: string[] = [];
    for (let i = 0; i < (tab?.length ?? 0); i++) {
      const key = tab?.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    return keys;
  }, []);
}

/** The loader's launch parameters (a query string), for a 3DS return that lands without them. */
export const launchMemory = kept('pasarela.launch', v.string());

/** The page that sent the payer to the checkout's form ('' for none), for a full page's way out. */
export const shopReferrerMemory = kept('pasarela.shopReferrer', v.string());

/** How many history entries the tab had at the checkout's form: a later page steps back past the bank's. */
export const formEntriesMemory = kept('pasarela.formEntries', v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)));

// The phone typed for Yappy or Nequi (pasarela.phone.<method>.<code>) is payments/keptPhone.ts's, kept out of the first load.
// A password recovery or a sign-up at its code step (pasarela.recovery, pasarela.signup) is wallet/codeStepMemory.ts's, likewise.

const METHOD_PREFIX = 'pasarela.method.';
const method = v.picklist(PAYMENT_METHOD_IDS);

/** The method last used on a link (never read as a payment waiting): a reload reopens on it. */
export const chosenMethodMemory = (code: string) => kept(`${METHOD_PREFIX}${code}`, method);

/** Every method kept on any link of this tab. */
export function keptMethods(tab: Tab): PaymentMethodId[] {
  return keysStartingWith(tab, METHOD_PREFIX).flatMap((key) => kept(key, method).get(tab) ?? []);
}

/** What the result needs after a trip to the bank's or the issuer's page (the address carries it too). */
export interface PendingReturn {
  formPath: string;
  email: string;
  returnUrl: string;
}

const pendingReturn = v.pipe(
  v.string(),
  v.parseJson(),
  v.object({ formPath: v.string(), email: v.fallback(v.string(), ''), returnUrl: v.fallback(v.string(), '') }),
);

export const returnMemory = (method: PaymentMethodId) => kept<PendingReturn>(`pasarela.return.${method}`, pendingReturn, JSON.stringify);
