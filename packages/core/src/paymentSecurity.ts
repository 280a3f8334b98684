import * as v from 'valibot';
import { FINGERPRINT_INTEGRATION_TYPE } from './constants';

// SPEC 3 card payload "additionalData (... scoreCaptcha), deviceInformation (deviceFingerprint),
// pfFingerprint, pfFingerprintIntegration"; SPEC 7 pay-cash "deviceInformation.deviceFingerprint,
// pfFingerprint"; SPEC 3 config area "captcha, fingerprint session and request ids"; SPEC 9
// "Fingerprint integration type FINGER_PRINT".

/** What the widget's captcha and fingerprint give one payment attempt. */
export interface PaymentSecurity {
  /** The device's fingerprint (the provider's visitor or session id). */
  deviceFingerprint: string;
  /** The provider's id of this identification request. */
  fingerprintRequestId: string;
  /** The captcha provider's token, which the server verifies again; null where SPEC 4 accepts without one. */
  captchaToken: string | null;
  /** SPEC 4 "a valid score enables the payment": the score the widget accepted. */
  scoreCaptcha: number;
}

/** A fingerprint id as providers write them: letters, digits and a few separators. */
const FingerprintIdSchema = v.pipe(v.string('missing_arguments'), v.regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'invalid_fingerprint'));
const CaptchaTokenSchema = v.pipe(v.string('missing_arguments'), v.minLength(1, 'error_captcha'), v.maxLength(4096, 'error_captcha'));
const ScoreSchema = v.pipe(v.number('missing_arguments'), v.minValue(0, 'invalid_score_captcha'), v.maxValue(1, 'invalid_score_captcha'));

/** The fields every payment body may carry about its device and captcha (valibot object entries). */
export const PaymentSecurityEntries = {
  deviceInformation: v.optional(v.object({ deviceFingerprint: FingerprintIdSchema }, 'missing_arguments')),
  pfFingerprint: v.optional(FingerprintIdSchema),
  pfFingerprintIntegration: v.optional(v.literal(FINGERPRINT_INTEGRATION_TYPE, 'missing_arguments')),
  captchaToken: v.optional(CaptchaTokenSchema),
  scoreCaptcha: v.optional(ScoreSchema),
};

/** The fingerprint fields of a payment body: the device, this request, the integration type. */
export function fingerprintFields(security: Pick<PaymentSecurity, 'deviceFingerprint' | 'fingerprintRequestId'>) {
  return {
    deviceInformation: { deviceFingerprint: security.deviceFingerprint },
    pfFingerprint: security.fingerprintRequestId,
    pfFingerprintIntegration: FINGERPRINT_INTEGRATION_TYPE,
  };
}

/** A non-card method's body additions: the fingerprint fields, the captcha token and its score. */
export function securityFields(security: PaymentSecurity) {
  return {
    ...fingerprintFields(security),
    ...(security.captchaToken ? { captchaToken: security.captchaToken } : {}),
    scoreCaptcha: security.scoreCaptcha,
  };
}
