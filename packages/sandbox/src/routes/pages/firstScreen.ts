import {
  CATALOG_VERSION_CALL, EnvelopeSchema, acceptLanguageTags, apiCallKey, catalogCall, checkoutEntry, checkoutTargetCall,
  checkoutTargetInfo, isSlug, merchantCalls, parseMerchant, waitingCalls, pickLanguage, readEnvelopeData, receiptCall, receiptOfAddress, ReceiptSchema, SECURITY_CONFIG_CALLS, SEGMENT,
  type ApiCall, type CheckoutType, type Language, type PrimedAnswer,
} from '@pasarela/core';
import * as v from 'valibot';
import { catalogFingerprint } from '../catalogFingerprint';

// The widget page answers its first screen's API calls ahead, so the form needs no round trip after
// its script; the API itself answers in-process with the widget's key, so every check is the API's.

export type InProcessRequest = (url: string, init: RequestInit) => Response | Promise<Response>;

export interface FirstScreen {
  answers: PrimedAnswer[];
  lang: Language;
  /** The page carries its palette (pagePalette.ts). */
  brandColour?: string | undefined;
  /** On a receipt or bank return address (core receiptOfAddress); also among `answers`. */
  receipt?: PrimedAnswer | undefined;
}

/** SPEC 2, as the widget's route table reads it; null for any other page. */
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

export function firstScreenAnswers(request: InProcessRequest, options: { clientKey: string }) {
  const fixedAnswers = new Map<string, PrimedAnswer>();

  /** Fixed for the process (catalog version, captcha and fingerprint keys): asked once per language, so four calls instead of seven. */
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
      return null;
    }
  }

  return async (path: string, params: URLSearchParams, acceptLanguage: string | undefined): Promise<FirstScreen> => {
    const lang = pickLanguage(params.get('lang'), acceptLanguageTags(acceptLanguage));
    const checkout = checkoutOfAddress(path, params);
    const receiptOf = receiptOfAddress(path, params);
    const [version, receipt, target, ...security] = await Promise.all([
      fixedAnswer(CATALOG_VERSION_CALL, lang),
      receiptOf === null ? null : answer(receiptCall(receiptOf), lang),
      checkout ? answer(checkoutTargetCall(checkout.type, checkout.code), lang) : null,
      ...(checkout ? SECURITY_CONFIG_CALLS.map((call) => fixedAnswer(call, lang)) : []),
    ]);
    const answers = [version, receipt, target, ...security];
    let brandColour = receiptOf === null || checkout ? undefined : receiptBrandColourOf(receipt);
    if (checkout && target?.code === 200) {
      let calls: ApiCall[] = [];
      let waiting: ApiCall[] = [];
      try {
        const info = checkoutTargetInfo(checkout.type, target.data);
        calls = merchantCalls(checkout.type, info);
        // Payments of this shop the loader remembers, and this link's own wait.
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

function brandColourOf(merchant: PrimedAnswer | null | undefined): string | undefined {
  if (merchant?.code !== 200) return undefined;
  try {
    return parseMerchant(merchant.data, '').brand.colorPrimary;
  } catch {
    return undefined;
  }
}

function receiptBrandColourOf(receipt: PrimedAnswer | null): string | undefined {
  if (receipt?.code !== 200) return undefined;
  const parsed = v.safeParse(ReceiptSchema, receipt.data);
  return parsed.success ? (parsed.output.merchant?.brand?.colorPrimary ?? undefined) : undefined;
}

/** With the catalogue's fingerprint: the address the widget page names and the widget asks for, cached for good. */
export function catalogUrl(lang: Language): string {
  const call = catalogCall(lang);
  const query = { ...call.query, v: catalogFingerprint(lang) };
  return `/api/v1/${call.path}?${new URLSearchParams(Object.entries(query).map(([k, value]) => [k, String(value)])).toString()}`;
}
