import * as v from 'valibot';
import { FINGERPRINT_INTEGRATION_TYPE } from './constants';

export interface PaymentSecurity {
  deviceFingerprint: string;
  fingerprintRequestId: string;
  /** The server verifies it again. */
  captchaToken: string | null;
  scoreCaptcha: number;
}

const FingerprintIdSchema = v.pipe(v.string('missing_arguments'), v.regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'invalid_fingerprint'));
const CaptchaTokenSchema = v.pipe(v.string('missing_arguments'), v.minLength(1, 'error_captcha'), v.maxLength(4096, 'error_captcha'));
const ScoreSchema = v.pipe(v.number('missing_arguments'), v.minValue(0, 'invalid_score_captcha'), v.maxValue(1, 'invalid_score_captcha'));

export const PaymentSecurityEntries = {
  deviceInformation: v.optional(v.object({ deviceFingerprint: FingerprintIdSchema }, 'missing_arguments')),
  pfFingerprint: v.optional(FingerprintIdSchema),
  pfFingerprintIntegration: v.optional(v.literal(FINGERPRINT_INTEGRATION_TYPE, 'missing_arguments')),
  captchaToken: v.optional(CaptchaTokenSchema),
  scoreCaptcha: v.optional(ScoreSchema),
};

export function fingerprintFields(security: Pick<PaymentSecurity, 'deviceFingerprint' | 'fingerprintRequestId'>) {
  return {
    deviceInformation: { deviceFingerprint: security.deviceFingerprint },
    pfFingerprint: security.fingerprintRequestId,
    pfFingerprintIntegration: FINGERPRINT_INTEGRATION_TYPE,
  };
}

export function securityFields(security: PaymentSecurity) {
  return {
    ...fingerprintFields(security),
    ...(security.captchaToken ? { captchaToken: security.captchaToken } : {}),
    scoreCaptcha: security.scoreCaptcha,
  };
}
