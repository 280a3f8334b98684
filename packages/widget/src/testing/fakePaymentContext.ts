import * as v from 'valibot';
import {
  paymentMethodAvailability, parseMerchant, parsePaymentInfo, PasarelaError, PaymentMethodsResponseSchema, RawMerchantSchema, RawPaymentInfoSchema,
  type PaymentMethodId, type PayerMessage,
} from '@pasarela/core';
import type { ApiClient } from '../api/client';
import type { CheckoutData } from '../payments/checkoutData';
import { readConfig } from '../services/config';
import { createPaymentContext, type ChallengeAnswer, type PaymentContext } from '../payments/paymentContext';
import type { PaymentSecurity } from '@pasarela/core';
import { fakeServices } from './fakeServices';

export function checkoutData(): CheckoutData {
  const info = parsePaymentInfo(v.parse(RawPaymentInfoSchema, {
    idMerchant: 7, code: 'LINK1', description: 'Café con leche', amount: 25, discount: 0, type: 'LK', email: 'ana@example.com',
    othersValues: {}, taxAmount: 1.75, serviceCode: 'LK', transactionsType: 'AUTH_CAPTURE', lang: 'es',
    returnUrlString: '', additionalParamsUrlString: '', customFieldValues: [], additionalData: {}, txChannel: 'PWW', idSubscription: null,
  }));
  const merchant = parseMerchant(
    v.parse(RawMerchantSchema, { idMerchant: 7, merchantName: 'Tienda Ñandú', webCode: 'CCLW7', logo: '', customFields: '', hasPaymentGuest: true, txLimit: 0 }),
    '',
  );
  const entries = v.parse(PaymentMethodsResponseSchema, {
    paymentMethods: ['card', 'nequi', 'yappy', 'clave'].map((method, i) => ({ method, linkType: 'LK', gatewayCode: method === 'clave' ? 'CLAVE' : 'LK', idMerchantService: i + 1, txLimit: 0 })),
  }).paymentMethods;
  return { info, merchant, methods: paymentMethodAvailability(entries, info.serviceCode, info.cardTypeList) };
}

export type Answer = unknown | PasarelaError | ((body: unknown) => unknown);

export function scriptedApi(answers: Record<string, Answer | Answer[]>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const answer = async <S extends v.GenericSchema>(method: string, path: string, schema: S, body?: unknown): Promise<v.InferOutput<S>> => {
    calls.push({ method, path, body });
    const scripted = answers[path];
    // A list answers in turn and repeats its last entry.
    const next = Array.isArray(scripted) ? (scripted.length > 1 ? scripted.shift() : scripted[0]) : scripted;
    if (next instanceof PasarelaError) throw next;
    if (next === undefined) throw new PasarelaError({ code: 'error_to_load', category: 'api', status: 404 });
    // A promise answers when it settles (an answer still on its way).
    return v.parse(schema, await (typeof next === 'function' ? (next as (b: unknown) => unknown)(body) : next));
  };
  const api: ApiClient = {
    get: (path, schema, query) => answer('get', path, schema, query),
    post: (path, schema, body) => answer('post', path, schema, body),
    put: (path, schema, body) => answer('put', path, schema, body),
  };
  return { api, calls };
}

export const testSecurity = async (): Promise<PaymentSecurity> => ({ deviceFingerprint: 'fp_test_device', fingerprintRequestId: 'fp_test_request', captchaToken: null, scoreCaptcha: 1 });

export function fakePaymentContext(method: PaymentMethodId, api: ApiClient, options: { arrivalMessage?: PayerMessage | null; embedded?: boolean; challengeAnswer?: ChallengeAnswer | null; donation?: () => { amount: number; idCampaignBridge: number } | null } = {}) {
  const { services, messages, results, navigations, departures } = fakeServices(api, {
    config: readConfig(document),
    bridge: { embedded: options.embedded ?? true, notify: (m) => void messages.push(m), onCloseRequested: () => {} },
  });
  const real = createPaymentContext(method, checkoutData(), services, { arrivalMessage: options.arrivalMessage ?? null, challengeAnswer: options.challengeAnswer ?? null, setBusy: () => {}, security: testSecurity, donation: options.donation });
  // No push socket in unit tests: the watcher polls the scripted status call.
  const payment: PaymentContext = { ...real, pushUrl: () => '' };
  return { payment, services, messages, results, navigations, departures };
}
