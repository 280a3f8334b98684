import { CardAuthResponseSchema, type CardPaymentPayload, type Language } from '@pasarela/core';
import type { ApiClient } from './client';

/** POST subscription payment (SPEC 7: "requestPay with card info, activateSubscription{...}"): the card answer. */
export function paySubscription(api: ApiClient, subscriptionKey: string, payload: CardPaymentPayload, lang: Language) {
  return api.post(`subscriptions/${encodeURIComponent(subscriptionKey)}/pay`, CardAuthResponseSchema, {
    cardInformation: payload.cardInformation,
    email: payload.email,
    trackId: payload.additionalData.trackId,
    lang,
    // The device's fingerprint ids and the captcha, as every payment carries them.
    ...(payload.deviceInformation ? { deviceInformation: payload.deviceInformation } : {}),
    ...(payload.pfFingerprint ? { pfFingerprint: payload.pfFingerprint, pfFingerprintIntegration: payload.pfFingerprintIntegration } : {}),
    ...(payload.additionalData.captchaToken ? { captchaToken: payload.additionalData.captchaToken } : {}),
    ...(payload.additionalData.scoreCaptcha !== undefined ? { scoreCaptcha: payload.additionalData.scoreCaptcha } : {}),
  });
}
