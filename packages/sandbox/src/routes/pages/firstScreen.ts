import {
  CATALOG_VERSION_CALL, EnvelopeSchema, acceptLanguageTags, apiCallKey, catalogCall, checkoutEntry, checkoutTargetCall,
  checkoutTargetInfo, isSlug, merchantCalls, parseMerchant, waitingCalls, pickLanguage, readEnvelopeData, receiptCall, receiptOfAddress, ReceiptSchema, SECURITY_CONFIG_CALLS, SEGMENT,
  type ApiCall, type CheckoutType, type Language, type PrimedAnswer,
} from '@pasarela/core';
import * as v from 'valibot';

// The widget page answers its first screen's API calls ahead (core firstScreen): the checkout then
// shows its form without waiting for a round trip after its script. The answers come from the API
// itself, called in-process with the widget's own key, so every check and error is the API's.

/** Runs one API request in-process, as the app's `request()` does. */
export type InProcessRequest = (url: string, init: RequestInit) => Response | Promise<Response>;

export interface FirstScreen {
  /** The answers to put in the page, in the order the widget asks. */
  answers: PrimedAnswer[];
  /** The widget's language for this request (SPEC 1): the catalog the page hints the browser to fetch. */
  lang: Language;
  /** The merchant's stored brand colour, when it has one (the page carries its palette: pagePalette.ts). */
  brandColour?: string | undefined;
  /** On a receipt or bank return address (core receiptOfAddress): its receipt's answer, also among `answers`. */
  receipt?: PrimedAnswer | undefined;
}

/** Which checkout a widget address opens (SPEC 2), as the widget's route table reads it; null for any other page. */
export function checkoutOfAddress(path: string, params: URLSearchParams): { type: CheckoutType; code: string } | null {
  let segments: string[];
  try {
    segments = path.split('/').filter((s) => s !== '').map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  const [first, second] = segments;
  if (first === 'pf' && second === 'widget' && (segments.length === 2 || (segments.length === 3 && (segments[2] === 'clave' || segments[2] === 'crypto')))) {
    return checkoutEntry(params);
  }
  if (segments.length === 0) return params.has('code') ? checkoutEntry(new URLSearchParams({ type: params.get('type') ?? 'lk', code: params.get('code') ?? '' })) : null;
  if (segments.length === 1 && first === 'stationPayment') return checkoutEntry(new URLSearchParams({ type: 'ps', code: params.get('code') ?? params.get('stationId') ?? '' }));
  if (segments.length === 1 && isSlug(first)) return { type: 'slug', code: first };
  if (segments.length === 2 && isSlug(first) && second !== 'receive' && SEGMENT.test(second ?? '')) return { type: 'slugCode', code: `${first}/${second}` };
  return null;
}

/** The first screen's answers, from in-process calls (which the API answers in plain data, never wire-encoded). */
export function firstScreenAnswers(request: InProcessRequest, options: { clientKey: string }) {
  const fixedAnswers = new Map<string, PrimedAnswer>();

  /**
   * The answer of a call that is fixed for the life of the process (the catalog's version, the
   * captcha and fingerprint keys: constants of the build and of the sandbox), asked once per
   * language and then reused, so a checkout page makes four in-process calls instead of seven. An
   * answer other than 200 is asked again next time.
   */
  async function fixedAnswer(call: ApiCall, lang: Language): Promise<PrimedAnswer | null> {
    const key = `${lang} ${apiCallKey(call.path, call.query)}`;
    const known = fixedAnswers.get(key);
    if (known) return known;
    const fresh = await answer(call, lang);
    if (fresh?.code === 200) fixedAnswers.set(key, fresh);
    return fresh;
  }

  async function answer(call: ApiCall, lang: Language): Promise<PrimedAnswer | null> {
    const key = apiCallKey(call.path, call.query);
    try {
      const res = await request(`/api/v1/${key}`, { headers: { 'x-api-key': options.clientKey, 'accept-language': lang } });
      const envelope = v.safeParse(EnvelopeSchema, await res.json());
      if (!envelope.success) return null;
      const data = readEnvelopeData(envelope.output, false);
      return { key, code: envelope.output.header.code, description: envelope.output.header.description, data };
    } catch {
      // Not answered ahead: the widget asks the API itself.
      return null;
    }
  }

  return async (path: string, params: URLSearchParams, acceptLanguage: string | undefined): Promise<FirstScreen> => {
    const lang = pickLanguage(params.get('lang'), acceptLanguageTags(acceptLanguage));
    const checkout = checkoutOfAddress(path, params);
    // A receipt's page, or the page a bank or 3DS challenge returns to, shows the payment's receipt first.
    const receiptOf = receiptOfAddress(path, params);
    const [version, receipt, target, ...security] = await Promise.all([
      fixedAnswer(CATALOG_VERSION_CALL, lang),
      receiptOf === null ? null : answer(receiptCall(receiptOf), lang),
      checkout ? answer(checkoutTargetCall(checkout.type, checkout.code), lang) : null,
      // The checkout's captcha and fingerprint keys (SPEC 7 system config).
      ...(checkout ? SECURITY_CONFIG_CALLS.map((call) => fixedAnswer(call, lang)) : []),
    ]);
    const answers = [version, receipt, target, ...security];
    // A receipt wears its merchant's brand colour, as the checkout did: the page carries its palette.
    let brandColour = receiptOf === null || checkout ? undefined : receiptBrandColourOf(receipt);
    if (checkout && target?.code === 200) {
      let calls: ApiCall[] = [];
      let waiting: ApiCall[] = [];
      try {
        const info = checkoutTargetInfo(checkout.type, target.data);
        calls = merchantCalls(checkout.type, info);
        // Payments of this shop the loader remembers on other links, and this link's own wait by the
        // server's record: the checkout asks before its first screen, which the page then carries rendered.
        waiting = waitingCalls(params, info);
      } catch {
        calls = [];
      }
      const merchantAnswers = await Promise.all([...calls, ...waiting].map((call) => answer(call, lang)));
      answers.push(...merchantAnswers);
      brandColour = brandColourOf(merchantAnswers[0]);
    }
    return { answers: answers.filter((a): a is PrimedAnswer => a !== null), lang, brandColour, receipt: receipt ?? undefined };
  };
}

/** The merchant's stored brand colour, from its answer (merchantCalls' first); undefined without one. */
function brandColourOf(merchant: PrimedAnswer | null | undefined): string | undefined {
  if (merchant?.code !== 200) return undefined;
  try {
    return parseMerchant(merchant.data, '').brand.colorPrimary;
  } catch {
    return undefined;
  }
}

/** The stored brand colour of the merchant a receipt's answer names; undefined without one. */
function receiptBrandColourOf(receipt: PrimedAnswer | null): string | undefined {
  if (receipt?.code !== 200) return undefined;
  const parsed = v.safeParse(ReceiptSchema, receipt.data);
  return parsed.success ? (parsed.output.merchant?.brand?.colorPrimary ?? undefined) : undefined;
}

/** The catalog's API address, as the widget's client asks for it (core catalogCall). */
export function catalogUrl(lang: Language): string {
  const call = catalogCall(lang);
  return `/api/v1/${call.path}?${new URLSearchParams(Object.entries(call.query).map(([k, value]) => [k, String(value)])).toString()}`;
}
